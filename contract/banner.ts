import { z } from 'zod';
import { strictObject, text, int, oneOf, link, instant } from './validation';
import { defineResource, filter } from './resource';

export const BANNER_STATUSES = ['on', 'off'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
export const BANNER_STATUS_LABELS: Record<BannerStatus, string> = { on: '上线', off: '下线' };

/**
 * Where a banner shows, what kind it is and who asked for it: a choice each (empty: not said). The
 * values are the words the customer app and the rows already use, so stored banners keep theirs.
 */
export const BANNER_PLATFORMS = ['小程序', 'H5', 'App'] as const;
export const BANNER_TYPES = ['首页轮播', '活动页', '开屏广告', '弹窗'] as const;
export const BANNER_SOURCES = ['市场部', '运营部', '门店', '合作方'] as const;

/** Field labels of docs/console.md "Banner form labels", used by messages and forms alike. */
export const BANNER_FIELD_LABELS = {
  name: '名称',
  platform: '平台',
  priority: '优先级',
  image: '图片',
  type: '类型',
  source: '来源',
  jumpLink: '跳转链接',
  imageLink: '图片链接',
  status: '状态',
  startAt: '开始时间',
  endAt: '结束时间',
} as const;

const L = BANNER_FIELD_LABELS;
/** One of `values`, or '' for none. */
const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) => oneOf(label, ['', ...values] as const);
const bannerFields = {
  // docs/console.md: the name's required message is exactly "请输入名称".
  name: text(L.name, { max: 50 }),
  platform: choice(L.platform, BANNER_PLATFORMS),
  priority: int(L.priority, 0, 9999),
  image: link(L.image),
  type: choice(L.type, BANNER_TYPES),
  source: choice(L.source, BANNER_SOURCES),
  jumpLink: link(L.jumpLink),
  imageLink: link(L.imageLink),
  status: oneOf(L.status, BANNER_STATUSES),
  startAt: instant(L.startAt).nullable(),
  endAt: instant(L.endAt).nullable(),
};

/** A start or end that is not a time at all is its own field's error, not this one. */
const endAfterStart = (b: { startAt?: string | Date | null; endAt?: string | Date | null }) => {
  const start = b.startAt ? new Date(b.startAt).getTime() : NaN;
  const end = b.endAt ? new Date(b.endAt).getTime() : NaN;
  return Number.isNaN(start) || Number.isNaN(end) || end > start;
};
const END_AFTER_START = { message: '结束时间必须晚于开始时间', path: ['endAt'] };

export const bannerCreateSchema = strictObject({
  ...bannerFields,
  platform: bannerFields.platform.default(''),
  priority: bannerFields.priority.default(0),
  image: bannerFields.image.default(''),
  type: bannerFields.type.default(''),
  source: bannerFields.source.default(''),
  jumpLink: bannerFields.jumpLink.default(''),
  imageLink: bannerFields.imageLink.default(''),
  status: bannerFields.status.default('on'),
  startAt: bannerFields.startAt.optional(),
  endAt: bannerFields.endAt.optional(),
  // A copy, because zod moves `message` out of the object it is given.
}).refine(endAfterStart, { ...END_AFTER_START });
export const bannerUpdateSchema = strictObject(bannerFields).partial();
export { endAfterStart as bannerPeriodValid, END_AFTER_START as BANNER_PERIOD_ERROR };

export type BannerInput = z.input<typeof bannerCreateSchema>;

const bannerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  platform: z.string(),
  priority: z.number(),
  image: z.string(),
  type: z.string(),
  source: z.string(),
  jumpLink: z.string(),
  imageLink: z.string(),
  status: z.enum(BANNER_STATUSES),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Banner = z.infer<typeof bannerRowSchema>;

export const bannerResource = defineResource({
  name: 'banners',
  // Banners are the customer app's advertising: only administrators manage or look at them.
  read: ['admin'],
  write: ['admin'],
  actions: {},
  shopScoped: false,
  schemas: { row: bannerRowSchema, create: bannerCreateSchema, update: bannerUpdateSchema },
  filters: {
    id: filter.int,
    name: filter.text,
    platform: filter.text,
    priority: filter.int,
    type: filter.text,
    source: filter.text,
    status: filter.oneOf(BANNER_STATUSES),
    startAt: filter.instant,
    endAt: filter.instant,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'name', 'platform', 'priority', 'type', 'source', 'status', 'startAt', 'endAt', 'createdAt', 'updatedAt'],
  search: '名称、平台或来源',
  missing: '活动不存在',
  labels: 'banner',
});
