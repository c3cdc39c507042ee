import { API } from '../../../contract/api';
import { ACTIVE_APPOINTMENT_STATUSES, type Appointment } from '../../../contract/appointment';
import { api } from '../../providers/http';

/**
 * The customer's bookings still in play (booked, confirmed, arrived) that overlap [startAt, endAt),
 * other than `exceptId`: one customer in two chairs at once is almost always a slip, so the console
 * shows them and goes on only on a yes. A failed lookup finds none (the booking itself still goes
 * through the server's own rules).
 */
export async function customerOverlaps(customerId: number, startAt: string, endAt: string, exceptId?: number): Promise<Appointment[]> {
  const rows = await api
    .get<Appointment[]>(`${API.resourceBase}/appointments`, { customerId, from: startAt, to: endAt, _start: 0, _end: 20 })
    .catch(() => [] as Appointment[]);
  return rows.filter((r) => r.id !== exceptId && (ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(r.status));
}
