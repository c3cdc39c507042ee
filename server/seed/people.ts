import type { Tx } from '../db/client';
import { customers, staff } from '../db/schema';
import type { StaffJob } from '../../contract/staff';
import type { CustomerSource, Gender } from '../../contract/customer';
import { chineseName, daysAgo, phoneSource, seededRandom, shanghaiDay, type Random } from './random';

/** Who works where in the demo: index into the demo shops, and the account a manager logs in with. */
const DEMO_STAFF: {
  shop: number;
  name: string;
  job: StaffJob;
  level: string;
  commissionRateBp: number;
  hiredDaysAgo: number;
  account?: string;
  left?: boolean;
}[] = [
  { shop: 0, name: '王丽', job: 'manager', level: '店长', commissionRateBp: 500, hiredDaysAgo: 1100, account: '13800000002' },
  { shop: 0, name: '周晓雯', job: 'tattoo-artist', level: '首席纹绣师', commissionRateBp: 2000, hiredDaysAgo: 900 },
  { shop: 0, name: '孙佳怡', job: 'tattoo-artist', level: '高级纹绣师', commissionRateBp: 1500, hiredDaysAgo: 420 },
  { shop: 0, name: '李梦瑶', job: 'beautician', level: '中级美容师', commissionRateBp: 1000, hiredDaysAgo: 300 },
  { shop: 0, name: '赵婷', job: 'receptionist', level: '', commissionRateBp: 200, hiredDaysAgo: 200 },
  { shop: 1, name: '刘思涵', job: 'tattoo-artist', level: '首席纹绣师', commissionRateBp: 2000, hiredDaysAgo: 700 },
  { shop: 1, name: '黄欣', job: 'tattoo-artist', level: '纹绣师', commissionRateBp: 1200, hiredDaysAgo: 150 },
  { shop: 1, name: '吴雪', job: 'beautician', level: '高级美容师', commissionRateBp: 1200, hiredDaysAgo: 500 },
  { shop: 1, name: '郑可馨', job: 'receptionist', level: '', commissionRateBp: 200, hiredDaysAgo: 380, left: true },
  { shop: 2, name: '陈静', job: 'manager', level: '店长', commissionRateBp: 500, hiredDaysAgo: 800, account: '13800000004' },
  { shop: 2, name: '林诗雨', job: 'tattoo-artist', level: '高级纹绣师', commissionRateBp: 1500, hiredDaysAgo: 600 },
  { shop: 2, name: '何悦', job: 'beautician', level: '美容师', commissionRateBp: 1000, hiredDaysAgo: 90 },
];

/** Customers per demo shop: the flagship has the most. */
const CUSTOMERS_PER_SHOP = [130, 100, 80];

/** How customers find the shops, weighted like a chain that lives on Meituan and Douyin. */
const SOURCE_WEIGHTS: Record<CustomerSource, number> = {
  'walk-in': 25,
  referral: 20,
  meituan: 25,
  douyin: 15,
  'mini-program': 10,
  other: 5,
};
const TAGS = ['敏感肌', '老客', '油皮', '干皮', '怕痛', '学生', '转介绍达人', '复购'] as const;
const HEALTH_NOTES = [
  '对利多卡因过敏',
  '瘢痕体质，操作前需评估',
  '高血压，服药控制中',
  '孕期勿做',
  '对部分色料过敏，做过皮试',
  '糖尿病，伤口愈合较慢',
] as const;
const NOTES = [
  '喜欢自然款',
  '只约周末',
  '希望由首席纹绣师操作',
  '上次补色效果满意',
  '不接受电话回访，请发短信',
  '对价格敏感，关注会员活动',
] as const;

function weighted<T extends string>(r: Random, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let x = r.next() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [k, w] of entries) {
    x -= w;
    if (x < 0) return k;
  }
  return entries[0][0];
}

/** The demo shops' staff and a few hundred customers; run inside seedDemo's transaction. */
export async function seedPeople(tx: Tx, ctx: { shopIds: number[]; accountIds: Record<string, number> }, now = Date.now()): Promise<void> {
  const r = seededRandom(20260101);
  const nextPhone = phoneSource(r);

  await tx.insert(staff).values(
    DEMO_STAFF.map((m) => ({
      shopId: ctx.shopIds[m.shop],
      name: m.name,
      phone: nextPhone(),
      job: m.job,
      level: m.level,
      hiredAt: shanghaiDay(daysAgo(r, m.hiredDaysAgo, now)),
      status: m.left ? ('left' as const) : ('active' as const),
      commissionRateBp: m.commissionRateBp,
      accountId: m.account ? ctx.accountIds[m.account] : null,
    })),
  );

  const rows = ctx.shopIds.flatMap((shopId, i) =>
    Array.from({ length: CUSTOMERS_PER_SHOP[i] ?? 50 }, () => {
      const gender: Gender = r.chance(0.9) ? 'female' : r.chance(0.8) ? 'male' : 'unknown';
      const vip = r.chance(0.2);
      const createdAt = daysAgo(r, r.int(0, 540), now);
      const tags: string[] = r.sample(TAGS, r.int(0, 2));
      if (vip) tags.push('VIP');
      if (createdAt.getTime() < now - 365 * 86_400_000 && !tags.includes('老客')) tags.push('老客');
      return {
        name: chineseName(r, gender === 'male' ? 'male' : 'female'),
        phone: nextPhone(),
        gender,
        birthday: r.chance(0.8)
          ? `${r.int(1972, 2005)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`
          : null,
        source: weighted(r, SOURCE_WEIGHTS),
        shopId,
        vip,
        tags,
        healthNotes: r.chance(0.15) ? r.pick(HEALTH_NOTES) : '',
        // Tattoo customers sign the informed-consent form before their first service.
        consentSignedAt: r.chance(0.6) ? new Date(Math.min(createdAt.getTime() + r.int(5, 60) * 60_000, now)).toISOString() : null,
        notes: r.chance(0.2) ? r.pick(NOTES) : '',
        createdAt: createdAt.toISOString(),
        updatedAt: createdAt.toISOString(),
      };
    }),
  );
  await tx.insert(customers).values(rows);
}
