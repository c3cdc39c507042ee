import { useList } from '@refinedev/core';
import dayjs from 'dayjs';
import type { Appointment, AppointmentStatus } from '../../../contract/appointment';
import { fromWallClock, shanghaiToday } from '../appointment/shanghaiClock';

/**
 * Today's visits of the shop that can still be checked out (arrived, or completed before paying),
 * earliest first; `status` narrows them to one state.
 */
export function useBillableVisits(status?: AppointmentStatus) {
  const today = shanghaiToday();
  return useList<Appointment>({
    resource: 'appointments',
    filters: [
      { field: 'from', operator: 'eq', value: fromWallClock(today) },
      { field: 'to', operator: 'eq', value: fromWallClock(dayjs(today).add(1, 'day').toDate()) },
      ...(status ? [{ field: 'status', operator: 'eq' as const, value: status }] : []),
      { field: 'billable', operator: 'eq', value: true },
    ],
    sorters: [{ field: 'startAt', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
}
