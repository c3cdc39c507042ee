import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { preloadPages } from '../app/renderApp';
import { mockBooking, openPage, PAGE_TEST_TIMEOUT } from './support';

const MANAGER = '13800000002';

describe('Workplace of a shop manager', { timeout: PAGE_TEST_TIMEOUT }, () => {
  beforeAll(async () => {
    await Promise.all([preloadPages(), import('../../../src/pages/workplace'), import('../../../src/pages/checkstand')]);
  }, 120_000);

  it("shows today's visits completed but not paid for, each a click from the cashier", async () => {
    mockBooking(Date.now() - 3_600_000, { durationMinutes: 60, status: 'completed' });
    // Still in the chair: not the unpaid visits' business.
    mockBooking(Date.now() - 1_800_000, { durationMinutes: 60, status: 'arrived', customerName: '周悦' });
    const view = openPage('/dashboard/workplace', MANAGER);
    const unpaid = within(await screen.findByTestId('unpaid-visits', {}, { timeout: 30_000 }));
    expect(unpaid.getByText('今天有 1 位客人已完成服务、尚未结账')).toBeTruthy();
    expect(unpaid.queryByText(/周悦/)).toBeNull();
    fireEvent.click(unpaid.getByRole('button', { name: '为 陈雪 去结账' }));
    await waitFor(() => expect(view.location()).toBe('/checkstand/cashier'));
    expect((await screen.findByTestId('picked-customer')).textContent).toContain('陈雪');
  });
});
