import type { AppointmentStatus } from '../../../contract/appointment';
import { APPOINTMENT_STATUS_TONES } from '../../components/statusTag';
import { SOLID_COLORS, type SolidColors, type ThemeMode } from '../../stores/theme';

/** A booking's fill and text on the calendar and in its legend: its status's tone, solid (4.5:1 or more in both themes). */
export function statusColors(mode: ThemeMode, status: AppointmentStatus): SolidColors {
  return SOLID_COLORS[mode][APPOINTMENT_STATUS_TONES[status]];
}
