import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { programs, serviceRecords } from '../db/schema';
import { conflict } from '../http/errors';
import { CONSENT_PROGRAM_TYPES } from '../../contract/serviceRecord';
import { PROGRAM_TYPE_LABELS, type ProgramType } from '../../contract/program';
import { currentConsentVersions } from './consentVersions';
import { blockingAnswers } from './health';
import type { ServiceRecordRow } from './serviceRecordRow';

type Gaps = Pick<ServiceRecordRow, 'programType' | 'health' | 'healthAnsweredAt' | 'overriddenAt' | 'consentVersionId'>;

/** A blocking answer stands until a manager's override; the words name the questions. */
function blockingGap(record: Pick<ServiceRecordRow, 'health' | 'overriddenAt'>): string | undefined {
  const blocking = blockingAnswers(record.health);
  if (!blocking.length || record.overriddenAt !== null) return undefined;
  return `健康问询有禁忌项（${blocking.join('、')}），需店长放行`;
}

/**
 * What completing the record's visit still needs, in words (empty: it may be completed): the
 * questionnaire, no blocking answer unless overridden, and for brow and lip work the consent of
 * the type's current version.
 */
export function recordGaps(record: Gaps, current: { id: number; version: number } | undefined): string[] {
  const gaps: string[] = [];
  if (record.healthAnsweredAt === null) gaps.push('未填写健康问询');
  const blocking = blockingGap(record);
  if (blocking) gaps.push(blocking);
  if ((CONSENT_PROGRAM_TYPES as readonly number[]).includes(record.programType)) {
    const type = PROGRAM_TYPE_LABELS[record.programType as ProgramType];
    if (!current) gaps.push(`尚未发布${type}知情同意书，请管理员在运营管理中发布`);
    else if (record.consentVersionId === null) gaps.push(`未签署${type}知情同意书`);
    else if (record.consentVersionId !== current.id) gaps.push(`${type}知情同意书已更新为第 ${current.version} 版，需重新签署`);
  }
  return gaps;
}

/**
 * Before a visit is completed (by hand or by paying its order): 409 naming everything its record
 * still lacks, or that it has none.
 */
export async function requireCompletableRecord(tx: DbOrTx, appointmentId: number): Promise<void> {
  const [record] = await tx.select().from(serviceRecords).where(eq(serviceRecords.appointmentId, appointmentId));
  const gaps = record ? recordGaps(record, (await currentConsentVersions(tx)).get(record.programType)) : ['未建立服务档案'];
  if (gaps.length) throw conflict(`服务档案不完整，不能完成服务：${gaps.join('；')}`);
}

/**
 * The cashier's check on a visit's service lines: a record with a blocking answer and no override
 * stops them (409). A visit without a record is the completion's to refuse, not the cashier's.
 */
export async function refuseBlockedServiceLines(db: DbOrTx, appointmentId: number | null): Promise<void> {
  if (appointmentId === null) return;
  const [record] = await db
    .select({ health: serviceRecords.health, overriddenAt: serviceRecords.overriddenAt, programName: programs.name })
    .from(serviceRecords)
    .innerJoin(programs, eq(programs.id, serviceRecords.programId))
    .where(eq(serviceRecords.appointmentId, appointmentId));
  const blocking = record && blockingGap(record);
  if (blocking) throw conflict(`该预约的服务档案${blocking}，放行前不能收银「${record.programName}」`);
}
