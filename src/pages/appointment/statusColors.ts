import type { AppointmentStatus } from '../../../contract/appointment';

/** One colour per status on the calendar, the list and the drawer (antd preset colours). */
export const STATUS_COLORS: Record<AppointmentStatus, string> = {
  booked: '#1677ff',
  confirmed: '#13c2c2',
  arrived: '#fa8c16',
  completed: '#52c41a',
  cancelled: '#bfbfbf',
  'no-show': '#f5222d',
};
