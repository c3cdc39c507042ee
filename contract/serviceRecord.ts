import { z } from 'zod';
import { strictObject, text, optionalText, int, oneOf, bool, day } from './validation';
import { defineResource, filter } from './resource';
import { PROGRAM_TYPES } from './program';
import { HEALTH_QUESTION_KEYS, type HealthQuestionKey } from './healthQuestionnaire';

/**
 * The service record (服务档案) of one visit: the health questionnaire, the signed consent, the
 * pigments and materials, before/after photos and the artist's notes (docs/service-records.md).
 * The serving shop owns it; the customer's home shop reads it too.
 */
export const PHOTO_KINDS = ['before', 'after', 'touch-up'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTO_KIND_LABELS: Record<PhotoKind, string> = { before: '术前', after: '术后', 'touch-up': '补色' };

/** Program types whose visit needs a consent of the current version signed before it is completed. */
export const CONSENT_PROGRAM_TYPES = [1, 2] as const;

export const MAX_PIGMENTS = 12;
export const MAX_PHOTOS = 12;
/** A drawn signature as a PNG data URL; the pad's PNG of a tablet-wide canvas stays well below this. */
export const MAX_SIGNATURE_BYTES = 512 * 1024;

export const SERVICE_RECORD_FIELD_LABELS = {
  appointmentId: '预约',
  customerName: '客户',
  programName: '服务项目',
  staffName: '服务人员',
  servedAt: '服务时间',
  shopName: '服务门店',
  health: '健康问询',
  answers: '问询回答',
  healthNote: '问询补充说明',
  pigments: '色料与耗材',
  brand: '品牌',
  colour: '色号',
  batch: '批号',
  expiresOn: '有效期至',
  amount: '用量',
  needle: '针型',
  notes: '操作备注',
  versionId: '知情同意书版本',
  signature: '签名',
  photoConsent: '照片授权',
  kind: '照片类型',
  reason: '放行原因',
  overrideReason: '店长放行原因',
  consentSignedAt: '签署时间',
  createdAt: '建档时间',
} as const;
const L = SERVICE_RECORD_FIELD_LABELS;

const pigmentSchema = strictObject({
  brand: text(L.brand, { max: 30 }),
  colour: text(L.colour, { max: 30 }),
  batch: text(L.batch, { max: 40 }),
  expiresOn: day(L.expiresOn),
  amount: optionalText(L.amount, 20).default(''),
  needle: optionalText(L.needle, 30).default(''),
});
export type PigmentInput = z.input<typeof pigmentSchema>;

const pigmentRowSchema = z.object({
  brand: z.string(),
  colour: z.string(),
  batch: z.string(),
  expiresOn: z.string(),
  amount: z.string(),
  needle: z.string(),
});
export type Pigment = z.infer<typeof pigmentRowSchema>;

const answerSchema = z.object({ key: z.string(), question: z.string(), blocks: z.boolean(), answer: z.boolean() });
export type HealthAnswer = z.infer<typeof answerSchema>;

export const serviceRecordRowSchema = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  /** The customer's home shop when the record was opened: it reads the record too. */
  customerShopId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  appointmentId: z.number(),
  programId: z.number(),
  programName: z.string(),
  programType: z.literal(PROGRAM_TYPES),
  staffName: z.string(),
  servedAt: z.string(),
  /** A touch-up visit's original visit, by its record (null when there is none or it is not a touch-up). */
  originalRecordId: z.number().nullable(),
  /** The answers with the wording they were given to; empty until the questionnaire is filled. */
  health: z.array(answerSchema),
  healthNote: z.string(),
  healthAnsweredAt: z.string().nullable(),
  notes: z.string(),
  overrideReason: z.string(),
  overriddenByName: z.string(),
  overriddenAt: z.string().nullable(),
  consentVersionId: z.number().nullable(),
  consentVersion: z.number().nullable(),
  consentTitle: z.string(),
  consentTextHash: z.string(),
  consentSignedAt: z.string().nullable(),
  photoConsent: z.boolean(),
  photoConsentWithdrawnAt: z.string().nullable(),
  photoConsentWithdrawnByName: z.string(),
  pigments: z.array(pigmentRowSchema),
  photos: z.array(z.object({ id: z.number(), kind: z.enum(PHOTO_KINDS), createdAt: z.string(), createdByName: z.string() })),
  /** What completing the visit still needs, in words (empty when it may be completed). */
  missing: z.array(z.string()),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceRecord = z.infer<typeof serviceRecordRowSchema>;

const id = (label: string) => int(label, 1, 2_147_483_647);

/** POST service-records: the record of an arrived (or completed) visit of the shop; one per visit. */
export const serviceRecordCreateSchema = strictObject({ appointmentId: id(L.appointmentId) });

/** The questionnaire as the console sends it: every question answered yes (true) or no (false). */
export const healthInputSchema = strictObject({
  answers: z.record(z.enum(HEALTH_QUESTION_KEYS, { error: `${L.answers}含有未知的问题` }), bool(L.answers), {
    error: `${L.answers}必须是对象`,
  }),
  note: optionalText(L.healthNote, 500).default(''),
}).refine((h) => HEALTH_QUESTION_KEYS.every((k) => typeof h.answers[k as HealthQuestionKey] === 'boolean'), {
  message: '请回答全部健康问询问题',
  path: ['answers'],
});

/** PATCH service-records/:id: the questionnaire, the pigments (the whole list) and the notes. */
export const serviceRecordUpdateSchema = strictObject({
  health: healthInputSchema,
  pigments: z.array(pigmentSchema, { error: `${L.pigments}必须是列表` }).max(MAX_PIGMENTS, `${L.pigments}最多 ${MAX_PIGMENTS} 条`),
  notes: optionalText(L.notes, 2000),
}).partial();

/**
 * POST service-records/:id/consent: the version signed, the signature, the separate photo consent.
 * The signature is the pad's drawing as a PNG data URL, or the id of an image the shop uploaded
 * through POST upload (a signature given on paper or another device).
 */
export const serviceRecordConsentSchema = strictObject({
  versionId: id(L.versionId),
  signature: z.union(
    [
      z
        .string()
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, `${L.signature}必须是 PNG 图片（data URL）`)
        .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 32, `${L.signature}图片过大`),
      id(`${L.signature}图片 ID`),
    ],
    {
      error: (iss) =>
        iss.input === undefined || iss.input === null ? `请${L.signature}` : `${L.signature}必须是 PNG 图片（data URL）或上传图片的 ID`,
    },
  ),
  photoConsent: bool(L.photoConsent),
});

/** POST service-records/:id/override: a manager lets a visit with a blocking answer go ahead. */
export const serviceRecordOverrideSchema = strictObject({ reason: text(L.reason, { max: 200, min: 4 }) });

/** POST service-records/:id/withdraw-photo-consent: the customer takes back the photo consent. */
export const serviceRecordWithdrawSchema = strictObject({});

export const photoKindSchema = oneOf(L.kind, PHOTO_KINDS);

export const serviceRecordResource = defineResource({
  name: 'service-records',
  // Finance reads records for a recall (which customers got a batch); photos and signatures are
  // served to managers and admins only (server/serviceRecords/visibility.ts).
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['shop-manager'],
  actions: {
    consent: ['shop-manager'],
    photos: ['shop-manager'],
    override: ['shop-manager'],
    'withdraw-photo-consent': ['shop-manager'],
  },
  shopScoped: true,
  schemas: { row: serviceRecordRowSchema, create: serviceRecordCreateSchema, update: serviceRecordUpdateSchema },
  filters: { customerId: filter.int, appointmentId: filter.int, batch: filter.text },
  sortable: [],
  missing: '服务档案不存在',
  labels: 'serviceRecord',
});

/** GET service-records: at least one of the three, so a list is a customer's, a visit's or a batch's. */
export const serviceRecordQuerySchema = strictObject({
  customerId: z.coerce.number({ error: `客户 ID 格式不正确` }).int('客户 ID 格式不正确').positive('客户 ID 格式不正确').optional(),
  appointmentId: z.coerce.number({ error: `预约 ID 格式不正确` }).int('预约 ID 格式不正确').positive('预约 ID 格式不正确').optional(),
  batch: z.string().trim().min(1, `请输入${L.batch}`).max(40, `${L.batch}最多 40 个字`).optional(),
}).refine((q) => q.customerId !== undefined || q.appointmentId !== undefined || q.batch !== undefined, {
  message: '请按客户、预约或色料批号查询服务档案',
  path: ['customerId'],
});
