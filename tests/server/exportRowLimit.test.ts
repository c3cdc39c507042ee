import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from './support/testApp';
import { query } from './support/authCalls';
import { FINANCE } from './support/restCalls';
import { API } from '../../contract/api';

// A sheet of 3 rows (a header and two data rows) stands for the real 1,048,576, so the test needs no million rows.
vi.mock('../../server/export/xlsxSheetWriter', async (load) => ({
  ...(await load<typeof import('../../server/export/xlsxSheetWriter')>()),
  SHEET_MAX_ROWS: 3,
}));

let t: TestContext;
let finance: string;

beforeAll(async () => {
  t = await createTestContext();
  finance = await t.login(FINANCE);
});
afterAll(async () => t?.close());

const exportOf = (path: string) =>
  t.app.inject({ method: 'GET', url: `${API.resourceBase}${path}`, headers: { authorization: `Bearer ${finance}` } });

describe('an export larger than one sheet', () => {
  it('is refused before it starts, with a message to narrow the filter; one that fits is written', async () => {
    const [{ id }] = await query<{ id: number }>(t, 'select id from ledger_entries order by id limit 1');
    const [{ n }] = await query<{ n: number }>(t, 'select count(*)::int as n from ledger_entries');
    expect(n).toBeGreaterThan(2);

    const refused = await exportOf('/ledger/export');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 40000, msg: expect.stringContaining('缩小筛选范围') });
    expect(refused.headers['content-type']).toMatch(/json/);

    const fits = await exportOf(`/ledger/export?id=${id}`);
    expect(fits.statusCode).toBe(200);
    expect(fits.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
