import { customerResource, MAX_TAG_LENGTH, type Customer, type CustomerCard } from '../../contract/customer';
import { maskPhone, withMaskedPhone } from '../../contract/mask';
import { PHONE_RE } from '../../contract/validation';
import type { MemberCard } from '../../contract/memberCard';
import { badField, conflict, notFound } from './engine/http';
import { mockResource } from './engine/resource';
import { tableOf } from './engine/store';
import { createdDaysAgo } from './demoTime';
import { shopName } from './shops';

const MAX_TAG_FILTERS = 5;

const customer = (
  shopId: number,
  c: Pick<Customer, 'name' | 'phone' | 'gender' | 'source' | 'vip' | 'tags'>,
  daysAgo: number,
  visitedDaysAgo: number | null = null,
) => ({
  ...createdDaysAgo(daysAgo),
  // The server answers the latest paid order's time; the mock keeps it on the row.
  lastVisitAt: visitedDaysAgo === null ? null : new Date(Date.now() - visitedDaysAgo * 86_400_000).toISOString(),
  shopId,
  birthday: null,
  healthNotes: '',
  consentSignedAt: null,
  notes: '',
  ...c,
});

/** Phones are stored in full and answered masked; the full one only through reveal-phone. A phone is one customer's, chain-wide. */
export const customers = mockResource<Customer>(customerResource, {
  seed: () => [
    customer(1, { name: '陈雪', phone: '13700001234', gender: 'female', source: 'meituan', vip: true, tags: ['老客'] }, 10, 2),
    customer(1, { name: '周悦', phone: '13700005678', gender: 'female', source: 'walk-in', vip: false, tags: [] }, 5),
    customer(3, { name: '黄丽', phone: '13700009999', gender: 'female', source: 'douyin', vip: false, tags: [] }, 3),
  ],
  filters: {
    // tags=a&tags=b: customers carrying every one of them.
    tags: (values) => {
      const tags = values.map((t) => String(t).trim()).filter(Boolean);
      if (tags.length > MAX_TAG_FILTERS || tags.some((t) => t.length > MAX_TAG_LENGTH)) throw badField('tags', '筛选字段 tags 的值不正确');
      return (c) => tags.every((t) => c.tags.includes(t));
    },
  },
  // A full phone exactly, four digits the last four, other digits part of the phone, else part of the name.
  search: (c, q) =>
    PHONE_RE.test(q)
      ? c.phone === q
      : /^\d{4}$/.test(q)
        ? c.phone.endsWith(q)
        : /^\d+$/.test(q)
          ? c.phone.includes(q)
          : c.name.toLowerCase().includes(q.toLowerCase()),
  defaultSort: (a, b) => b.createdAt.localeCompare(a.createdAt),
  beforeWrite: (row, { before }) => {
    if (row.phone === before?.phone) return;
    const hit = customers.table.rows.find((c) => c.phone === row.phone && c.id !== row.id);
    if (hit) throw conflict(`手机号 ${maskPhone(row.phone)} 已是「${shopName(hit.shopId)}」的客户`);
  },
  // A list shows each customer's stored-value balance (principal + bonus), 0 without an account.
  toResponse: (row, { verb }) => {
    if (verb !== 'list') return withMaskedPhone(row);
    const account = tableOf<MemberCard>('member-cards').rows.find((c) => c.customerId === row.id && c.kind === 'stored-value');
    return { ...withMaskedPhone(row), storedValueFen: account ? account.principalFen + account.bonusFen : 0 };
  },
});

/** The counter's lookup of a chain customer by the full phone they give (CUSTOMER_LOOKUP_PATH): any shop's, as a card. */
customers.route('get', '/lookup', 'action:lookup', ({ request }) => {
  const phone = new URL(request.url).searchParams.get('phone') ?? '';
  if (!PHONE_RE.test(phone)) throw badField('phone', '请输入完整的 11 位手机号');
  const c = customers.table.rows.find((row) => row.phone === phone);
  if (!c) throw notFound('未找到该手机号的客户');
  return {
    id: c.id,
    name: c.name,
    phone: maskPhone(c.phone),
    vip: c.vip,
    shopId: c.shopId,
    shopName: shopName(c.shopId) ?? '',
  } satisfies CustomerCard;
});

customers.action('reveal-phone', (c) => ({ phone: c.phone }));
