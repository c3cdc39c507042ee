import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TRANSITIONS,
  appointmentCancelSchema,
  appointmentResource,
  calendarOf,
  MAX_CALENDAR_PAGE,
  MAX_CALENDAR_RANGE_DAYS,
  type Appointment,
} from '../../contract/appointment';
import { mockResource, statusStep } from './engine/resource';
import { orders } from './money';

/** Arrived, or completed with no live order: the cashier can still check it out (as on the server). */
const isBillable = (a: Appointment) =>
  a.status === 'arrived' ||
  (a.status === 'completed' && !orders.table.rows.some((o) => o.appointmentId === a.id && o.status !== 'cancelled'));

/** A from/to value of the query: epoch ms, or a day read as its Shanghai midnight. */
const instantOf = (v: unknown) => (typeof v === 'number' ? v : Date.parse(`${String(v)}T00:00:00+08:00`));
const rawInstant = (raw: string | null) => (raw === null ? NaN : instantOf(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : Date.parse(raw)));

/**
 * Mock mode keeps no calendar: the appointment list starts empty (the customer detail's visits tab
 * and the calendar pages then show their empty states). Bookings need the server's scheduling
 * rules, which the mocks do not imitate; a test may put rows in, and from/to read them as the server
 * does (bookings overlapping [from, to)), and `_view=calendar` answers the board's columns of a page.
 */
export const appointments = mockResource<Appointment>(appointmentResource, {
  filters: {
    from:
      ([v]) =>
      (a) =>
        Date.parse(a.endAt) > instantOf(v),
    to:
      ([v]) =>
      (a) =>
        Date.parse(a.startAt) < instantOf(v),
    billable:
      ([v]) =>
      (a) =>
        isBillable(a) === v,
  },
  // A calendar's day or week comes in one page, as on the server: from/to at most a month apart.
  maxPageSize: (params) =>
    rawInstant(params.get('to')) - rawInstant(params.get('from')) <= MAX_CALENDAR_RANGE_DAYS * 86_400_000 ? MAX_CALENDAR_PAGE : undefined,
  views: { calendar: calendarOf },
  // The drawer reads a booking with its history, which the mocks do not keep.
  toResponse: (row, { verb }) => (verb === 'read' ? { ...row, history: [], billable: isBillable(row) } : row),
});

// The status steps of the contract's state machine (the server's time rules are not imitated).
for (const action of APPOINTMENT_ACTIONS.filter((a) => a !== 'cancel')) {
  statusStep(appointments, action, {
    from: APPOINTMENT_TRANSITIONS[action].from,
    refusal: (a) => `预约${APPOINTMENT_STATUS_LABELS[a.status]}，不能这样操作`,
    set: () => ({ status: APPOINTMENT_TRANSITIONS[action].to }),
  });
}
statusStep(appointments, 'cancel', {
  from: APPOINTMENT_TRANSITIONS.cancel.from,
  refusal: (a) => `预约${APPOINTMENT_STATUS_LABELS[a.status]}，不能取消`,
  body: appointmentCancelSchema,
  set: (_, { reason }) => ({ status: 'cancelled', cancelReason: reason }),
});
