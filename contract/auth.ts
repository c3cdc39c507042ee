import { z } from 'zod';
import { strictObject, phone } from './validation';
import { ROLES } from './roles';

export const loginPasswordSchema = strictObject({
  phone: phone(),
  password: z
    .string({ error: (i) => (i.input === undefined ? '请输入密码' : '密码必须是文本') })
    .min(1, '请输入密码')
    .max(64, '密码最多 64 位'),
});

export const getCaptchaSchema = strictObject({ phone: phone() });

export const loginCaptchaSchema = strictObject({
  phone: phone(),
  captcha: z
    .string({ error: (i) => (i.input === undefined ? '请输入验证码' : '验证码必须是文本') })
    .regex(/^\d{6}$/, '验证码应为 6 位数字'),
});

export const roleShopChangeSchema = strictObject({
  role: z.enum(['admin', 'shop-manager', 'financial-staff'], { error: '角色取值不正确' }),
  shopID: z.number({ error: '门店必须是数字' }).int('门店必须是整数').positive('门店不正确').nullable().optional(),
});

export const passwordModifySchema = strictObject({
  oldPassword: z
    .string({ error: (i) => (i.input === undefined ? '请输入原密码' : '原密码必须是文本') })
    .min(1, '请输入原密码')
    .max(64, '原密码最多 64 位'),
  newPassword: z
    .string({ error: (i) => (i.input === undefined ? '请输入新密码' : '新密码必须是文本') })
    .min(8, '新密码至少 8 位，且须同时包含字母和数字')
    .max(64, '新密码最多 64 位')
    .refine((s) => /[A-Za-z]/.test(s) && /\d/.test(s), '新密码至少 8 位，且须同时包含字母和数字'),
});

/** data of user/login/*: the session's bearer token. */
export const loginAnswerSchema = z.object({ token: z.string() });

/** data of user/info: the account and its current grant (docs/console.md "User info"). */
export const userInfoSchema = z.object({
  /** The account's id: the console tells the account's own row apart by it (no 停用 on oneself). */
  accountId: z.number(),
  name: z.string(),
  remark: z.string(),
  avatar: z.string(),
  jobName: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  shop: z.string().nullable(),
  shopID: z.number().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const grantRowSchema = z.object({ role: z.enum(ROLES), shopID: z.number().nullable(), shop: z.string().nullable() });
export type Grant = z.infer<typeof grantRowSchema>;

/** data of user/role/shop. */
export const roleShopListSchema = z.object({
  grants: z.array(grantRowSchema),
  current: z.object({ role: z.enum(ROLES), shopID: z.number().nullable() }),
});
export type RoleShopList = z.infer<typeof roleShopListSchema>;
