import { appointmentResource, type Appointment } from '../../contract/appointment';
import { entitlementResource, type Entitlement } from '../../contract/entitlement';
import { mockResource } from './engine/resource';

/**
 * Mock mode keeps no calendar: the appointment and entitlement lists start empty (the customer detail's
 * visits tab and the calendar pages then show their empty states). Bookings need the server's
 * scheduling rules, which the mocks do not imitate.
 */
export const appointments = mockResource<Appointment>(appointmentResource, { seed: () => [] });
export const entitlements = mockResource<Entitlement>(entitlementResource, { seed: () => [] });
