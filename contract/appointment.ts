import { z } from 'zod';
import { strictObject, text, optionalText, phone, oneOf, int, instant } from './validation';
import { defineResource, filter } from './resource';
import { CUSTOMER_SOURCES } from './customer';
import { shanghaiDayOf } from './shanghaiTime';

export const APPOINTMENT_KINDS = ['new-customer', 'after-sale'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const APPOINTMENT_KIND_LABELS: Record<AppointmentKind, string> = { 'new-customer': '新客预约', 'after-sale': '售后补色' };

export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'arrived', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: '已预约',
  confirmed: '已确认',
  arrived: '已到店',
  completed: '已完成',
  cancelled: '已取消',
  'no-show': '爽约',
};

/** The statuses that hold an artist's time: two of them never overlap for one staff member. */
export const ACTIVE_APPOINTMENT_STATUSES = ['booked', 'confirmed', 'arrived'] as const satisfies readonly AppointmentStatus[];
/**
 * A visit the cashier can still check out: arrived, or completed with no order (or only cancelled
 * ones). Completing a visit before paying for it keeps it billable until an order is made for it.
 */
export const BILLABLE_APPOINTMENT_STATUSES = ['arrived', 'completed'] as const satisfies readonly AppointmentStatus[];
/** Only these may be moved, re-assigned or edited (PATCH). */
export const EDITABLE_APPOINTMENT_STATUSES = ['booked', 'confirmed'] as const satisfies readonly AppointmentStatus[];

export const APPOINTMENT_ACTIONS = ['confirm', 'arrive', 'complete', 'no-show', 'cancel'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/**
 * The state machine, once: each action, the statuses it may start from and where it leads. The server
 * answers 409 for any other change; the console offers only the actions the row's status allows.
 */
export const APPOINTMENT_TRANSITIONS: Readonly<
  Record<AppointmentAction, { from: readonly AppointmentStatus[]; to: AppointmentStatus; needsReason?: true; onlyAfterStart?: true }>
> = {
  confirm: { from: ['booked'], to: 'confirmed' },
  arrive: { from: ['confirmed'], to: 'arrived' },
  complete: { from: ['arrived'], to: 'completed' },
  cancel: { from: ['booked', 'confirmed'], to: 'cancelled', needsReason: true },
  'no-show': { from: ['booked', 'confirmed'], to: 'no-show', onlyAfterStart: true },
};

export const APPOINTMENT_ACTION_LABELS: Record<AppointmentAction, string> = {
  confirm: '确认',
  arrive: '到店',
  complete: '完成',
  'no-show': '爽约',
  cancel: '取消',
};

/** The actions a row in this status allows (no-show also waits for the start time). */
export function allowedAppointmentActions(status: AppointmentStatus, startAt?: string, now = Date.now()): AppointmentAction[] {
  return APPOINTMENT_ACTIONS.filter((a) => {
    const t = APPOINTMENT_TRANSITIONS[a];
    return t.from.includes(status) && (!t.onlyAfterStart || startAt === undefined || Date.parse(startAt) <= now);
  });
}

export function isAppointmentAction(name: string): name is AppointmentAction {
  return (APPOINTMENT_ACTIONS as readonly string[]).includes(name);
}

/**
 * Marking a visit arrived this long before its start asks the manager to confirm (the customer may be
 * early, or the wrong booking was clicked); on another day than the booking's it is refused.
 */
export const EARLY_ARRIVAL_MINUTES = 120;

/** Whether a visit may be marked arrived at `now`: only on its own day (Asia/Shanghai). */
export function arrivesOnItsDay(startAt: string, now = Date.now()): boolean {
  return shanghaiDayOf(Date.parse(startAt)) === shanghaiDayOf(now);
}

/** Booking grid and limits. */
export const SLOT_MINUTES = 15;
/** A walk-in may be booked up to this long after its start. */
export const WALK_IN_GRACE_MINUTES = 15;
/** GET appointments with from/to at most this far apart may ask for up to MAX_CALENDAR_PAGE rows. */
export const MAX_CALENDAR_RANGE_DAYS = 31;
export const MAX_CALENDAR_PAGE = 5000;
/** The longest booking; the database holds every row to it, so a calendar range is found by start time alone. */
export const MAX_APPOINTMENT_MINUTES = 720;

export const APPOINTMENT_FIELD_LABELS = {
  kind: '预约类型',
  customerId: '客户',
  customer: '新客户',
  customerName: '客户姓名',
  customerPhone: '客户手机号',
  programId: '服务项目',
  programName: '服务项目',
  staffId: '服务人员',
  staffName: '服务人员',
  startAt: '开始时间',
  endAt: '结束时间',
  durationMinutes: '时长（分钟）',
  status: '状态',
  note: '备注',
  entitlementId: '补色权益',
  overrideReason: '超期预约原因',
  cancelReason: '取消原因',
  reason: '取消原因',
  createdAt: '创建时间',
  updatedAt: '更新时间',
} as const;

const L = APPOINTMENT_FIELD_LABELS;
const id = (label: string) => int(label, 1, 2_147_483_647);

const appointmentFields = {
  kind: oneOf(L.kind, APPOINTMENT_KINDS),
  customerId: id(L.customerId),
  customer: strictObject({
    name: text(L.customerName, { max: 30 }),
    phone: phone(L.customerPhone),
    source: oneOf('客户来源', CUSTOMER_SOURCES).default('walk-in'),
  }),
  programId: id(L.programId),
  // null: "any artist", left unassigned until someone takes it.
  staffId: id(L.staffId).nullable(),
  startAt: instant(L.startAt),
  durationMinutes: int(L.durationMinutes, SLOT_MINUTES, MAX_APPOINTMENT_MINUTES).refine(
    (m) => m % 5 === 0,
    `${L.durationMinutes}必须是 5 的倍数`,
  ),
  note: optionalText(L.note, 500),
  entitlementId: id(L.entitlementId),
  overrideReason: optionalText(L.overrideReason, 200),
};

/**
 * POST appointments: an existing customer (customerId) or a new one (customer: name, phone, source),
 * never both. An after-sale booking names the entitlement; its customer and program are the entitlement's.
 */
export const appointmentCreateSchema = strictObject({
  kind: appointmentFields.kind.default('new-customer'),
  customerId: appointmentFields.customerId.optional(),
  customer: appointmentFields.customer.optional(),
  programId: appointmentFields.programId.optional(),
  staffId: appointmentFields.staffId.default(null),
  startAt: appointmentFields.startAt,
  durationMinutes: appointmentFields.durationMinutes.optional(),
  note: appointmentFields.note.default(''),
  entitlementId: appointmentFields.entitlementId.optional(),
  overrideReason: appointmentFields.overrideReason.default(''),
}).superRefine((v, ctx) => {
  if (v.customerId !== undefined && v.customer !== undefined)
    ctx.addIssue({ code: 'custom', path: ['customer'], message: '已选客户时不能再填写新客户' });
  if (v.kind === 'new-customer' && v.customerId === undefined && v.customer === undefined)
    ctx.addIssue({ code: 'custom', path: ['customerId'], message: `请选择${L.customerId}或填写新客户` });
  // A touch-up belongs to the entitlement's customer, who exists already.
  if (v.kind === 'after-sale' && v.customer !== undefined)
    ctx.addIssue({ code: 'custom', path: ['customer'], message: '售后补色预约不能新建客户' });
  if (v.kind === 'after-sale' && v.entitlementId === undefined)
    ctx.addIssue({ code: 'custom', path: ['entitlementId'], message: `请选择${L.entitlementId}` });
  if (v.kind === 'new-customer' && v.entitlementId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['entitlementId'], message: `新客预约不能使用${L.entitlementId}` });
  if (v.kind === 'new-customer' && v.programId === undefined)
    ctx.addIssue({ code: 'custom', path: ['programId'], message: `请选择${L.programId}` });
});

/** PATCH appointments/:id: move, stretch, re-assign, change the program or note (only while booked or confirmed). */
export const appointmentUpdateSchema = strictObject({
  startAt: appointmentFields.startAt,
  durationMinutes: appointmentFields.durationMinutes,
  staffId: appointmentFields.staffId,
  programId: appointmentFields.programId,
  note: appointmentFields.note,
  overrideReason: appointmentFields.overrideReason,
}).partial();

/** POST appointments/:id/cancel. */
export const appointmentCancelSchema = strictObject({ reason: text(L.reason, { max: 200 }) });
/** The other actions take no body. */
export const appointmentActionSchema = strictObject({});

export type AppointmentInput = z.input<typeof appointmentCreateSchema>;
export type AppointmentChanges = z.input<typeof appointmentUpdateSchema>;

/** An appointment as lists and GET /:id answer it: `customerPhone` is masked (138****0002). */
export const appointmentRowSchema = z.object({
  id: z.number(),
  shopId: z.number(),
  kind: z.enum(APPOINTMENT_KINDS),
  customerId: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  programId: z.number(),
  programName: z.string(),
  staffId: z.number().nullable(),
  staffName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  durationMinutes: z.number(),
  status: z.enum(APPOINTMENT_STATUSES),
  note: z.string(),
  entitlementId: z.number().nullable(),
  overrideReason: z.string(),
  cancelReason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentRowSchema>;

/**
 * GET appointments' `_view`: without it a list answers rows of every field above; `_view=calendar`
 * answers what the booking board draws of the same page (customer, program, artist, time, status) by
 * column: the i-th entry of each array belongs to the page's i-th booking, in the list's order. The
 * start is epoch milliseconds and the end is start + durationMinutes (every write sets endAt so).
 * PostgreSQL writes this answer and the server passes it on as it is: a week of 3,000 bookings as
 * row objects cost the server more CPU than the whole request may (bench/README.md, "booking
 * calendar"). The drawer reads the rest with GET appointments/:id.
 */
export const APPOINTMENT_LIST_VIEWS = ['calendar'] as const;
export type AppointmentListView = (typeof APPOINTMENT_LIST_VIEWS)[number];
export const appointmentCalendarSchema = z.object({
  id: z.array(z.number()),
  staffId: z.array(z.number().nullable()),
  start: z.array(z.number()),
  durationMinutes: z.array(z.number()),
  status: z.array(z.enum(APPOINTMENT_STATUSES)),
  customerName: z.array(z.string()),
  programName: z.array(z.string()),
  staffName: z.array(z.string()),
});
export type AppointmentCalendar = z.infer<typeof appointmentCalendarSchema>;
/** One booking of a calendar answer. */
export type AppointmentCalendarRow = { [K in keyof AppointmentCalendar]: AppointmentCalendar[K][number] };

/** The bookings of a calendar answer, one object each. */
export function calendarRows(page: AppointmentCalendar): AppointmentCalendarRow[] {
  return page.id.map((id, i) => ({
    id,
    staffId: page.staffId[i],
    start: page.start[i],
    durationMinutes: page.durationMinutes[i],
    status: page.status[i],
    customerName: page.customerName[i],
    programName: page.programName[i],
    staffName: page.staffName[i],
  }));
}

/** The calendar answer of these list rows (the mock engine answers _view=calendar with it). */
export function calendarOf(rows: Appointment[]): AppointmentCalendar {
  return {
    id: rows.map((r) => r.id),
    staffId: rows.map((r) => r.staffId),
    start: rows.map((r) => Date.parse(r.startAt)),
    durationMinutes: rows.map((r) => r.durationMinutes),
    status: rows.map((r) => r.status),
    customerName: rows.map((r) => r.customerName),
    programName: rows.map((r) => r.programName),
    staffName: rows.map((r) => r.staffName),
  };
}

export const APPOINTMENT_EVENT_ACTIONS = ['book', 'update', ...APPOINTMENT_ACTIONS] as const;
export type AppointmentEventAction = (typeof APPOINTMENT_EVENT_ACTIONS)[number];
export const APPOINTMENT_EVENT_LABELS: Record<AppointmentEventAction, string> = {
  book: '预约',
  update: '修改',
  ...APPOINTMENT_ACTION_LABELS,
};

/** One line of an appointment's history: who did what, when. */
export const appointmentEventSchema = z.object({
  id: z.number(),
  action: z.enum(APPOINTMENT_EVENT_ACTIONS),
  fromStatus: z.enum(APPOINTMENT_STATUSES).nullable(),
  toStatus: z.enum(APPOINTMENT_STATUSES),
  summary: z.string(),
  accountId: z.number().nullable(),
  accountName: z.string(),
  createdAt: z.string(),
});
export type AppointmentEvent = z.infer<typeof appointmentEventSchema>;

/** GET appointments/:id: the row with its history, oldest first, and whether the cashier can still check it out. */
export const appointmentDetailSchema = appointmentRowSchema.extend({ history: z.array(appointmentEventSchema), billable: z.boolean() });
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

export const appointmentResource = defineResource({
  name: 'appointments',
  // Managers run their shop's calendar; admin and finance may read every shop's but change nothing.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  actions: {
    confirm: ['shop-manager'],
    arrive: ['shop-manager'],
    complete: ['shop-manager'],
    'no-show': ['shop-manager'],
    cancel: ['shop-manager'],
  },
  shopScoped: true,
  schemas: { row: appointmentRowSchema, create: appointmentCreateSchema, update: appointmentUpdateSchema },
  filters: {
    // The calendar's range: rows overlapping [from, to), at most 31 days apart.
    from: filter.instant,
    to: filter.instant,
    id: filter.int,
    shopId: filter.int,
    kind: filter.oneOf(APPOINTMENT_KINDS),
    customerId: filter.int,
    programId: filter.int,
    staffId: filter.int,
    status: filter.oneOf(APPOINTMENT_STATUSES),
    entitlementId: filter.int,
    // true: arrived, or completed without a live order (BILLABLE_APPOINTMENT_STATUSES); false: the others.
    billable: filter.bool,
    startAt: filter.instant,
    endAt: filter.instant,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'startAt', 'endAt', 'status', 'staffId', 'createdAt', 'updatedAt'],
  search: '客户姓名或手机尾号四位',
  missing: '预约不存在',
  labels: 'appointment',
});
