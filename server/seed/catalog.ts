import type { Tx } from '../db/client';
import { banners, programs } from '../db/schema';
import type { ProgramType } from '../../contract/program';

type DemoProgram = {
  name: string;
  type: ProgramType;
  priceFen: number;
  vipPriceFen: number;
  durationMinutes: number;
  touchUpDays: number;
  tag: string;
  status: 'on' | 'off';
  details: { key: string; value: string }[];
};

/** The chain's service menu, with prices in fen (¥1,680.00 = 168000). */
export const DEMO_PROGRAMS: DemoProgram[] = [
  {
    name: '雾眉',
    type: 1,
    priceFen: 168_000,
    vipPriceFen: 138_000,
    durationMinutes: 120,
    touchUpDays: 60,
    tag: '热销',
    status: 'on',
    details: [
      { key: '适合人群', value: '眉毛稀疏、眉形不对称、想要自然妆感的顾客' },
      { key: '保持时间', value: '1-2 年，因肤质而异' },
      { key: '术后护理', value: '7 天内避免沾水、化妆和剧烈运动' },
    ],
  },
  {
    name: '野生眉',
    type: 1,
    priceFen: 198_000,
    vipPriceFen: 168_000,
    durationMinutes: 150,
    touchUpDays: 60,
    tag: '新品',
    status: 'on',
    details: [
      { key: '适合人群', value: '喜欢毛流感、原生眉效果的顾客' },
      { key: '保持时间', value: '1-1.5 年' },
    ],
  },
  {
    name: '线条眉',
    type: 1,
    priceFen: 228_000,
    vipPriceFen: 198_000,
    durationMinutes: 180,
    touchUpDays: 60,
    tag: '',
    status: 'on',
    details: [
      { key: '适合人群', value: '眉毛局部缺失、需要精细根根分明效果的顾客' },
      { key: '保持时间', value: '1-2 年' },
    ],
  },
  {
    name: '水晶唇',
    type: 2,
    priceFen: 258_000,
    vipPriceFen: 218_000,
    durationMinutes: 150,
    touchUpDays: 60,
    tag: '热销',
    status: 'on',
    details: [
      { key: '适合人群', value: '唇色暗沉、唇纹明显、唇线不清晰的顾客' },
      { key: '保持时间', value: '2-3 年' },
      { key: '术后护理', value: '结痂期间勿撕痂，按时涂抹修复膏' },
    ],
  },
  {
    name: '裸唇',
    type: 2,
    priceFen: 198_000,
    vipPriceFen: 168_000,
    durationMinutes: 120,
    touchUpDays: 60,
    tag: '',
    status: 'on',
    details: [
      { key: '适合人群', value: '想要自然唇色、素颜也有好气色的顾客' },
      { key: '保持时间', value: '1-2 年' },
    ],
  },
  {
    name: '韩式半永久眉（旧款）',
    type: 1,
    priceFen: 128_000,
    vipPriceFen: 108_000,
    durationMinutes: 120,
    touchUpDays: 60,
    tag: '',
    status: 'off',
    details: [{ key: '说明', value: '已由雾眉、野生眉取代，仅保留历史记录' }],
  },
  {
    name: '小气泡清洁',
    type: 3,
    priceFen: 19_800,
    vipPriceFen: 12_800,
    durationMinutes: 45,
    touchUpDays: 0,
    tag: '引流',
    status: 'on',
    details: [
      { key: '功效', value: '深层清洁毛孔、去除黑头与角质' },
      { key: '建议频率', value: '每 2-4 周一次' },
    ],
  },
  {
    name: '补水护理',
    type: 3,
    priceFen: 29_800,
    vipPriceFen: 23_800,
    durationMinutes: 60,
    touchUpDays: 0,
    tag: '',
    status: 'on',
    details: [
      { key: '功效', value: '深层补水、舒缓泛红，改善干燥紧绷' },
      { key: '建议频率', value: '每周一次，连续 4 次为一疗程' },
    ],
  },
  {
    name: '光子嫩肤',
    type: 3,
    priceFen: 58_000,
    vipPriceFen: 48_000,
    durationMinutes: 60,
    touchUpDays: 0,
    tag: '会员专享',
    status: 'on',
    details: [
      { key: '功效', value: '淡化色斑、收缩毛孔、提亮肤色' },
      { key: '注意事项', value: '孕期、光敏体质及近期暴晒者不宜' },
    ],
  },
];

const DAY_MS = 86_400_000;

/** A picture per program type: 1 eyebrow tattoo, 2 lip tattoo, 3 beauty. */
const PROGRAM_PICTURES: Record<number, string> = {
  1: '/demo/program-brow.webp',
  2: '/demo/program-lips.webp',
  3: '/demo/program-beauty.webp',
};

/** The programs and the customer app's banners; run inside seedDemo's transaction. */
export async function seedCatalog(tx: Tx, now = Date.now()): Promise<void> {
  // Pictures drawn for the demo (server/cli/makeDemoImages.ts), served from the console's public folder.
  await tx.insert(programs).values(DEMO_PROGRAMS.map((p) => ({ ...p, mainImage: PROGRAM_PICTURES[p.type] })));
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  await tx.insert(banners).values([
    {
      name: '新客首单立减 200 元',
      image: '/demo/banner-new-customer.webp',
      platform: '小程序',
      priority: 100,
      type: '首页轮播',
      source: '市场部',
      jumpLink: '/pages/activity/new-customer',
      status: 'on',
      startAt: at(-10),
      endAt: at(50),
    },
    {
      name: '水晶唇限时体验价',
      image: '/demo/banner-lips.webp',
      platform: '小程序',
      priority: 90,
      type: '首页轮播',
      source: '市场部',
      jumpLink: '/pages/program/detail?name=水晶唇',
      status: 'on',
      startAt: at(-3),
      endAt: at(27),
    },
    {
      name: '会员日 全场护理 8 折',
      image: '/demo/banner-member-day.webp',
      platform: 'H5',
      priority: 80,
      type: '活动页',
      source: '运营部',
      jumpLink: 'https://m.meiyanfang.example.com/member-day',
      status: 'on',
      startAt: null,
      endAt: null,
    },
    {
      name: '老带新 双方各得护理券',
      image: '/demo/banner-referral.webp',
      platform: '小程序',
      priority: 70,
      type: '首页轮播',
      source: '运营部',
      jumpLink: '/pages/activity/referral',
      status: 'on',
      startAt: at(-30),
      endAt: at(60),
    },
    {
      name: '春季眉形设计沙龙',
      image: '/demo/banner-new-customer.webp',
      platform: 'H5',
      priority: 60,
      type: '活动页',
      source: '市场部',
      jumpLink: 'https://m.meiyanfang.example.com/salon',
      status: 'off',
      startAt: at(-120),
      endAt: at(-90),
    },
  ]);
}
