import crypto from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { consentVersions } from '../db/schema';
import { audit } from '../audit/audit';
import type { Actor } from '../auth/actor';
import { notFound } from '../http/errors';
import { serverResource } from '../http/resource';
import { PROGRAM_TYPE_LABELS, type ProgramType } from '../../contract/program';
import { consentVersionResource, type ConsentVersion, type consentVersionCreateSchema } from '../../contract/consentVersion';

export type ConsentVersionRow = typeof consentVersions.$inferSelect;
export type ConsentVersionInput = z.output<typeof consentVersionCreateSchema>;

/** Whether no newer version of the same type exists: the version a visit must be signed with. */
// The outer row named in full: drizzle writes a column of a one-table select without its table.
const isCurrent = sql<boolean>`not exists (select 1 from consent_versions newer
  where newer.program_type = "consent_versions"."program_type" and newer.version > "consent_versions"."version")`;

export const consentVersionList = serverResource({
  descriptor: consentVersionResource,
  table: consentVersions,
  entity: 'consent-version',
  columns: {
    id: consentVersions.id,
    programType: consentVersions.programType,
    version: consentVersions.version,
    createdAt: consentVersions.createdAt,
  },
  idColumn: consentVersions.id,
  defaultSort: [asc(consentVersions.programType), desc(consentVersions.version)],
  derived: { current: isCurrent },
});

export function consentVersionView(row: ConsentVersionRow & { current: boolean }): ConsentVersion {
  const { createdBy: _c, ...rest } = row;
  return { ...rest, programType: rest.programType as ProgramType };
}

export async function readConsentVersion(db: DbOrTx, id: number): Promise<ConsentVersion> {
  const [row] = await db.select({ row: consentVersions, current: isCurrent }).from(consentVersions).where(eq(consentVersions.id, id));
  if (!row) throw notFound(consentVersionResource.missing);
  return consentVersionView({ ...row.row, current: row.current });
}

/** The newest version of each program type: the one a visit of that type must be signed with. */
export async function currentConsentVersions(db: DbOrTx): Promise<Map<number, { id: number; version: number }>> {
  const rows = await db
    .selectDistinctOn([consentVersions.programType], {
      programType: consentVersions.programType,
      id: consentVersions.id,
      version: consentVersions.version,
    })
    .from(consentVersions)
    .orderBy(consentVersions.programType, desc(consentVersions.version));
  return new Map(rows.map((r) => [r.programType, { id: r.id, version: r.version }]));
}

/** SHA-256 of the text as signed, kept on the record: it shows which words the signature stands under. */
export function consentTextHash(body: string): string {
  return crypto.createHash('sha256').update(body, 'utf8').digest('hex');
}

/**
 * POST consent-versions: the next version of the type's text. Publishing one per type at a time
 * (an advisory lock) keeps the numbers gapless; earlier versions stay, signed records point at them.
 */
export async function publishConsentVersion(tx: Tx, actor: Actor, input: ConsentVersionInput): Promise<ConsentVersion> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consent-version:${input.programType}`}))`);
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${consentVersions.version}), 0)::int` })
    .from(consentVersions)
    .where(eq(consentVersions.programType, input.programType));
  const [row] = await tx
    .insert(consentVersions)
    .values({
      programType: input.programType,
      version: last + 1,
      title: input.title,
      body: input.body,
      textHash: consentTextHash(input.body),
      createdBy: actor.session.accountId,
      createdByName: actor.session.accountName.slice(0, 30),
    })
    .returning();
  await audit(tx, actor, {
    action: 'create',
    entity: 'consent-version',
    entityId: row.id,
    summary: `发布${PROGRAM_TYPE_LABELS[input.programType]}知情同意书第 ${row.version} 版「${row.title}」`,
  });
  return consentVersionView({ ...row, current: true });
}
