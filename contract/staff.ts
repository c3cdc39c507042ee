import { z } from 'zod';
import { strictObject, text, optionalText, phone, int, oneOf, day } from './validation';
import { defineResource, filter } from './resource';
import type { ProgramType } from './program';

export const STAFF_JOBS = ['tattoo-artist', 'beautician', 'receptionist', 'manager'] as const;
export type StaffJob = (typeof STAFF_JOBS)[number];
export const STAFF_JOB_LABELS: Record<StaffJob, string> = {
  'tattoo-artist': '纹绣师',
  beautician: '美容师',
  receptionist: '前台',
  manager: '店长',
};

/**
 * Who performs which program type (contract/program.ts): 纹绣师 the brow and lip tattoos, 美容师
 * the beauty care. 前台 and 店长 serve no program, so the booking form never offers them as the artist.
 */
export const JOBS_BY_PROGRAM_TYPE: Readonly<Record<ProgramType, readonly StaffJob[]>> = {
  1: ['tattoo-artist'],
  2: ['tattoo-artist'],
  3: ['beautician'],
};

export function performsProgramType(job: StaffJob, type: ProgramType): boolean {
  return JOBS_BY_PROGRAM_TYPE[type].includes(job);
}

export const STAFF_STATUSES = ['active', 'left'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = { active: '在职', left: '离职' };

/** Commission is stored in basis points: 10000 = 100%. */
const MAX_COMMISSION_BP = 10_000;

export const STAFF_FIELD_LABELS = {
  name: '姓名',
  phone: '手机号',
  job: '岗位',
  level: '级别',
  hiredAt: '入职日期',
  status: '在职状态',
  commissionRateBp: '提成比例',
  accountId: '关联账号',
} as const;

const L = STAFF_FIELD_LABELS;
const staffFields = {
  name: text(L.name, { max: 30 }),
  phone: phone(L.phone),
  job: oneOf(L.job, STAFF_JOBS),
  level: optionalText(L.level, 20),
  hiredAt: day(L.hiredAt),
  status: oneOf(L.status, STAFF_STATUSES),
  commissionRateBp: int(L.commissionRateBp, 0, MAX_COMMISSION_BP),
  accountId: z
    .number({ error: `${L.accountId}必须是数字` })
    .int(`${L.accountId}必须是整数`)
    .positive(`${L.accountId}不正确`)
    .max(2_147_483_647, `${L.accountId}不正确`)
    .nullable(),
};

/** The shop is never part of the input: a member always belongs to the session's current shop. */
export const staffCreateSchema = strictObject({
  ...staffFields,
  level: staffFields.level.default(''),
  status: staffFields.status.default('active'),
  commissionRateBp: staffFields.commissionRateBp.default(0),
  accountId: staffFields.accountId.optional(),
});
export const staffUpdateSchema = strictObject(staffFields).partial();

export type StaffInput = z.input<typeof staffCreateSchema>;

/** A member as lists and GET /:id answer it: `phone` is masked (139****0001). */
const staffRowSchema = z.object({
  id: z.number(),
  shopId: z.number(),
  name: z.string(),
  phone: z.string(),
  job: z.enum(STAFF_JOBS),
  level: z.string(),
  hiredAt: z.string(),
  status: z.enum(STAFF_STATUSES),
  commissionRateBp: z.number(),
  accountId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Staff = z.infer<typeof staffRowSchema>;

export const staffResource = defineResource({
  name: 'staff',
  // Managers run their shop's team; admin and finance read every shop's (commission review) but never write.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  actions: { 'reveal-phone': ['shop-manager', 'admin'] },
  shopScoped: true,
  deleteBlocks: true,
  schemas: { row: staffRowSchema, create: staffCreateSchema, update: staffUpdateSchema },
  filters: {
    id: filter.int,
    shopId: filter.int,
    name: filter.text,
    job: filter.oneOf(STAFF_JOBS),
    level: filter.text,
    hiredAt: filter.day,
    status: filter.oneOf(STAFF_STATUSES),
    commissionRateBp: filter.int,
    accountId: filter.int,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'shopId', 'name', 'job', 'level', 'hiredAt', 'status', 'commissionRateBp', 'accountId', 'createdAt', 'updatedAt'],
  search: '姓名或手机号数字',
  missing: '员工不存在',
  labels: 'staff',
});
