import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from 'antd';
import { server } from '../support/server';
import { mockLogin } from '../../../src/mocks/handlers';
import { dataProvider } from '../../../src/providers/dataProvider';
import { setToken } from '../../../src/providers/session';
import { API } from '../../../contract/api';
import { ErrorCode } from '../../../contract/envelope';
import { DEMO_SHOPS } from '../../../contract/demo';
import type { Shop, ShopInput } from '../../../contract/shop';

const NEW_SHOP: ShopInput = {
  name: '美颜坊·静安寺店',
  regionCode: '310106',
  address: '南京西路 1618 号',
  phone: '021-62881234',
  openTime: '10:00',
  closeTime: '22:00',
};

let requests: URL[];
let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  requests = [];
  server.events.on('request:start', ({ request }) => requests.push(new URL(request.url)));
  toast = vi.spyOn(message, 'error');
  setToken(mockLogin('13800000001'));
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('getList', () => {
  it('sends the simple-rest parameters and reads the total from x-total-count', async () => {
    const result = await dataProvider.getList<Shop>({
      resource: 'shops',
      pagination: { currentPage: 2, pageSize: 1 },
      sorters: [{ field: 'name', order: 'desc' }],
      filters: [
        { field: 'status', operator: 'eq', value: 'open' },
        { field: 'name', operator: 'contains', value: '美颜坊' },
      ],
    });
    const [url] = requests;
    expect(url.pathname).toBe(`${API.resourceBase}/shops`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      _start: '1',
      _end: '2',
      _sort: 'name',
      _order: 'desc',
      status: 'open',
      name_like: '美颜坊',
    });
    // Three shops match; the second page of one holds the second name in descending order.
    const names = DEMO_SHOPS.map((s) => s.name)
      .sort()
      .reverse();
    expect(result.total).toBe(3);
    expect(result.data.map((s) => s.name)).toEqual([names[1]]);
  });

  it('sends q, ranges and "not equal" filters as the server expects', async () => {
    const result = await dataProvider.getList<Shop>({
      resource: 'shops',
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [
        { field: 'q', operator: 'eq', value: '天河' },
        { field: 'openTime', operator: 'gte', value: '09:00' },
        { field: 'openTime', operator: 'lte', value: '09:30' },
        { field: 'status', operator: 'ne', value: 'closed' },
      ],
    });
    expect(Object.fromEntries(requests[0].searchParams)).toEqual({
      _start: '0',
      _end: '10',
      q: '天河',
      openTime_gte: '09:00',
      openTime_lte: '09:30',
      status_ne: 'closed',
    });
    expect(result).toEqual({ data: [expect.objectContaining({ name: '美颜坊·天河正佳店' })], total: 1 });
  });

  it('a bad filter is refused with a toast naming it', async () => {
    await expect(
      dataProvider.getList({ resource: 'shops', filters: [{ field: 'password', operator: 'eq', value: 'x' }] }),
    ).rejects.toMatchObject({ code: ErrorCode.INVALID_INPUT, errors: { password: '不支持的筛选字段：password' } });
    expect(toast).toHaveBeenCalledWith('不支持的筛选字段：password', 5);
  });
});

describe('one record', () => {
  it('getOne and getMany read through the envelope', async () => {
    await expect(dataProvider.getOne<Shop>({ resource: 'shops', id: 2 })).resolves.toEqual({
      data: expect.objectContaining({ id: 2, name: DEMO_SHOPS[1].name }),
    });
    const many = await dataProvider.getMany!<Shop>({ resource: 'shops', ids: [1, 3] });
    expect(many.data.map((s) => s.id).sort()).toEqual([1, 3]);
  });

  it('create, update and delete go through the same instance', async () => {
    const { data: created } = await dataProvider.create<Shop, ShopInput>({ resource: 'shops', variables: NEW_SHOP });
    expect(created).toMatchObject({ ...NEW_SHOP, id: expect.any(Number), status: 'open' });
    expect(requests.at(-1)?.pathname).toBe(`${API.resourceBase}/shops`);

    const { data: updated } = await dataProvider.update<Shop>({ resource: 'shops', id: created.id, variables: { status: 'closed' } });
    expect(updated).toMatchObject({ id: created.id, status: 'closed' });

    await expect(dataProvider.deleteOne({ resource: 'shops', id: created.id })).resolves.toEqual({ data: null });
    await expect(dataProvider.getOne({ resource: 'shops', id: created.id })).rejects.toMatchObject({
      code: ErrorCode.NOT_FOUND,
      statusCode: 404,
      message: '门店不存在',
    });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('门店不存在', 5);
  });

  it('failed writes toast and reject with the field errors for the form', async () => {
    await expect(dataProvider.create({ resource: 'shops', variables: { ...NEW_SHOP, closeTime: '09:00' } })).rejects.toMatchObject({
      statusCode: 400,
      errors: { closeTime: '营业结束时间必须晚于开始时间' },
    });
    expect(toast).toHaveBeenLastCalledWith('营业结束时间必须晚于开始时间', 5);

    await expect(dataProvider.deleteOne({ resource: 'shops', id: 1 })).rejects.toMatchObject({ statusCode: 409, code: ErrorCode.CONFLICT });
    expect(toast).toHaveBeenLastCalledWith(expect.stringContaining('不能删除'), 5);
  });

  it('a shop-manager may not write: 40300 is toasted', async () => {
    setToken(mockLogin('13800000002'));
    await expect(dataProvider.update({ resource: 'shops', id: 1, variables: { name: '改名' } })).rejects.toMatchObject({
      statusCode: 403,
      code: ErrorCode.FORBIDDEN,
    });
    expect(toast).toHaveBeenCalledWith('没有权限执行此操作', 5);
  });
});

describe('getApiUrl', () => {
  it('is the resource base; the instance adds VITE_API_BASE', () => {
    expect(dataProvider.getApiUrl()).toBe(API.resourceBase);
  });
});
