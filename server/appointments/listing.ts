import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { and, asc, count, eq, gt, gte, ilike, lt, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { appointmentEvents, appointments, customers, orders, programs, touchUpEntitlements } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { escapeLike, listQuery, listSpec, type Bind, type CustomFilter, type ListCondition } from '../db/list/listQuery';
import { listRequestSchema, MAX_PAGE_SIZE, type ListRequest } from '../http/listRequest';
import { isInstant, type FilterValue } from '../db/list/filterValues';
import { placeholders, preparedList } from '../db/list/preparedList';
import { byShop, listStatements, serverResource } from '../http/resource';
import { invalid, notFound } from '../http/errors';
import { PHONE_RE } from '../../contract/validation';
import { maskPhone } from '../../contract/mask';
import { ErrorCode, TOTAL_COUNT_HEADER } from '../../contract/envelope';
import {
  APPOINTMENT_LIST_VIEWS,
  appointmentResource,
  MAX_APPOINTMENT_MINUTES,
  MAX_CALENDAR_PAGE,
  MAX_CALENDAR_RANGE_DAYS,
  type AppointmentCalendar,
  type AppointmentDetail,
  type AppointmentEvent,
  type AppointmentListView,
} from '../../contract/appointment';
import {
  entitlementResource,
  entitlementStatusAt,
  type Entitlement,
  type EntitlementStatus,
  type StoredEntitlementStatus,
} from '../../contract/entitlement';
import { appointmentView, APPOINTMENT_MISSING } from './booking';
import { visibleTo } from '../auth/actor';

/** q: a full mobile number, its last four digits, or part of the customer's name. */
export function searchBy(name: AnyColumn, phone: AnyColumn) {
  return (q: string, bind: Bind): ListCondition => {
    if (PHONE_RE.test(q)) return { shape: 'phone', where: eq(phone, bind(q)) };
    if (/^\d{4}$/.test(q)) return { shape: 'last4', where: sql`right(${phone}, 4) = ${bind(q)}` };
    return { shape: 'name', where: ilike(name, bind(`%${escapeLike(q)}%`)) };
  };
}

const instantOf = (values: FilterValue[]) => (values.length === 1 && isInstant(values[0]) ? Date.parse(values[0].at) : undefined);

/** The calendar's range of a request, when it names one: from and to as epoch milliseconds. */
function rangeOf(filters: ListRequest['filters']): { from?: number; to?: number } {
  const value = (field: string) => {
    const f = filters.find((x) => x.field === field);
    return f ? instantOf(f.values) : undefined;
  };
  return { from: value('from'), to: value('to') };
}

const RANGE_TOO_LONG = `时间范围最多 ${MAX_CALENDAR_RANGE_DAYS} 天`;
const TO_BEFORE_FROM = '结束时间 to 须晚于开始时间 from';

/**
 * from: rows ending after it (a calendar day means its start in Asia/Shanghai). No row lasts longer
 * than MAX_APPOINTMENT_MINUTES (a check constraint), so such a row also starts after from less that:
 * the bound the (shop_id, start_at) index can seek to, instead of reading all of the shop's earlier rows.
 */
const fromFilter: CustomFilter = {
  where: (values, bind) => {
    const from = instantOf(values);
    if (from === undefined) return undefined;
    const earliestStart = new Date(from - MAX_APPOINTMENT_MINUTES * 60_000).toISOString();
    return {
      shape: 'from',
      where: and(gt(appointments.endAt, bind(new Date(from).toISOString())), gt(appointments.startAt, bind(earliestStart)))!,
    };
  },
};

/** to: rows starting before it; with from, the range is checked here, where both are read. */
const toFilter: CustomFilter = {
  where: (values, bind, request) => {
    const to = instantOf(values);
    if (to === undefined) return undefined;
    const { from } = rangeOf(request.filters);
    if (from !== undefined && to <= from) throw invalid(TO_BEFORE_FROM, [{ field: 'to', message: TO_BEFORE_FROM }]);
    if (from !== undefined && to - from > MAX_CALENDAR_RANGE_DAYS * 86_400_000)
      throw invalid(RANGE_TOO_LONG, [{ field: 'to', message: RANGE_TOO_LONG }]);
    return { shape: 'to', where: lt(appointments.startAt, bind(new Date(to).toISOString())) };
  },
};

/** Whether an order other than a cancelled one checks this appointment out. */
const hasLiveOrder = sql`exists (select 1 from ${orders} where ${orders.appointmentId} = ${appointments.id} and ${orders.status} <> 'cancelled')`;

/** The visits the cashier can still check out: arrived, or completed with no live order. */
export const isBillable = or(eq(appointments.status, 'arrived'), and(eq(appointments.status, 'completed'), not(hasLiveOrder)))!;

/** billable=true|false (contract/appointment.ts). */
const billableFilter: CustomFilter = {
  where: ([billable]) => (billable ? { shape: 'billable', where: isBillable } : { shape: 'not-billable', where: not(isBillable) }),
};

/**
 * GET appointments: rows overlapping [from, to); with both, at most 31 days apart, a page may hold up
 * to 5,000 rows, so a calendar reads its week in one call.
 */
export const appointmentList = serverResource({
  descriptor: appointmentResource,
  table: appointments,
  entity: 'appointment',
  shopColumn: appointments.shopId,
  columns: {
    from: fromFilter,
    to: toFilter,
    id: appointments.id,
    shopId: appointments.shopId,
    kind: appointments.kind,
    customerId: appointments.customerId,
    programId: appointments.programId,
    staffId: appointments.staffId,
    status: appointments.status,
    entitlementId: appointments.entitlementId,
    billable: billableFilter,
    startAt: appointments.startAt,
    endAt: appointments.endAt,
    createdAt: appointments.createdAt,
    updatedAt: appointments.updatedAt,
  },
  idColumn: appointments.id,
  // The calendar reads a day or a week in time order.
  defaultSort: [asc(appointments.startAt)],
  search: searchBy(appointments.customerName, appointments.customerPhone),
  maxPageSize: (filters) => {
    const { from, to } = rangeOf(filters);
    return from !== undefined && to !== undefined && to - from <= MAX_CALENDAR_RANGE_DAYS * 86_400_000 ? MAX_CALENDAR_PAGE : MAX_PAGE_SIZE;
  },
});

/** The statements of one page of GET appointments, unexecuted (a bench can run the same SQL). */
export function appointmentListStatements(db: Db, session: SessionContext, request: ListRequest) {
  return listStatements(db, appointmentList, session, request);
}

const VIEW_MESSAGE = `_view 只能是 ${APPOINTMENT_LIST_VIEWS.join('、')}`;

/**
 * The query string of GET appointments: the list's parameters, and `_view`, which picks the fields a
 * row answers (contract/appointment.ts). The list's own schema, with `_view` beside its keys, checks
 * names and kinds; then the list's parameters are read as every list reads them.
 */
export const appointmentListQuery = appointmentList.listQuery.in
  .extend({ _view: z.enum(APPOINTMENT_LIST_VIEWS, { error: VIEW_MESSAGE }).optional() })
  .transform((query, ctx): ListRequest & { view?: AppointmentListView } => {
    const { _view, ...rest } = query;
    const list = appointmentList.listQuery.safeParse(rest);
    // _view has been checked above; the list schema types every key alike.
    if (list.success) return { ...list.data, view: _view as AppointmentListView | undefined };
    for (const issue of list.error.issues) ctx.addIssue({ ...issue, input: undefined } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });

/**
 * The calendar answer's columns as the page reads them: the start as epoch milliseconds (date_part's
 * double is exact to the millisecond these instants hold), the rest as stored.
 */
const calendarColumns = {
  id: appointments.id,
  staffId: appointments.staffId,
  start: sql<number>`(date_part('epoch', ${appointments.startAt}) * 1000)::bigint`.as('start'),
  durationMinutes: appointments.durationMinutes,
  status: appointments.status,
  customerName: appointments.customerName,
  programName: appointments.programName,
  staffName: appointments.staffName,
} satisfies Record<keyof AppointmentCalendar, AnyColumn | SQL.Aliased>;

/**
 * The statements of a page of GET appointments?_view=calendar, unexecuted: the same rows in the same
 * order as the full list, answered by PostgreSQL as one JSON text of arrays (contract/appointment.ts)
 * with the page's row count; and the count, run only when the page cannot tell the total. The
 * arrays are aggregated in the page's order: aggregates over a sorted subquery with no join read it
 * in that order, and an ORDER BY in each aggregate would sort the page once per column on
 * PostgreSQL 15.
 */
export function appointmentCalendarStatements(db: Db, session: SessionContext, request: ListRequest) {
  const { bind, values } = placeholders();
  const scope = appointmentList.scope?.(session, bind);
  const list = listQuery(request, appointmentList.list, bind);
  values.limit = list.limit;
  values.offset = list.offset;
  const where = and(scope, list.where);
  const shape = ['appointment-calendar', scope ? 'scoped' : 'all', list.shape].join('|');
  const statements = preparedList<{ calendar: string; rows: number }>(db, shape, (names) => {
    const page = db
      .select(calendarColumns)
      .from(appointments)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    // Our own keys, written into the SQL text; an empty page has empty arrays.
    const arrays = sql.join(
      Object.keys(calendarColumns).map(
        (key) => sql`${sql.raw(`'${key}'`)}, coalesce(array_agg(${page[key as keyof typeof calendarColumns]}), '{}')`,
      ),
      sql`, `,
    );
    return {
      rows: db
        .select({ calendar: sql<string>`json_build_object(${arrays})::text`.as('calendar'), rows: sql<number>`count(*)::int`.as('rows') })
        .from(page)
        .prepare(names.rows),
      total: db.select({ total: count() }).from(appointments).where(where).prepare(names.total),
    };
  });
  return {
    ...statements,
    values,
    offset: list.offset,
    limit: list.limit,
    /** What the page answers depends on: the statement's shape and every value bound to it. */
    key: `${shape}\u0000${JSON.stringify(values)}`,
    /** The shop whose bookings the page reads (a manager's), or null for every shop. */
    shopId: appointmentList.scopeValue?.(session) ?? null,
  };
}

/** The envelope ok(data) around data PostgreSQL has written as JSON. */
const okAround = (json: string) => `{"code":${ErrorCode.OK},"msg":"ok","data":${json}}`;

/** A calendar page as it is sent: the whole answer's bytes and the total for its header. */
export interface CalendarPage {
  body: Buffer;
  total: number;
}

/**
 * Reads a calendar page: PostgreSQL's JSON text passed on untouched, inside the envelope, as bytes
 * (encoded once; the length needs no second pass over the text). A page that is neither empty nor
 * full tells its total itself (a week read in one page always does), so only those count separately.
 */
export async function readCalendarPage(statements: ReturnType<typeof appointmentCalendarStatements>): Promise<CalendarPage> {
  const [{ calendar, rows }] = await statements.rows.execute(statements.values);
  const total =
    rows > 0 && rows < statements.limit ? statements.offset + rows : (await statements.total.execute(statements.values))[0].total;
  return { body: Buffer.from(okAround(calendar)), total };
}

export function sendCalendarPage(reply: FastifyReply, page: CalendarPage): void {
  reply.header(TOTAL_COUNT_HEADER, String(page.total)).type('application/json; charset=utf-8').send(page.body);
}

/** GET appointments/:id: the row (another shop's is 404 to a manager) with its history, oldest first. */
export async function readAppointment(db: DbOrTx, session: SessionContext, id: number): Promise<AppointmentDetail> {
  const [found] = await db
    .select({ row: appointments, billable: sql<boolean>`${isBillable}` })
    .from(appointments)
    .where(eq(appointments.id, id));
  if (!found) throw notFound(APPOINTMENT_MISSING);
  const { row, billable } = found;
  visibleTo(session, row.shopId, APPOINTMENT_MISSING);
  const history = await db
    .select({
      id: appointmentEvents.id,
      action: appointmentEvents.action,
      fromStatus: appointmentEvents.fromStatus,
      toStatus: appointmentEvents.toStatus,
      summary: appointmentEvents.summary,
      accountId: appointmentEvents.accountId,
      accountName: appointmentEvents.accountName,
      createdAt: appointmentEvents.createdAt,
    })
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, id))
    .orderBy(appointmentEvents.id);
  return { ...appointmentView(row), history: history as AppointmentEvent[], billable };
}

/** status as the API names it: `expired` and `available` split the stored `available` by the window's end. */
const entitlementStatus: CustomFilter = {
  where: (values) => {
    const e = touchUpEntitlements;
    const one = (s: EntitlementStatus): SQL | undefined => {
      if (s === 'expired') return and(eq(e.status, 'available'), lt(e.validUntil, sql`now()`));
      if (s === 'available') return and(eq(e.status, 'available'), gte(e.validUntil, sql`now()`));
      return eq(e.status, s);
    };
    // Inline: the entitlement list is not a prepared statement.
    return { shape: values.join(','), where: or(...(values as EntitlementStatus[]).map(one)) };
  },
};

const entitlementSpec = listSpec({
  filters: entitlementResource.filters,
  sortable: entitlementResource.sortable,
  columns: {
    id: touchUpEntitlements.id,
    shopId: touchUpEntitlements.shopId,
    customerId: touchUpEntitlements.customerId,
    programId: touchUpEntitlements.programId,
    status: entitlementStatus,
    validFrom: touchUpEntitlements.validFrom,
    validUntil: touchUpEntitlements.validUntil,
    createdAt: touchUpEntitlements.createdAt,
  },
  idColumn: touchUpEntitlements.id,
  defaultSort: [asc(touchUpEntitlements.validUntil)],
  search: searchBy(customers.name, customers.phone),
});

/** The query string of GET entitlements. */
export const entitlementListQuery = listRequestSchema(entitlementSpec);

/**
 * One page of GET entitlements for a session with its total: the shop's (or, for admin and finance,
 * every shop's) touch-up entitlements with the customer and program, those expiring soonest first.
 */
export async function listEntitlements(
  db: Db,
  session: SessionContext,
  request: ListRequest,
): Promise<{ rows: Entitlement[]; total: number }> {
  const list = listQuery(request, entitlementSpec);
  const where = and(byShop(touchUpEntitlements.shopId)(session), list.where);
  const base = () =>
    db
      .select()
      .from(touchUpEntitlements)
      .innerJoin(customers, eq(customers.id, touchUpEntitlements.customerId))
      .innerJoin(programs, eq(programs.id, touchUpEntitlements.programId))
      .where(where);
  const [found, [{ total }]] = await Promise.all([
    base()
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(touchUpEntitlements)
      .innerJoin(customers, eq(customers.id, touchUpEntitlements.customerId))
      .where(where),
  ]);
  const now = Date.now();
  const rows = found.map(({ touch_up_entitlements: e, customers: c, programs: p }) => ({
    id: e.id,
    shopId: e.shopId,
    customerId: e.customerId,
    customerName: c.name,
    customerPhone: maskPhone(c.phone),
    programId: e.programId,
    programName: p.name,
    source: e.source as Entitlement['source'],
    validFrom: e.validFrom,
    validUntil: e.validUntil,
    status: entitlementStatusAt(e.status as StoredEntitlementStatus, e.validUntil, now),
    appointmentId: e.appointmentId,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  }));
  return { rows, total };
}
