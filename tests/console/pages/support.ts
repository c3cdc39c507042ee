import { onTestFinished } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '../../../contract/appointment';
import { appointments } from '../../../src/mocks/appointments';
import { server } from '../support/server';
import { loginAs, renderApp } from '../app/renderApp';

/** Whole-console tests (guard, layout, lazy page, refine, MSW) type into antd forms in happy-dom; under a
 * loaded CI machine one can pass the default 20 s, so page suites allow more. */
export const PAGE_TEST_TIMEOUT = 45_000;

/** userEvent without pauses between keystrokes: antd forms in happy-dom are slow enough already. */
export const setupUser = () => userEvent.setup({ delay: null });

/** The console at `path`, logged in as a demo account (13800000001 admin, 13800000002 shop-manager of shop 1). */
export function openPage(path: string, phone: string) {
  loginAs(phone);
  return renderApp(path);
}

/** JSON bodies (null for none) the console sends with `method` to a path ending in `pathEnd`, collected during the test. */
export function sentBodies(method: string, pathEnd: string | RegExp): unknown[] {
  const bodies: unknown[] = [];
  const listener = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    if (request.method !== method || !(typeof pathEnd === 'string' ? path.endsWith(pathEnd) : pathEnd.test(path))) return;
    // A call without a body (an action such as reveal-phone) is recorded as null.
    void request
      .clone()
      .text()
      .then((text) => bodies.push(text ? JSON.parse(text) : null));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return bodies;
}

/** The open modal dialog with this title. */
export async function dialog(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return within(heading.closest('.ant-modal') as HTMLElement);
}

/** The table row holding this text. */
export async function row(text: string) {
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  return within(cell.closest('tr') as HTMLElement);
}

/**
 * A booking of shop 1 put into the mock table: 陈雪 (VIP, customer 1) for 雾眉 (program 1) with 李婷
 * (staff 1), from `start` (epoch ms) for `durationMinutes` (90 unless `fields` say otherwise).
 */
export function mockBooking(start: number, fields: Partial<Appointment> = {}): Appointment {
  const durationMinutes = fields.durationMinutes ?? 90;
  const now = new Date().toISOString();
  return appointments.table.insert({
    id: appointments.table.peekId(),
    shopId: 1,
    kind: 'new-customer',
    customerId: 1,
    customerName: '陈雪',
    customerPhone: '137****1234',
    programId: 1,
    programName: '雾眉',
    staffId: 1,
    staffName: '李婷',
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + durationMinutes * 60_000).toISOString(),
    durationMinutes,
    status: 'booked',
    note: '',
    entitlementId: null,
    overrideReason: '',
    cancelReason: '',
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
}
