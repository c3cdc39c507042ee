import dayjs, { type Dayjs } from 'dayjs';
import { getDefaultFilter, type CrudFilter, type CrudFilters } from '@refinedev/core';
import { dayRange, shanghaiToday } from '../../components/crud';

/** A period filter's form value: the RangePicker's two days. */
export type Period = [Dayjs | null, Dayjs | null] | null | undefined;

/** The period as the lists' `from` and `to` filters: inclusive Shanghai days. */
export function periodFilters(period: Period): CrudFilter[] {
  const { from, to } = dayRange(period);
  return [
    { field: 'from', operator: 'eq', value: from },
    { field: 'to', operator: 'eq', value: to },
  ];
}

/** The period the URL's from and to filters name, shown again in the picker after a reload. */
export function periodOf(filters: CrudFilters): Period {
  const from = getDefaultFilter('from', filters, 'eq') as string | undefined;
  const to = getDefaultFilter('to', filters, 'eq') as string | undefined;
  return from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
}

/** This month in China, from its first day to today: what a ledger opens on. */
export function thisMonth(): { from: string; to: string } {
  const today = shanghaiToday();
  return { from: `${today.slice(0, 8)}01`, to: today };
}
