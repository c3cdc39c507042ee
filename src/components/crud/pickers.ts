import dayjs, { type Dayjs } from 'dayjs';

/**
 * Form.Item props binding antd date pickers to the API's strings. Instants are shown and picked in
 * China time (docs/domain.md) whatever the browser's zone: the picker works on the Shanghai wall clock,
 * which is turned back into a UTC ISO string with the fixed +08:00 offset (China has no DST).
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

function shanghaiWallClock(iso: string): Dayjs {
  return dayjs(new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19));
}

function fromShanghaiWallClock(d: Dayjs): string {
  return new Date(`${d.format('YYYY-MM-DDTHH:mm:ss')}+08:00`).toISOString();
}

/** An optional instant (ISO string or null) edited with `<DatePicker showTime />`. */
export const instantItemProps = {
  getValueProps: (value?: string | null) => ({ value: value ? shanghaiWallClock(value) : null }),
  normalize: (value: Dayjs | null) => (value ? fromShanghaiWallClock(value) : null),
};

/** An optional calendar day ("YYYY-MM-DD" or null) edited with `<DatePicker />`. */
export const dayItemProps = {
  getValueProps: (value?: string | null) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/** A `<DatePicker.RangePicker />` filter as two inclusive days; the server reads them as Shanghai days. */
export function dayRange(range: [Dayjs | null, Dayjs | null] | null | undefined): { from?: string; to?: string } {
  return { from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') };
}

/** Today in China, for defaults such as a hire date. */
export function shanghaiToday(): string {
  return new Date(Date.now() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}
