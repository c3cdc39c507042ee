import { and, asc, eq, gte, ilike, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { appointmentEvents, appointments, customers, programs, touchUpEntitlements } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { escapeLike, parseListQuery, type Bind, type ListCondition, type ListSpec } from '../http/listQuery';
import { byShop, listStatements, type Resource } from '../http/resource';
import { invalid, notFound } from '../http/errors';
import { PHONE_RE } from '../../contract/validation';
import { maskPhone } from '../../contract/mask';
import { APPOINTMENT_KINDS, APPOINTMENT_STATUSES, MAX_CALENDAR_PAGE, MAX_CALENDAR_RANGE_DAYS, type AppointmentDetail, type AppointmentEvent } from '../../contract/appointment';
import { ENTITLEMENT_STATUSES, entitlementStatusAt, type Entitlement, type EntitlementStatus, type StoredEntitlementStatus } from '../../contract/entitlement';
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

const listFields = {
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
};

const appointmentList: ListSpec = {
  fields: listFields,
  idColumn: appointments.id,
  // The calendar reads a day or a week in time order.
  defaultSort: [asc(appointments.startAt)],
  search: searchBy(appointments.customerName, appointments.customerPhone),
};

const resource = (list: ListSpec): Resource<typeof appointments> => ({
  table: appointments,
  entity: 'appointment',
  missing: APPOINTMENT_MISSING,
  scope: byShop(appointments.shopId),
  list,
});

/** A filter on a column of named values takes only those names (status=booked&status=confirmed). */
function oneOfFilter(query: Record<string, unknown>, field: string, values: readonly string[]): void {
  for (const key of [field, `${field}_ne`]) {
    const raw = query[key];
    if (raw === undefined) continue;
    if ((Array.isArray(raw) ? raw : [raw]).some((v) => !values.includes(String(v)))) throw invalid(`筛选字段 ${field} 的值不正确`, [{ field, message: `筛选字段 ${field} 的值不正确` }]);
  }
}

/** A point in time of the calendar's range: an ISO instant or a Shanghai calendar day (its start). */
function rangeEnd(raw: unknown, field: 'from' | 'to'): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const s = String(raw);
  const bad = () => invalid(`${field === 'from' ? '开始' : '结束'}时间 ${field} 格式不正确`, [{ field, message: `${field} 应为 ISO 时间或 YYYY-MM-DD` }]);
  if (Array.isArray(raw) || s.length > 40) throw bad();
  const t = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00+08:00`) : /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(s) ? Date.parse(s) : NaN;
  if (Number.isNaN(t)) throw bad();
  return t;
}

/**
 * The statements of one page of GET appointments, unexecuted (the bench runs the same SQL).
 * from/to pick the rows overlapping [from, to); with both at most 31 days apart a page may hold up to
 * 5,000 rows, so a calendar reads its week in one call.
 */
export function appointmentListStatements(db: Db, session: SessionContext, query: Record<string, unknown>) {
  const q = { ...query };
  oneOfFilter(q, 'status', APPOINTMENT_STATUSES);
  oneOfFilter(q, 'kind', APPOINTMENT_KINDS);
  const from = rangeEnd(q.from, 'from');
  const to = rangeEnd(q.to, 'to');
  delete q.from;
  delete q.to;
  if (from !== undefined && to !== undefined && to <= from) throw invalid('结束时间 to 须晚于开始时间 from', [{ field: 'to', message: '结束时间 to 须晚于开始时间 from' }]);
  const bounded = from !== undefined && to !== undefined;
  if (bounded && to - from > MAX_CALENDAR_RANGE_DAYS * 86_400_000) throw invalid(`时间范围最多 ${MAX_CALENDAR_RANGE_DAYS} 天`, [{ field: 'to', message: `时间范围最多 ${MAX_CALENDAR_RANGE_DAYS} 天` }]);
  const spec = bounded ? { ...appointmentList, maxPageSize: MAX_CALENDAR_PAGE } : appointmentList;
  const range = (bind: Bind): ListCondition | undefined => {
    if (from === undefined && to === undefined) return undefined;
    const parts = [
      from === undefined ? undefined : sql`${appointments.endAt} > ${bind(new Date(from).toISOString())}`,
      to === undefined ? undefined : lt(appointments.startAt, bind(new Date(to).toISOString())),
    ];
    return { shape: `range:${from !== undefined}:${to !== undefined}`, where: and(...parts) };
  };
  return listStatements(db, resource(spec), session, q, range);
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

const entitlementFields = {
  id: touchUpEntitlements.id,
  shopId: touchUpEntitlements.shopId,
  customerId: touchUpEntitlements.customerId,
  programId: touchUpEntitlements.programId,
  validFrom: touchUpEntitlements.validFrom,
  validUntil: touchUpEntitlements.validUntil,
  createdAt: touchUpEntitlements.createdAt,
};

/** status as the API names it: `expired` and `available` split the stored `available` by the window's end. */
function entitlementStatusCondition(raw: unknown): SQL | undefined {
  if (raw === undefined || raw === '') return undefined;
  const wanted = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (wanted.some((s) => !(ENTITLEMENT_STATUSES as readonly string[]).includes(s))) throw invalid('筛选字段 status 的值不正确', [{ field: 'status', message: '筛选字段 status 的值不正确' }]);
  const e = touchUpEntitlements;
  const one = (s: EntitlementStatus): SQL | undefined => {
    if (s === 'expired') return and(eq(e.status, 'available'), lt(e.validUntil, sql`now()`));
    if (s === 'available') return and(eq(e.status, 'available'), gte(e.validUntil, sql`now()`));
    return eq(e.status, s);
  };
  return or(...(wanted as EntitlementStatus[]).map(one));
}

/**
 * One page of GET entitlements for a session with its total: the shop's (or, for admin and finance,
 * every shop's) touch-up entitlements with the customer and program, those expiring soonest first.
 */
export async function listEntitlements(db: Db, session: SessionContext, query: Record<string, unknown>): Promise<{ rows: Entitlement[]; total: number }> {
  const q = { ...query };
  const status = entitlementStatusCondition(q.status);
  delete q.status;
  const list = parseListQuery(q, {
    fields: entitlementFields,
    idColumn: touchUpEntitlements.id,
    defaultSort: [asc(touchUpEntitlements.validUntil)],
    search: searchBy(customers.name, customers.phone),
  });
  const where = and(byShop(touchUpEntitlements.shopId)(session), status, list.where);
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
