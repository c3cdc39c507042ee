import type { FastifyReply } from 'fastify';
import pg, { type Pool } from 'pg';
import { z } from 'zod';
import { and, asc, count, eq, gt, gte, ilike, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { appointmentEvents, appointments, customers, programs, touchUpEntitlements } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { escapeLike, listQuery, listSpec, type Bind, type CustomFilter, type ListCondition } from '../db/list/listQuery';
import { listRequestSchema, MAX_PAGE_SIZE, type ListRequest } from '../db/list/listRequest';
import { isInstant, type FilterValue } from '../db/list/filterValues';
import { placeholders, preparedList, statementOf, type Prepared } from '../db/list/preparedList';
import { byShop, listStatements, serverResource } from '../http/resource';
import { ok } from '../http/reply';
import { invalid, notFound } from '../http/errors';
import { PHONE_RE } from '../../contract/validation';
import { maskPhone } from '../../contract/mask';
import { TOTAL_COUNT_HEADER } from '../../contract/envelope';
import {
  APPOINTMENT_LIST_VIEWS,
  appointmentResource,
  MAX_APPOINTMENT_MINUTES,
  MAX_CALENDAR_PAGE,
  MAX_CALENDAR_RANGE_DAYS,
  type AppointmentCalendarRow,
  type AppointmentDetail,
  type AppointmentEvent,
  type AppointmentListView,
} from '../../contract/appointment';
import { entitlementResource, entitlementStatusAt, type Entitlement, type EntitlementStatus, type StoredEntitlementStatus } from '../../contract/entitlement';
import { appointmentView, APPOINTMENT_MISSING } from './booking';
import { visibleTo } from './actor';

/** q: a full mobile number, its last four digits, or part of the customer's name. */
function searchBy(name: AnyColumn, phone: AnyColumn) {
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
    return { shape: 'from', where: and(gt(appointments.endAt, bind(new Date(from).toISOString())), gt(appointments.startAt, bind(earliestStart)))! };
  },
};

/** to: rows starting before it; with from, the range is checked here, where both are read. */
const toFilter: CustomFilter = {
  where: (values, bind, request) => {
    const to = instantOf(values);
    if (to === undefined) return undefined;
    const { from } = rangeOf(request.filters);
    if (from !== undefined && to <= from) throw invalid(TO_BEFORE_FROM, [{ field: 'to', message: TO_BEFORE_FROM }]);
    if (from !== undefined && to - from > MAX_CALENDAR_RANGE_DAYS * 86_400_000) throw invalid(RANGE_TOO_LONG, [{ field: 'to', message: RANGE_TOO_LONG }]);
    return { shape: 'to', where: lt(appointments.startAt, bind(new Date(to).toISOString())) };
  },
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

/** Where the calendar view's fields are read from. */
const calendarColumns = {
  id: appointments.id,
  customerName: appointments.customerName,
  programName: appointments.programName,
  staffId: appointments.staffId,
  staffName: appointments.staffName,
  startAt: appointments.startAt,
  endAt: appointments.endAt,
  status: appointments.status,
} satisfies Record<keyof AppointmentCalendarRow, AnyColumn>;

/**
 * The statements of a page of GET appointments?_view=calendar, unexecuted: the board's columns of the
 * same rows, in the same order, as the full list; and the count, run only when the page cannot tell it.
 */
export function appointmentCalendarStatements(db: Db, session: SessionContext, request: ListRequest) {
  const { bind, values } = placeholders();
  const scope = appointmentList.scope?.(session, bind);
  const list = listQuery(request, appointmentList.list, bind);
  values.limit = list.limit;
  values.offset = list.offset;
  const where = and(scope, list.where);
  const statements = preparedList<AppointmentCalendarRow>(db, ['appointment-calendar', scope ? 'scoped' : 'all', list.shape].join('|'), (names) => ({
    rows: db.select(calendarColumns).from(appointments).where(where).orderBy(...list.orderBy).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(names.rows) as unknown as Prepared<AppointmentCalendarRow>,
    total: db.select({ total: count() }).from(appointments).where(where).prepare(names.total),
  }));
  return { ...statements, values, offset: list.offset, limit: list.limit };
}

/**
 * The driver's parsers as drizzle sets them for its own queries: timestamps stay PostgreSQL's text,
 * which the instant columns read straight into the API's ISO string; numbers are parsed by the driver.
 */
export const CALENDAR_TYPES = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === pg.types.builtins.TIMESTAMPTZ ? (text: string) => text : pg.types.getTypeParser(oid, format)) };
const calendarFields = Object.entries(calendarColumns);

/** A calendar row from the driver's values of its columns, in calendarColumns' order. */
function calendarRow(values: unknown[]): AppointmentCalendarRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < calendarFields.length; i++) row[calendarFields[i][0]] = values[i] === null ? null : calendarFields[i][1].mapFromDriverValue(values[i]);
  return row as AppointmentCalendarRow;
}

/**
 * A calendar page with its total. A page that is neither empty nor full tells its total itself (a
 * week read in one page always does), so only those count separately. The rows come as arrays and
 * each value is read once by its column: drizzle's generic row mapping took a sixth of the server's
 * CPU for a week of 3,000 (bench/README.md, "booking calendar").
 */
export async function readCalendarPage(pool: Pool, statements: ReturnType<typeof appointmentCalendarStatements>): Promise<{ rows: AppointmentCalendarRow[]; total: number }> {
  const found = await pool.query<unknown[]>({ ...statementOf(statements.rows, statements.names.rows, statements.values), rowMode: 'array', types: CALENDAR_TYPES });
  const rows = found.rows.map(calendarRow);
  const total = rows.length > 0 && rows.length < statements.limit ? statements.offset + rows.length : (await statements.total.execute(statements.values))[0].total;
  return { rows, total };
}

/**
 * Answers a calendar page, written as JSON here: the route's response serializer knows only the full
 * row. As bytes, so the answer is encoded once and its length needs no second pass over the text.
 */
export async function sendCalendarPage(reply: FastifyReply, pool: Pool, statements: ReturnType<typeof appointmentCalendarStatements>): Promise<void> {
  const { rows, total } = await readCalendarPage(pool, statements);
  reply.header(TOTAL_COUNT_HEADER, String(total)).type('application/json; charset=utf-8').send(Buffer.from(JSON.stringify(ok(rows))));
}

/** GET appointments/:id: the row (another shop's is 404 to a manager) with its history, oldest first. */
export async function readAppointment(db: DbOrTx, session: SessionContext, id: number): Promise<AppointmentDetail> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) throw notFound(APPOINTMENT_MISSING);
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
  return { ...appointmentView(row), history: history as AppointmentEvent[] };
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
export async function listEntitlements(db: Db, session: SessionContext, request: ListRequest): Promise<{ rows: Entitlement[]; total: number }> {
  const list = listQuery(request, entitlementSpec);
  const where = and(byShop(touchUpEntitlements.shopId)(session), list.where);
  const base = () => db.select().from(touchUpEntitlements).innerJoin(customers, eq(customers.id, touchUpEntitlements.customerId)).innerJoin(programs, eq(programs.id, touchUpEntitlements.programId)).where(where);
  const [found, [{ total }]] = await Promise.all([
    base().orderBy(...list.orderBy).limit(list.limit).offset(list.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(touchUpEntitlements).innerJoin(customers, eq(customers.id, touchUpEntitlements.customerId)).where(where),
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
