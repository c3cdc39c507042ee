import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TestContext } from './support/testApp';
import { openTestContext } from './support/openTestContext';
import { query } from './support/authCalls';
import { FINANCE, MANAGER_1, rest } from './support/restCalls';
import { afterSaleRequest, paidOrder, shopStaff, type PaidOrder } from './support/moneyFixtures';
import { API } from '../../contract/api';

let t: TestContext;
let finance: string;
let manager: string;
let order1: PaidOrder;
let order3: PaidOrder;

const shanghaiDay = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

beforeAll(async () => {
  ({
    t,
    tokens: [finance, manager],
  } = await openTestContext([FINANCE, MANAGER_1]));
  const [s1, s3] = [await shopStaff(t, t.demo.shopIds[0]), await shopStaff(t, t.demo.shopIds[2])];
  order1 = await paidOrder(t, {
    shopId: t.demo.shopIds[0],
    payableFen: 12345,
    shares: [
      { staffId: s1[0].id, shareBp: 5000 },
      { staffId: s1[1].id, shareBp: 5000 },
    ],
  });
  order3 = await paidOrder(t, { shopId: t.demo.shopIds[2], payableFen: 9900, shares: [{ staffId: s3[0].id, shareBp: 10000 }] });
});
afterAll(async () => t?.close());

async function download(token: string, path: string) {
  const res = await t.app.inject({ method: 'GET', url: `${API.resourceBase}${path}`, headers: { authorization: `Bearer ${token}` } });
  const workbook = new ExcelJS.Workbook();
  if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { res, sheet, header: rows[0] as string[], rows: rows.slice(1) };
}

const column = (header: string[], name: string) => {
  const i = header.indexOf(name);
  expect(i, name).toBeGreaterThanOrEqual(0);
  return i;
};

describe('performance records export', () => {
  it('is the filtered list as .xlsx: Chinese headers, yuan as 0.00 numbers, Shanghai times, frozen header, filters on', async () => {
    const day = shanghaiDay();
    const { res, sheet, header, rows } = await download(
      finance,
      `/performance-records/export?orderId=${order1.orderId}&from=${day}&to=${day}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="performance-records.xlsx"; filename*=UTF-8''${encodeURIComponent(`业绩记录_全部门店_${day}至${day}.xlsx`)}`,
    );
    expect(header).toEqual([
      '记录编号',
      '订单号',
      '门店',
      '员工',
      '类型',
      '业绩占比（%）',
      '业绩金额（元）',
      '提成（元）',
      '状态',
      '审核人',
      '审核时间',
      '驳回原因',
      '产生时间',
    ]);
    expect(rows).toHaveLength(2);
    const amount = column(header, '业绩金额（元）');
    // 123.45 yuan over two equal shares: 61.73 + 61.72.
    expect(rows.map((r) => r[amount]).sort()).toEqual([61.72, 61.73]);
    expect(sheet.getRow(2).getCell(amount + 1).numFmt).toBe('0.00');
    expect(rows[0][column(header, '订单号')]).toBe(order1.orderNo);
    expect(rows[0][column(header, '状态')]).toBe('待审核');
    expect(rows[0][column(header, '业绩占比（%）')]).toBe(50);
    const [created] = await query<{ at: string }>(
      t,
      `select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as at from performance_records where id = $1`,
      [rows[0][0]],
    );
    // A date cell holding the Shanghai wall-clock time (exceljs reads it back as that time in UTC).
    expect(rows[0][column(header, '产生时间')]).toEqual(new Date(`${created.at.replace(' ', 'T')}Z`));
    expect(sheet.getRow(2).getCell(column(header, '产生时间') + 1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
  });

  it('has as many rows as the list total and leaves an audit row with the filters and the count', async () => {
    const list = await rest(t)(finance, 'GET', '/performance-records?status=pending');
    const { rows } = await download(finance, '/performance-records/export?status=pending');
    expect(rows).toHaveLength(list.total!);
    const [a] = await query<{ summary: string; action: string }>(
      t,
      `select summary, action from audit_logs where entity = 'performance-records' order by id desc limit 1`,
    );
    expect(a.action).toBe('export');
    expect(JSON.parse(a.summary)).toMatchObject({ filters: { status: 'pending' }, rows: list.total });
  });

  it('names the filter in the file name: the shop, the period and the state', async () => {
    const day = shanghaiDay();
    const [shop] = await query<{ name: string }>(t, 'select name from shops where id = $1', [t.demo.shopIds[2]]);
    const { res } = await download(finance, `/performance-records/export?shopId=${t.demo.shopIds[2]}&status=pending&from=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`业绩记录_${shop.name}_${day}起_待审核.xlsx`));
  });

  it('takes the list filters only (40000) and refuses a manager (40300)', async () => {
    expect((await download(finance, '/performance-records/export?status=paid')).res.statusCode).toBe(400);
    expect((await download(manager, '/performance-records/export')).res.statusCode).toBe(403);
  });
});

describe('ledger export', () => {
  it('is scoped as the list: a manager gets the current shop only', async () => {
    const { header, rows, res } = await download(manager, '/ledger/export');
    expect(res.statusCode).toBe(200);
    const list = await rest(t)(manager, 'GET', '/ledger?_end=200');
    expect(rows).toHaveLength(list.total!);
    const shop = column(header, '门店');
    const [s1] = await query<{ name: string }>(t, 'select name from shops where id = $1', [t.demo.shopIds[0]]);
    expect(new Set(rows.map((r) => r[shop]))).toEqual(new Set([s1.name]));
    expect(rows.map((r) => r[column(header, '订单号')])).not.toContain(order3.orderNo);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`收支流水_${s1.name}_全部日期.xlsx`));
  });

  it('writes amounts in yuan, the day and the category label', async () => {
    const { header, rows } = await download(finance, `/ledger/export?orderId=${order3.orderId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0][column(header, '金额（元）')]).toBe(99);
    expect(rows[0][column(header, '类别')]).toBe('服务收入');
    expect(rows[0][column(header, '收支类型')]).toBe('收入');
    expect(rows[0][column(header, '日期')]).toEqual(new Date(`${shanghaiDay()}T00:00:00Z`));
  });
});

describe('ledger export kinds', () => {
  it('lists a refund as its own kind 退款, not as income', async () => {
    await query(
      t,
      `insert into ledger_entries (shop_id, type, category, amount_fen, occurred_on, note, order_id)
       values ($1, 'income', 'refund', -500, (now() at time zone 'Asia/Shanghai')::date, '退款', $2)`,
      [order3.shopId, order3.orderId],
    );
    const { header, rows } = await download(finance, `/ledger/export?orderId=${order3.orderId}`);
    const kinds = rows.map((r) => [r[column(header, '收支类型')], r[column(header, '金额（元）')]]);
    expect(kinds.sort()).toEqual([
      ['收入', 99],
      ['退款', -5],
    ]);
  });
});

describe('orders and after-sales exports', () => {
  it('orders: the list total, scoped to the manager shop, yuan amounts and the lines on one line', async () => {
    const list = await rest(t)(manager, 'GET', '/orders?status=paid');
    const { res, header, rows } = await download(manager, '/orders/export?status=paid');
    expect(res.statusCode).toBe(200);
    const [s1] = await query<{ name: string }>(t, 'select name from shops where id = $1', [t.demo.shopIds[0]]);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`订单_${s1.name}_全部日期_已支付.xlsx`));
    expect(header.slice(0, 5)).toEqual(['订单号', '门店', '客户', '手机号', '状态']);
    expect(rows).toHaveLength(list.total!);
    expect(new Set(rows.map((r) => r[column(header, '门店')]))).toEqual(new Set([s1.name]));
    const mine = rows.find((r) => r[0] === order1.orderNo)!;
    expect(mine[column(header, '应收（元）')]).toBe(123.45);
    expect(mine[column(header, '状态')]).toBe('已支付');
    expect(mine[column(header, '收款')]).toBe('现金 ¥123.45');
    expect(mine[column(header, '服务人员')]).toMatch(/ 50%、.* 50%$/);
    expect(rows.map((r) => r[0])).not.toContain(order3.orderNo);
  });

  it('after-sales: every shop for finance, with the filters of the list', async () => {
    const id = await afterSaleRequest(t, order3, 'refund', 1250);
    const list = await rest(t)(finance, 'GET', '/after-sales?type=refund');
    const { header, rows } = await download(finance, '/after-sales/export?type=refund');
    expect(header.slice(0, 6)).toEqual(['申请编号', '订单号', '门店', '客户', '售后类型', '退款金额（元）']);
    expect(rows).toHaveLength(list.total!);
    expect(new Set(rows.map((r) => r[column(header, '售后类型')]))).toEqual(new Set(['退款']));
    expect(rows.find((r) => r[0] === id)![column(header, '退款金额（元）')]).toBe(12.5);
    const shops = new Set(rows.map((r) => r[column(header, '门店')]));
    expect(shops.size).toBeGreaterThan(1);
    expect((await download(finance, '/after-sales/export?type=gift')).res.statusCode).toBe(400);
  });
});

describe('exports running at once', () => {
  it('each holds a connection, so a third while two run answers 42900; once they end there is room again', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}${API.resourceBase}/performance-records/export`;
    const headers = { authorization: `Bearer ${finance}` };
    // Two exports that wait for the table: they have started and hold their places.
    const blocker = await t.database.pool.connect();
    await blocker.query('begin');
    await blocker.query('lock table performance_records in access exclusive mode');
    const two = [fetch(url, { headers }), fetch(url, { headers })];
    const waiting = async () =>
      (
        await query<{ n: number }>(
          t,
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%"performance_records"%'`,
        )
      )[0].n;
    await expect.poll(waiting, { timeout: 10_000 }).toBe(2);
    const third = await fetch(url, { headers });
    expect([third.status, ((await third.json()) as { code: number }).code]).toEqual([429, 42900]);
    await blocker.query('rollback');
    blocker.release();
    for (const r of await Promise.all(two)) {
      expect(r.status).toBe(200);
      expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    await expect
      .poll(async () => await fetch(url, { headers }).then(async (r) => (await r.arrayBuffer(), r.status)), { timeout: 5000 })
      .toBe(200);
  });
});
