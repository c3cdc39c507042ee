import { z } from 'zod';
import { strictObject, text, clockTime, oneOf } from './validation';
import { isRegionCode } from './region';
import { defineResource, filter } from './resource';

export const SHOP_STATUSES = ['open', 'closed'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

/** Landlines (021-64581234, 0755-1234567) or mainland mobiles. */
const SHOP_PHONE_RE = /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|1[3-9]\d{9}|400-?\d{3}-?\d{4})$/;

const shopFields = {
  name: text('门店名称', { max: 50 }),
  regionCode: z
    .string({ error: (i) => (i.input === undefined ? '请选择所在地区' : '所在地区必须是文本') })
    .refine(isRegionCode, '所在地区不是有效的六位区划代码'),
  address: text('详细地址', { max: 200 }),
  phone: z
    .string({ error: (i) => (i.input === undefined ? '请输入联系电话' : '联系电话必须是文本') })
    .trim()
    .regex(SHOP_PHONE_RE, '联系电话格式不正确，例如 021-64581234 或 13800000000'),
  openTime: clockTime('营业开始时间'),
  closeTime: clockTime('营业结束时间'),
  status: oneOf('营业状态', SHOP_STATUSES),
};

// Compared only when both are well-formed: a malformed time already has its own message, and
// "24:00" < "18:00" would add a wrong "close before open" one.
const isClockTime = (v: string | undefined): v is string => shopFields.openTime.safeParse(v).success;
const openBeforeClose = (s: { openTime?: string; closeTime?: string }) =>
  !isClockTime(s.openTime) || !isClockTime(s.closeTime) || s.openTime < s.closeTime;
const OPEN_BEFORE_CLOSE = { message: '营业结束时间必须晚于开始时间', path: ['closeTime'] };

export const shopCreateSchema = strictObject({ ...shopFields, status: shopFields.status.default('open') }).refine(openBeforeClose, {
  ...OPEN_BEFORE_CLOSE,
}); // a copy: zod moves `message` out of the object it is given
export const shopUpdateSchema = strictObject(shopFields).partial();
export { openBeforeClose as shopHoursValid, OPEN_BEFORE_CLOSE as SHOP_HOURS_ERROR };
export const shopFieldSchemas = shopFields;

export type ShopInput = z.input<typeof shopCreateSchema>;

const shopRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  regionCode: z.string(),
  address: z.string(),
  phone: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  status: z.enum(SHOP_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shop = z.infer<typeof shopRowSchema>;

export const shopResource = defineResource({
  name: 'shops',
  // Every role reads shops (a manager its current shop only); only admins run them.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['admin'],
  actions: {},
  shopScoped: true,
  deleteBlocks: true,
  schemas: { row: shopRowSchema, create: shopCreateSchema, update: shopUpdateSchema },
  filters: {
    id: filter.int,
    name: filter.text,
    // A province or city code matches every shop below it.
    regionCode: filter.text,
    address: filter.text,
    phone: filter.text,
    status: filter.oneOf(SHOP_STATUSES),
    openTime: filter.text,
    closeTime: filter.text,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'name', 'regionCode', 'address', 'phone', 'status', 'openTime', 'closeTime', 'createdAt', 'updatedAt'],
  search: '门店名称、地址或电话',
  missing: '门店不存在',
  labels: 'shop',
});
