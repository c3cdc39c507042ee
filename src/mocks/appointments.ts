import { appointmentResource, type Appointment } from '../../contract/appointment';
import { mockResource } from './engine/resource';

/** A from/to value of the query: epoch ms, or a day read as its Shanghai midnight. */
const instantOf = (v: unknown) => (typeof v === 'number' ? v : Date.parse(`${String(v)}T00:00:00+08:00`));

/**
 * Mock mode keeps no calendar: the appointment list starts empty (the customer detail's visits tab
 * and the calendar pages then show their empty states). Bookings need the server's scheduling
 * rules, which the mocks do not imitate; a test may put rows in, and from/to read them as the server
 * does (bookings overlapping [from, to)).
 */
export const appointments = mockResource<Appointment>(appointmentResource, {
  filters: {
    from: ([v]) => (a) => Date.parse(a.endAt) > instantOf(v),
    to: ([v]) => (a) => Date.parse(a.startAt) < instantOf(v),
  },
});
