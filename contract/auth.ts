import { z } from 'zod';
import { strictObject, phone } from './validation';
import type { Role } from './roles';

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

/** data of user/info: the account and its current grant (docs/console.md "User info"). */
export interface UserInfo {
  /** The account's id: the console tells the account's own row apart by it (no 停用 on oneself). */
  accountId: number;
  name: string;
  remark: string;
  avatar: string;
  jobName: string;
  phone: string;
  role: Role;
  shop: string | null;
  shopID: number | null;
}

export interface Grant {
  role: Role;
  shopID: number | null;
  shop: string | null;
}

/** data of user/role/shop. */
export interface RoleShopList {
  grants: Grant[];
  current: { role: Role; shopID: number | null };
}
