import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Appointment } from '../../../contract/appointment';
import { server } from '../support/server';
import { preloadPages } from '../app/renderApp';
import { dialog, mockBooking, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';

/** Today in Asia/Shanghai, "YYYY-MM-DD". */
const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A booking of shop 1 today at `clock` (Shanghai time), put into the mock table. */
const bookedToday = (clock: string, fields: Partial<Appointment>): Appointment =>
  mockBooking(Date.parse(`${shanghaiToday()}T${clock}:00+08:00`), fields);

/** The calendar calls the board makes during the test. */
function calendarCalls(): URL[] {
  const urls: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/appointments') && url.searchParams.get('_view') === 'calendar') urls.push(url);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return urls;
}

describe('booking board in mock mode (/appointment/new-customer)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/appointment'), import('../../../src/pages/checkstand')]);
  }, 120_000);

  it('draws the day from the calendar view’s columns and opens the drawer on a click', async () => {
    const withArtist = bookedToday('11:00', {});
    const unassigned = bookedToday('14:15', {
      customerName: '周悦',
      programName: '水晶唇',
      staffId: null,
      staffName: '',
      status: 'confirmed',
      durationMinutes: 60,
    });
    const calls = calendarCalls();
    openPage('/appointment/new-customer', MANAGER);
    const first = await screen.findByTestId(`appointment-${withArtist.id}`, {}, { timeout: 30_000 });
    expect(first.textContent).toContain('陈雪');
    expect(first.textContent).toContain('雾眉');
    expect(first.textContent).toContain('李婷');
    const second = await screen.findByTestId(`appointment-${unassigned.id}`);
    expect(second.textContent).toContain('周悦 水晶唇');
    expect(second.textContent).toContain('未指定 · 已确认');
    // The event's time range is the start plus its minutes, in Shanghai time.
    expect(first.closest('.rbc-event')!.textContent).toContain('11:00–12:30');
    expect(second.closest('.rbc-event')!.textContent).toContain('14:15–15:15');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0].searchParams.get('_end')).toBe('5000');

    fireEvent.click(first);
    const drawer = within((await screen.findByText('预约详情', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement);
    await waitFor(() => expect(drawer.getByTestId('appointment-status').textContent).toBe('已预约'));
    expect(drawer.getByText('137****1234', { exact: false })).toBeTruthy();
  });

  it('offers 去结账 for a visit completed before paying, and opens the cashier with it in the cart', async () => {
    const done = bookedToday('10:00', { status: 'completed', durationMinutes: 60 });
    const view = openPage('/appointment/new-customer', MANAGER);
    fireEvent.click(await screen.findByTestId(`appointment-${done.id}`, {}, { timeout: 30_000 }));
    const drawer = within((await screen.findByText('预约详情', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement);
    await waitFor(() => expect(drawer.getByTestId('appointment-status').textContent).toBe('已完成'));
    expect(drawer.getByText('已完成，尚未结账')).toBeTruthy();
    expect(drawer.queryByText('当前状态没有可执行的操作')).toBeNull();
    fireEvent.click(drawer.getByRole('button', { name: '去结账' }));
    await waitFor(() => expect(view.location()).toBe('/checkstand/cashier'));
    await row('雾眉');
    expect((await screen.findByTestId('picked-customer')).textContent).toContain('陈雪');
  });

  it('asks before marking arrived a visit more than two hours ahead, and marks it only on a yes', async () => {
    const later = mockBooking(Date.now() + 3 * 3_600_000, { status: 'confirmed', customerName: '周悦' });
    const arrived = sentBodies('POST', `/appointments/${later.id}/arrive`);
    const user = setupUser();
    openPage('/appointment/new-customer', MANAGER);
    // The list view holds the week ahead, whatever the hour of the day.
    await user.click(await screen.findByText('列表', {}, { timeout: 30_000 }));
    await user.click(await screen.findByText('周悦', { selector: 'td, td *' }));
    const drawer = within((await screen.findByText('预约详情', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement);
    await waitFor(() => expect(drawer.getByTestId('appointment-status').textContent).toBe('已确认'));
    await user.click(drawer.getByRole('button', { name: /^到\s*店$/ }));
    const ask = await dialog('确认客人已到店？');
    expect(ask.getByText(/距现在还有 (2 小时 5\d|3 小时 0) 分钟/)).toBeTruthy();
    await user.click(ask.getByRole('button', { name: /取\s*消/ }));
    expect(arrived).toHaveLength(0);
    await user.click(drawer.getByRole('button', { name: /^到\s*店$/ }));
    await user.click((await dialog('确认客人已到店？')).getByRole('button', { name: '确认到店' }));
    await waitFor(() => expect(arrived).toHaveLength(1));
    await waitFor(() => expect(drawer.getByTestId('appointment-status').textContent).toBe('已到店'));
  });

  it('opens the day on a phone with the artists who have bookings first', async () => {
    bookedToday('11:00', { staffId: 2, staffName: '张敏', customerName: '周悦' });
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    onTestFinished(() => void Object.defineProperty(window, 'innerWidth', { configurable: true, value: width }));
    openPage('/appointment/new-customer', MANAGER);
    const board = await screen.findByTestId('board-day', {}, { timeout: 30_000 });
    await waitFor(() => {
      const headers = [...board.querySelectorAll('.rbc-row-resource .rbc-header')].map((h) => h.textContent);
      expect(headers.slice(0, 2)).toEqual(['张敏', '未指定']);
    });
  });
});
