import { z } from 'zod';
import { strictObject, text, optionalText, int, oneOf } from './validation';
import { defineResource, filter } from './resource';
import { MAX_PRICE_FEN } from './program';

/** 储值卡: money paid in (principal) plus a gift (bonus); 次卡: a number of sessions of one program. */
export const CARD_KINDS = ['stored-value', 'package'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CARD_KIND_LABELS: Record<CardKind, string> = { 'stored-value': '储值卡', package: '次卡' };

export const CARD_PLAN_STATUSES = ['on', 'off'] as const;
export type CardPlanStatus = (typeof CARD_PLAN_STATUSES)[number];
export const CARD_PLAN_STATUS_LABELS: Record<CardPlanStatus, string> = { on: '上架', off: '下架' };

export const MAX_PACKAGE_SESSIONS = 100;
export const MAX_PACKAGE_VALID_DAYS = 3650;

export const CARD_PLAN_FIELD_LABELS = {
  name: '卡项名称',
  kind: '卡类型',
  priceFen: '售价',
  bonusFen: '赠送金额',
  programId: '服务项目',
  programName: '服务项目',
  sessions: '次数',
  validDays: '有效期（天）',
  status: '上架状态',
  note: '备注',
  soldCount: '已售',
  createdAt: '创建时间',
  updatedAt: '更新时间',
} as const;
const L = CARD_PLAN_FIELD_LABELS;

const id = (label: string) => int(label, 1, 2_147_483_647);

const cardPlanFields = {
  name: text(L.name, { max: 50 }),
  kind: oneOf(L.kind, CARD_KINDS),
  priceFen: int(L.priceFen, 1, MAX_PRICE_FEN),
  bonusFen: int(L.bonusFen, 0, MAX_PRICE_FEN),
  programId: id(L.programId).nullable(),
  sessions: int(L.sessions, 1, MAX_PACKAGE_SESSIONS).nullable(),
  validDays: int(L.validDays, 1, MAX_PACKAGE_VALID_DAYS).nullable(),
  status: oneOf(L.status, CARD_PLAN_STATUSES),
  note: optionalText(L.note, 200),
};

type PlanTerms = { kind?: CardKind; bonusFen?: number; programId?: number | null; sessions?: number | null; validDays?: number | null };

/**
 * The fields each kind carries: a stored-value plan a bonus and no program, sessions or validity (its
 * money does not expire); a package a program, sessions and valid days and no bonus. Checked on the
 * plan as it will be (a PATCH merged with the stored row on the server).
 */
export function cardPlanTermIssues(p: PlanTerms): { path: string; message: string }[] {
  if (p.kind === 'stored-value') {
    return (['programId', 'sessions', 'validDays'] as const)
      .filter((k) => p[k] !== null && p[k] !== undefined)
      .map((k) => ({ path: k, message: `${CARD_KIND_LABELS['stored-value']}不设${L[k]}` }));
  }
  if (p.kind === 'package') {
    const missing = (['programId', 'sessions', 'validDays'] as const)
      .filter((k) => p[k] === null || p[k] === undefined)
      .map((k) => ({ path: k, message: `${CARD_KIND_LABELS.package}请填写${L[k]}` }));
    return p.bonusFen ? [...missing, { path: 'bonusFen', message: `${CARD_KIND_LABELS.package}不设${L.bonusFen}` }] : missing;
  }
  return [];
}

/** POST card-plans. */
export const cardPlanCreateSchema = strictObject({
  ...cardPlanFields,
  bonusFen: cardPlanFields.bonusFen.default(0),
  programId: cardPlanFields.programId.default(null),
  sessions: cardPlanFields.sessions.default(null),
  validDays: cardPlanFields.validDays.default(null),
  status: cardPlanFields.status.default('on'),
  note: cardPlanFields.note.default(''),
}).superRefine((p, ctx) => {
  for (const issue of cardPlanTermIssues(p)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});

/**
 * PATCH card-plans/:id: the kind is fixed once made. A change of terms applies to later sales only:
 * a card keeps what it was sold with.
 */
const { kind: _kind, ...changeable } = cardPlanFields;
export const cardPlanUpdateSchema = strictObject(changeable).partial();
export const cardPlanFieldSchemas = cardPlanFields;

export type CardPlanInput = z.input<typeof cardPlanCreateSchema>;

export const cardPlanRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(CARD_KINDS),
  priceFen: z.number(),
  bonusFen: z.number(),
  programId: z.number().nullable(),
  /** The package's program by name; null for stored value. */
  programName: z.string().nullable(),
  sessions: z.number().nullable(),
  validDays: z.number().nullable(),
  status: z.enum(CARD_PLAN_STATUSES),
  note: z.string(),
  /** Cards sold of this plan: a plan sold once is never deleted, only taken off shelf. */
  soldCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardPlan = z.infer<typeof cardPlanRowSchema>;

export const cardPlanResource = defineResource({
  name: 'card-plans',
  // Every role that sells or accounts for cards reads the plans; only admin makes them.
  read: ['admin', 'shop-manager', 'financial-staff'],
  write: ['admin'],
  actions: {},
  shopScoped: false,
  // DELETE removes a plan never sold (a mistake); a sold one answers 40900 and is taken off shelf instead.
  deleteBlocks: true,
  schemas: { row: cardPlanRowSchema, create: cardPlanCreateSchema, update: cardPlanUpdateSchema },
  filters: {
    id: filter.int,
    name: filter.text,
    kind: filter.oneOf(CARD_KINDS),
    status: filter.oneOf(CARD_PLAN_STATUSES),
    programId: filter.int,
    priceFen: filter.int,
    createdAt: filter.instant,
    updatedAt: filter.instant,
  },
  sortable: ['id', 'name', 'kind', 'status', 'priceFen', 'createdAt', 'updatedAt'],
  search: '卡项名称',
  missing: '卡项不存在',
  labels: 'cardPlan',
});
