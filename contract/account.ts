import { z } from 'zod';
import { API } from './api';
import type { Grant } from './auth';
import { ROLES, ROLE_LABELS, roleNeedsShop, type Role } from './roles';
import { link, oneOf, optionalText, phone, strictObject, text } from './validation';
import { defineResource, filter } from './resource';

/** Accounts and their grants (docs/domain.md "account"); managed by admins at /business/account. */
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = { active: '正常', disabled: '已停用' };

/** A rule of the API and the UI alike: an account must keep at least one grant to stay usable. */
export const LAST_GRANT_MESSAGE = '账号至少保留一个角色';

const accountFields = {
  name: text('姓名', { max: 30 }),
  phone: phone(),
  jobName: optionalText('职位', 30),
  remark: optionalText('备注', 200),
  avatar: link('头像'),
};

/** A (role, shop) pair: a shop-manager grant names one shop, admin and financial-staff grants none. */
export const grantSchema = strictObject({
  role: oneOf('角色', ROLES),
  shopID: z
    .number({ error: '门店必须是数字' })
    .int('门店必须是整数')
    .positive('门店不正确')
    .max(2_147_483_647, '门店不正确')
    .nullable()
    .optional(),
})
  .superRefine((g, ctx) => {
    if (roleNeedsShop(g.role) && g.shopID == null) ctx.addIssue({ code: 'custom', path: ['shopID'], message: '店长角色必须选择门店' });
    if (!roleNeedsShop(g.role) && g.shopID != null)
      ctx.addIssue({ code: 'custom', path: ['shopID'], message: '管理员和财务角色不关联门店' });
  })
  .transform((g) => ({ role: g.role, shopID: g.shopID ?? null }));
export type GrantInput = z.output<typeof grantSchema>;

const sameGrant = (a: GrantInput, b: GrantInput) => a.role === b.role && a.shopID === b.shopID;

export const accountCreateSchema = strictObject({
  name: accountFields.name,
  phone: accountFields.phone,
  jobName: accountFields.jobName.default(''),
  remark: accountFields.remark.default(''),
  avatar: accountFields.avatar.default(''),
  grants: z
    .array(grantSchema, { error: (i) => (i.input === undefined ? '请至少分配一个角色' : '角色列表必须是数组') })
    .min(1, '请至少分配一个角色')
    .max(20, '一个账号最多 20 个角色')
    .refine((gs) => gs.every((g, i) => gs.findIndex((h) => sameGrant(g, h)) === i), '角色重复，同一角色和门店只能分配一次'),
});

/** PATCH accounts/:id and PATCH profile: phone, status and grants change only through their own calls. */
export const accountUpdateSchema = strictObject({
  name: accountFields.name,
  jobName: accountFields.jobName,
  remark: accountFields.remark,
  avatar: accountFields.avatar,
}).partial();
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

/** A grant as the admin page shows it; id is what DELETE accounts/:id/grants/:grantId takes. */
export interface AccountGrant extends Grant {
  id: number;
}

/** An account row. phone is masked (maskPhone of ./mask) everywhere except GET accounts/:id. */
export const accountRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  avatar: z.string(),
  jobName: z.string(),
  remark: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  grants: z.array(z.object({ id: z.number(), role: z.enum(ROLES), shopID: z.number().nullable(), shop: z.string().nullable() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountRowSchema>;

export const accountResource = defineResource({
  name: 'accounts',
  read: ['admin'],
  write: ['admin'],
  actions: { disable: ['admin'], enable: ['admin'], 'reset-password': ['admin'], grants: ['admin'] },
  shopScoped: false,
  schemas: { row: accountRowSchema, create: accountCreateSchema, update: accountUpdateSchema },
  filters: {
    id: filter.int,
    name: filter.text,
    phone: filter.text,
    jobName: filter.text,
    status: filter.oneOf(ACCOUNT_STATUSES),
    // An account holding a grant of this role, or for this shop.
    role: filter.oneOf(ROLES),
    shopID: filter.int,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'name', 'phone', 'jobName', 'status', 'createdAt', 'updatedAt'],
  search: '姓名或手机号',
  missing: '账号不存在',
  labels: 'account',
});

/** Answer of create and reset-password: the initial password is shown this once and never again. */
export interface AccountWithPassword extends Account {
  initialPassword: string;
}

/** "店长（美颜坊·徐汇旗舰店）" or "管理员": how a grant is named to people. */
export function grantLabel(role: Role, shopName: string | null): string {
  return shopName ? `${ROLE_LABELS[role]}（${shopName}）` : ROLE_LABELS[role];
}

const base = `${API.resourceBase}/accounts`;
export const ACCOUNT_API = {
  /** GET list (q, status, role, shopID, paging) and POST create. */
  list: base,
  /** GET (full phone, audited) and PATCH. */
  one: (id: number) => `${base}/${id}`,
  disable: (id: number) => `${base}/${id}/disable`,
  enable: (id: number) => `${base}/${id}/enable`,
  resetPassword: (id: number) => `${base}/${id}/reset-password`,
  /** POST {role, shopID} */
  grants: (id: number) => `${base}/${id}/grants`,
  /** DELETE */
  grant: (id: number, grantId: number) => `${base}/${id}/grants/${grantId}`,
} as const;

/** PATCH: the calling account's own name, avatar, jobName, remark; answers UserInfo. */
export const PROFILE_API = `${API.resourceBase}/profile`;
