import { z } from 'zod';
import { strictObject, text } from './validation';
import { defineResource, filter } from './resource';
import { PROGRAM_TYPES } from './program';

/**
 * The text of the consent form (知情同意书) per program type, versioned: an admin publishes a new
 * version (POST consent-versions); old versions stay, since signed records point at them. The
 * newest version of a type is the current one, the one a visit must be signed with.
 */
export const CONSENT_VERSION_FIELD_LABELS = {
  programType: '项目类型',
  version: '版本',
  title: '标题',
  body: '正文',
  textHash: '正文摘要（SHA-256）',
  current: '当前版本',
  createdByName: '发布人',
  createdAt: '发布时间',
} as const;
const L = CONSENT_VERSION_FIELD_LABELS;

export const MAX_CONSENT_BODY = 20_000;

export const consentVersionRowSchema = z.object({
  id: z.number(),
  programType: z.literal(PROGRAM_TYPES),
  version: z.number(),
  title: z.string(),
  body: z.string(),
  textHash: z.string(),
  /** Whether this is the newest version of its type. */
  current: z.boolean(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type ConsentVersion = z.infer<typeof consentVersionRowSchema>;

export const consentVersionCreateSchema = strictObject({
  programType: z.literal(PROGRAM_TYPES, {
    error: (i) => (i.input === undefined ? `请选择${L.programType}` : `${L.programType}取值不正确，应为 1 纹眉、2 纹唇或 3 美容`),
  }),
  title: text(L.title, { max: 60 }),
  body: text(L.body, { max: MAX_CONSENT_BODY, min: 20 }),
});
export type ConsentVersionInput = z.input<typeof consentVersionCreateSchema>;

export const consentVersionResource = defineResource({
  name: 'consent-versions',
  // Managers read the text the customer signs; only admins publish a version.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['admin'],
  actions: {},
  shopScoped: false,
  schemas: { row: consentVersionRowSchema, create: consentVersionCreateSchema, update: z.never() },
  filters: {
    id: filter.int,
    programType: filter.oneOf(PROGRAM_TYPES),
    version: filter.int,
    createdAt: filter.instant,
  },
  sortable: ['id', 'programType', 'version', 'createdAt'],
  missing: '知情同意书版本不存在',
  labels: 'consentVersion',
});
