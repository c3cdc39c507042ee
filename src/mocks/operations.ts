import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { API } from '../../contract/api';
import { TOTAL_COUNT_HEADER } from '../../contract/envelope';
import { maskPhone } from '../../contract/mask';
import { bannerCreateSchema, bannerPeriodValid, bannerUpdateSchema, BANNER_PERIOD_ERROR, type Banner } from '../../contract/banner';
import { programCreateSchema, programPricesValid, programUpdateSchema, PROGRAM_PRICE_ERROR, type Program } from '../../contract/program';
import { staffCreateSchema, staffUpdateSchema, type Staff } from '../../contract/staff';
import { customerCreateSchema, customerUpdateSchema, type Customer } from '../../contract/customer';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH, type UploadMime, type UploadedImage } from '../../contract/upload';
import { PHONE_RE } from '../../contract/validation';
import type { MockKit } from './handlers';

/**
 * The issue-4 calls in memory for the console's tests and mock mode: banners, programs, staff,
 * customers (with reveal-phone) and image upload, with the server's roles, shop scoping, list
 * conventions, codes and messages. handlers.ts passes its kit (store, auth, envelope) in; this file
 * imports only its types, so the two modules do not load each other.
 */

type Row = { id: number; createdAt: string; updatedAt: string };
type Scoped = Row & { shopId: number };

const store = {
  banners: [] as Banner[],
  programs: [] as Program[],
  staff: [] as Staff[],
  /** Full phones; answers mask them. */
  customers: [] as Customer[],
  images: new Map<string, { bytes: ArrayBuffer; mime: UploadMime }>(),
  nextId: 1,
};

const DAY_MS = 86_400_000;

/** A few rows per resource so mock mode shows real-looking pages; called by resetMockDb. */
export function resetOperationMocks(): void {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  let id = 1;
  const row = (daysAgo: number) => ({ id: id++, createdAt: at(-daysAgo), updatedAt: at(-daysAgo) });
  store.banners = [
    { ...row(20), name: '新客首单立减 200 元', platform: '小程序', priority: 100, image: '', type: '首页轮播', source: '市场部', jumpLink: '/pages/activity/new-customer', imageLink: '', status: 'on', startAt: at(-10), endAt: at(50) },
    { ...row(15), name: '会员日 全场护理 8 折', platform: 'H5', priority: 80, image: '', type: '活动页', source: '运营部', jumpLink: 'https://m.example.com/member-day', imageLink: '', status: 'on', startAt: null, endAt: null },
    { ...row(90), name: '春季眉形设计沙龙', platform: 'H5', priority: 60, image: '', type: '活动页', source: '市场部', jumpLink: '', imageLink: '', status: 'off', startAt: at(-120), endAt: at(-90) },
  ];
  const program = (p: Omit<Program, keyof Row | 'mainImage' | 'detailImages'>, daysAgo: number): Program => ({ ...row(daysAgo), mainImage: '', detailImages: [], ...p });
  store.programs = [
    program({ name: '雾眉', type: 1, priceFen: 168_000, vipPriceFen: 138_000, tag: '热销', details: [{ key: '保持时间', value: '1-2 年' }], durationMinutes: 120, touchUpDays: 60, status: 'on' }, 30),
    program({ name: '水晶唇', type: 2, priceFen: 198_000, vipPriceFen: 168_000, tag: '', details: [], durationMinutes: 150, touchUpDays: 60, status: 'on' }, 25),
    program({ name: '小气泡清洁', type: 3, priceFen: 29_800, vipPriceFen: 19_800, tag: '会员专享', details: [], durationMinutes: 60, touchUpDays: 0, status: 'off' }, 20),
  ];
  const member = (shopId: number, m: Pick<Staff, 'name' | 'phone' | 'job' | 'level' | 'hiredAt' | 'commissionRateBp'>, daysAgo: number): Staff => ({
    ...row(daysAgo),
    shopId,
    status: 'active',
    accountId: null,
    ...m,
  });
  store.staff = [
    member(1, { name: '李婷', phone: '13912340001', job: 'tattoo-artist', level: '高级', hiredAt: '2024-03-01', commissionRateBp: 1500 }, 60),
    member(1, { name: '张敏', phone: '13912340002', job: 'beautician', level: '', hiredAt: '2025-06-15', commissionRateBp: 1000 }, 50),
    member(2, { name: '刘芳', phone: '13912340003', job: 'receptionist', level: '', hiredAt: '2025-01-10', commissionRateBp: 0 }, 40),
  ];
  const customer = (shopId: number, c: Pick<Customer, 'name' | 'phone' | 'gender' | 'source' | 'vip' | 'tags'>, daysAgo: number): Customer => ({
    ...row(daysAgo),
    shopId,
    birthday: null,
    healthNotes: '',
    consentSignedAt: null,
    notes: '',
    ...c,
  });
  store.customers = [
    customer(1, { name: '陈雪', phone: '13700001234', gender: 'female', source: 'meituan', vip: true, tags: ['老客'] }, 10),
    customer(1, { name: '周悦', phone: '13700005678', gender: 'female', source: 'walk-in', vip: false, tags: [] }, 5),
    customer(3, { name: '黄丽', phone: '13700009999', gender: 'female', source: 'douyin', vip: false, tags: [] }, 3),
  ];
  store.images.clear();
  store.nextId = id;
}

interface ListSpec<T> {
  /** Fields the list may filter and sort on. */
  fields: readonly (keyof T & string)[];
  search?: (row: T, q: string) => boolean;
  /** Order without _sort; newest first otherwise. */
  defaultSort?: (a: T, b: T) => number;
}

const compare = (a: unknown, b: unknown) => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The simple-rest list conventions of DOMAIN.md in memory: field, _like, _gte, _lte, _ne, q, sort, page. */
function listRows<T extends Row>(kit: MockKit, params: URLSearchParams, rows: T[], spec: ListSpec<T>): { rows: T[]; total: number } {
  const start = kit.pageParam(params, '_start', 0);
  const end = kit.pageParam(params, '_end', start + 10);
  if (end < start) throw kit.invalid('分页参数 _end 不能小于 _start', [{ field: '_end', message: '分页参数 _end 不能小于 _start' }]);
  if (end - start > kit.MAX_PAGE_SIZE) throw kit.invalid(`每页最多 ${kit.MAX_PAGE_SIZE} 条`, [{ field: '_end', message: `每页最多 ${kit.MAX_PAGE_SIZE} 条` }]);
  const known = (f: string): f is keyof T & string => (spec.fields as readonly string[]).includes(f);

  let out = rows;
  for (const key of new Set(params.keys())) {
    if (['_start', '_end', '_sort', '_order', 'q'].includes(key)) continue;
    const [, field, op = 'eq'] = /^(.+?)(?:_(like|gte|lte|ne))?$/.exec(key)!;
    if (!known(field)) throw kit.invalid(`不支持的筛选字段：${key}`, [{ field: key, message: `不支持的筛选字段：${key}` }]);
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    const text = (r: T) => String(r[field] ?? '');
    const v = values[0];
    // A day bound on a timestamp is an inclusive China-time day, as on the server.
    const bound = (r: T) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !/T/.test(text(r))) return compare(text(r), v);
      const day = new Date(new Date(text(r)).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      return compare(day, v);
    };
    const numeric = (r: T) => typeof r[field] === 'number';
    out = out.filter((r) => {
      const cmp = numeric(r) ? compare(r[field], Number(v)) : bound(r);
      switch (op) {
        case 'like':
          return text(r).toLowerCase().includes(v.toLowerCase());
        case 'gte':
          return cmp >= 0;
        case 'lte':
          return cmp <= 0;
        case 'ne':
          return cmp !== 0;
        default:
          return values.includes(text(r));
      }
    });
  }
  const q = params.get('q')?.trim();
  if (q && spec.search) {
    if (q.length > 50) throw kit.invalid('搜索内容最多 50 个字', [{ field: 'q', message: '搜索内容最多 50 个字' }]);
    out = out.filter((r) => spec.search!(r, q));
  }

  const sorts = params.getAll('_sort').flatMap((s) => s.split(',')).filter(Boolean);
  const orders = params.getAll('_order').flatMap((s) => s.split(','));
  for (const f of sorts) if (!known(f)) throw kit.invalid(`不支持的排序字段：${f}`, [{ field: '_sort', message: `不支持的排序字段：${f}` }]);
  const sorted = [...out].sort((a, b) => {
    for (const [i, f] of sorts.entries()) {
      const c = compare(a[f as keyof T], b[f as keyof T]) * ((orders[i] ?? 'asc').toLowerCase() === 'desc' ? -1 : 1);
      if (c) return c;
    }
    if (!sorts.length && spec.defaultSort) {
      const c = spec.defaultSort(a, b);
      if (c) return c;
    }
    return b.id - a.id;
  });
  return { rows: sorted.slice(start, end), total: out.length };
}

function idOf(kit: MockKit, raw: string | readonly string[] | undefined): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647 || String(n) !== String(raw)) throw kit.invalid('ID 格式不正确', [{ field: 'id', message: 'ID 格式不正确' }]);
  return n;
}

const stamp = () => new Date().toISOString();
const like = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());
const masked = <T extends { phone: string }>(row: T): T => ({ ...row, phone: maskPhone(row.phone) });

/** Image kinds by their first bytes, as the server sniffs them (the name and declared type are ignored). */
function sniff(bytes: Uint8Array): { ext: string; mime: UploadMime } | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', mime: 'image/webp' };
  return undefined;
}

export function operationHandlers(kit: MockKit) {
  const base = `*${API.resourceBase}`;
  const list = <T>(rows: T[], total: number) => kit.ok(rows, 'ok', { [TOTAL_COUNT_HEADER]: String(total) });

  function requireManager(request: Request) {
    const auth = kit.authenticate(request);
    if (auth.session.role !== 'shop-manager') throw kit.forbidden('没有权限执行此操作');
    return { ...auth, shopId: auth.session.shopID! };
  }

  /** Rows a session may see: a shop-manager only its current shop's; another shop's id is 404. */
  const visible = <T extends Scoped>(request: Request, rows: T[]) => {
    const { session } = kit.authenticate(request);
    return session.role === 'shop-manager' ? rows.filter((r) => r.shopId === session.shopID) : rows;
  };
  const find = <T extends Row>(rows: T[], id: number, missing: string): T => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw kit.notFound(missing);
    return row;
  };

  /** The create/update pair of an admin-only catalogue resource (banners, programs). */
  function catalogue<T extends Row, C extends z.ZodType, U extends z.ZodType>(opts: {
    path: string;
    rows: () => T[];
    setRows: (rows: T[]) => void;
    spec: ListSpec<T>;
    create: C;
    update: U;
    missing: string;
    /** The cross-field rule of the merged row, checked on update as the server does. */
    check: (merged: T) => { field: string; message: string } | undefined;
    readableBy: (role: string) => boolean;
    /** Filters a role gets unless it asks otherwise. */
    defaultFilters?: (role: string, params: URLSearchParams) => void;
  }) {
    const path = `${base}/${opts.path}`;
    return [
      http.get(
        path,
        kit.guarded(({ request }) => {
          const { role } = kit.authenticate(request).session;
          if (!opts.readableBy(role)) throw kit.forbidden('没有权限执行此操作');
          const params = new URL(request.url).searchParams;
          opts.defaultFilters?.(role, params);
          const { rows, total } = listRows(kit, params, opts.rows(), opts.spec);
          return list(rows, total);
        }),
      ),
      http.get(
        `${path}/:id`,
        kit.guarded(({ request, params }) => {
          if (!opts.readableBy(kit.authenticate(request).session.role)) throw kit.forbidden('没有权限执行此操作');
          return kit.ok(find(opts.rows(), idOf(kit, params.id), opts.missing));
        }),
      ),
      http.post(
        path,
        kit.guarded(async ({ request }) => {
          kit.requireAdmin(request);
          const values = (await kit.input(opts.create, request)) as Omit<T, keyof Row>;
          const now = stamp();
          const row = { ...values, id: store.nextId++, createdAt: now, updatedAt: now } as T;
          opts.setRows([...opts.rows(), row]);
          return kit.ok(row);
        }),
      ),
      http.patch(
        `${path}/:id`,
        kit.guarded(async ({ request, params }) => {
          kit.requireAdmin(request);
          const row = find(opts.rows(), idOf(kit, params.id), opts.missing);
          const changes = (await kit.changes(opts.update, request)) as Partial<T>;
          const bad = opts.check({ ...row, ...changes });
          if (bad) throw kit.invalid(bad.message, [bad]);
          Object.assign(row, changes, { updatedAt: stamp() });
          return kit.ok(row);
        }),
      ),
      http.delete(
        `${path}/:id`,
        kit.guarded(({ request, params }) => {
          kit.requireAdmin(request);
          const row = find(opts.rows(), idOf(kit, params.id), opts.missing);
          opts.setRows(opts.rows().filter((r) => r !== row));
          return kit.ok(null);
        }),
      ),
    ];
  }

  const bannerHandlers = catalogue({
    path: 'banners',
    rows: () => store.banners,
    setRows: (rows) => (store.banners = rows),
    spec: {
      fields: ['id', 'name', 'platform', 'priority', 'type', 'source', 'status', 'startAt', 'endAt', 'createdAt', 'updatedAt'],
      search: (b, q) => [b.name, b.platform, b.source].some((t) => like(t, q)),
      defaultSort: (a, b) => b.priority - a.priority || a.id - b.id,
    },
    create: bannerCreateSchema,
    update: bannerUpdateSchema,
    missing: '广告不存在',
    check: (b) => (bannerPeriodValid(b) ? undefined : { field: 'endAt', message: BANNER_PERIOD_ERROR.message }),
    readableBy: (role) => role === 'admin',
  });

  const programHandlers = catalogue({
    path: 'programs',
    rows: () => store.programs,
    setRows: (rows) => (store.programs = rows),
    spec: {
      fields: ['id', 'name', 'type', 'tag', 'status', 'priceFen', 'vipPriceFen', 'durationMinutes', 'touchUpDays', 'createdAt', 'updatedAt'],
      search: (p, q) => like(p.name, q) || like(p.tag, q),
    },
    create: programCreateSchema,
    update: programUpdateSchema,
    missing: '服务项目不存在',
    check: (p) => (programPricesValid(p) ? undefined : { field: 'vipPriceFen', message: PROGRAM_PRICE_ERROR.message }),
    readableBy: () => true,
    // Managers list programs to offer them: on-shelf ones only, unless they ask for a status.
    defaultFilters: (role, params) => {
      if (role === 'shop-manager' && !params.has('status') && !params.has('status_ne')) params.set('status', 'on');
    },
  });

  const staffPath = `${base}/staff`;
  const staffHandlers = [
    http.get(
      staffPath,
      kit.guarded(({ request }) => {
        const { rows, total } = listRows(kit, new URL(request.url).searchParams, visible(request, store.staff), {
          fields: ['id', 'shopId', 'name', 'job', 'level', 'hiredAt', 'status', 'commissionRateBp', 'accountId', 'createdAt', 'updatedAt'],
          search: (m, q) => (/^\d+$/.test(q) ? m.phone.includes(q) : like(m.name, q)),
          defaultSort: (a, b) => compare(b.createdAt, a.createdAt),
        });
        return list(rows.map(masked), total);
      }),
    ),
    http.get(
      `${staffPath}/:id`,
      kit.guarded(({ request, params }) => kit.ok(masked(find(visible(request, store.staff), idOf(kit, params.id), '员工不存在')))),
    ),
    http.post(
      `${staffPath}/:id/reveal-phone`,
      kit.guarded(({ request, params }) => kit.ok({ phone: find(visible(request, store.staff), idOf(kit, params.id), '员工不存在').phone })),
    ),
    http.post(
      staffPath,
      kit.guarded(async ({ request }) => {
        const { shopId } = requireManager(request);
        const values = await kit.input(staffCreateSchema, request);
        const now = stamp();
        const row: Staff = { accountId: null, ...values, shopId, id: store.nextId++, createdAt: now, updatedAt: now };
        store.staff.push(row);
        return kit.ok(masked(row));
      }),
    ),
    http.patch(
      `${staffPath}/:id`,
      kit.guarded(async ({ request, params }) => {
        requireManager(request);
        const row = find(visible(request, store.staff), idOf(kit, params.id), '员工不存在');
        Object.assign(row, await kit.changes(staffUpdateSchema, request), { updatedAt: stamp() });
        return kit.ok(masked(row));
      }),
    ),
    http.delete(
      `${staffPath}/:id`,
      kit.guarded(({ request, params }) => {
        requireManager(request);
        const row = find(visible(request, store.staff), idOf(kit, params.id), '员工不存在');
        store.staff = store.staff.filter((m) => m !== row);
        return kit.ok(null);
      }),
    ),
  ];

  /** The 409 of a phone that is already a customer's, naming that customer's shop. */
  const phoneTaken = (phone: string, exceptId?: number) => {
    const hit = store.customers.find((c) => c.phone === phone && c.id !== exceptId);
    return hit ? kit.conflict(`手机号 ${maskPhone(phone)} 已是「${kit.shopName(hit.shopId)}」的客户`) : undefined;
  };

  const customersPath = `${base}/customers`;
  const customerHandlers = [
    http.get(
      customersPath,
      kit.guarded(({ request }) => {
        const params = new URL(request.url).searchParams;
        // tags=a&tags=b: customers carrying every one of them.
        const tags = params.getAll('tags').filter(Boolean);
        params.delete('tags');
        const rows = visible(request, store.customers).filter((c) => tags.every((t) => c.tags.includes(t)));
        const page = listRows(kit, params, rows, {
          fields: ['id', 'shopId', 'name', 'gender', 'birthday', 'source', 'vip', 'consentSignedAt', 'createdAt', 'updatedAt'],
          // A full phone exactly, four digits the last four, other digits part of the phone, else the name.
          search: (c, q) => (PHONE_RE.test(q) ? c.phone === q : /^\d{4}$/.test(q) ? c.phone.endsWith(q) : /^\d+$/.test(q) ? c.phone.includes(q) : like(c.name, q)),
          defaultSort: (a, b) => compare(b.createdAt, a.createdAt),
        });
        return list(page.rows.map(masked), page.total);
      }),
    ),
    http.get(
      `${customersPath}/:id`,
      kit.guarded(({ request, params }) => kit.ok(masked(find(visible(request, store.customers), idOf(kit, params.id), '客户不存在')))),
    ),
    http.post(
      `${customersPath}/:id/reveal-phone`,
      kit.guarded(({ request, params }) => kit.ok({ phone: find(visible(request, store.customers), idOf(kit, params.id), '客户不存在').phone })),
    ),
    http.post(
      customersPath,
      kit.guarded(async ({ request }) => {
        const { shopId } = requireManager(request);
        const values = await kit.input(customerCreateSchema, request);
        const taken = phoneTaken(values.phone);
        if (taken) throw taken;
        const now = stamp();
        const row: Customer = { birthday: null, consentSignedAt: null, ...values, shopId, id: store.nextId++, createdAt: now, updatedAt: now };
        store.customers.push(row);
        return kit.ok(masked(row));
      }),
    ),
    http.patch(
      `${customersPath}/:id`,
      kit.guarded(async ({ request, params }) => {
        requireManager(request);
        const row = find(visible(request, store.customers), idOf(kit, params.id), '客户不存在');
        const changes = await kit.changes(customerUpdateSchema, request);
        const taken = changes.phone === undefined ? undefined : phoneTaken(changes.phone, row.id);
        if (taken) throw taken;
        Object.assign(row, changes, { updatedAt: stamp() });
        return kit.ok(masked(row));
      }),
    ),
    http.delete(
      `${customersPath}/:id`,
      kit.guarded(({ request, params }) => {
        requireManager(request);
        const row = find(visible(request, store.customers), idOf(kit, params.id), '客户不存在');
        store.customers = store.customers.filter((c) => c !== row);
        return kit.ok(null);
      }),
    ),
  ];

  const uploadHandlers = [
    http.post(
      `*${UPLOAD_PATH}`,
      kit.guarded(async ({ request }) => {
        kit.authenticate(request);
        const refused = (message: string) => kit.invalid(message, [{ field: 'file', message }]);
        const file = (await request.formData()).get('file');
        if (!(file instanceof File)) throw refused('请选择要上传的图片');
        if (file.size > MAX_UPLOAD_BYTES) throw refused(`图片不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
        if (file.size === 0) throw refused('上传的文件是空的，请重新选择图片');
        const bytes = await file.arrayBuffer();
        const kind = sniff(new Uint8Array(bytes));
        if (!kind) throw refused('只能上传 JPEG、PNG 或 WebP 格式的图片');
        const name = `${crypto.randomUUID().replace(/-/g, '')}.${kind.ext}`;
        store.images.set(name, { bytes, mime: kind.mime });
        const image: UploadedImage = { url: `${UPLOAD_PATH}/${name}`, name: file.name, size: file.size, mime: kind.mime };
        return kit.ok(image);
      }),
    ),
    http.get(`*${UPLOAD_PATH}/:name`, ({ params }) => {
      const image = store.images.get(String(params.name));
      if (!image) return new HttpResponse(null, { status: 404 });
      return new HttpResponse(image.bytes, { headers: { 'content-type': image.mime, 'x-content-type-options': 'nosniff' } });
    }),
  ];

  // Mock mode keeps no calendar yet: every shop's appointment list is empty.
  const appointmentHandlers = [http.get(`${base}/appointments`, kit.guarded(() => list([], 0)))];

  return [...bannerHandlers, ...programHandlers, ...staffHandlers, ...customerHandlers, ...uploadHandlers, ...appointmentHandlers];
}
