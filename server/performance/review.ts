import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { performanceRecords } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, notFound } from '../http/errors';
import type { Actor } from '../auth/actor';
import {
  performanceReviewRefusal,
  performanceRecordResource,
  type PerformanceBatchResult,
  type PerformanceRecord,
} from '../../contract/performanceRecord';
import { readPerformanceRecord } from './listing';

const p = performanceRecords;
const ENTITY = 'performance-record';

/** Who reviewed and when: kept on the record as it was. */
const reviewer = (actor: Actor) => ({
  reviewedBy: actor.session.accountId,
  reviewedByName: actor.session.accountName,
  reviewedAt: sql`now()`,
  updatedAt: sql`now()`,
});

/** Approves or rejects one pending record (locked, so two reviewers never both decide it); a final one is 409. */
export async function reviewPerformanceRecord(
  db: Db,
  actor: Actor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<PerformanceRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: p.status, orderNo: p.orderNo, staffName: p.staffName, amountFen: p.amountFen })
      .from(p)
      .where(eq(p.id, id))
      .for('update');
    if (!row) throw notFound(performanceRecordResource.missing);
    if (row.status !== 'pending') throw conflict(performanceReviewRefusal(row.status));
    await tx
      .update(p)
      .set(
        decision.approve
          ? { status: 'approved', ...reviewer(actor) }
          : { status: 'rejected', rejectReason: decision.reason, ...reviewer(actor) },
      )
      .where(eq(p.id, id));
    const what = `${row.orderNo} ${row.staffName} ${row.amountFen} 分`;
    await audit(
      tx,
      actor,
      decision.approve
        ? { action: 'approve', entity: ENTITY, entityId: id, summary: `业绩审核通过：${what}` }
        : { action: 'reject', entity: ENTITY, entityId: id, summary: `业绩驳回：${what}；原因：${decision.reason}` },
    );
    return readPerformanceRecord(tx, id);
  });
}

/**
 * Approves every pending record of `ids` in one transaction; the others are skipped with why (not
 * found, already approved or rejected). Rows are locked in id order, so two batches never deadlock.
 */
export async function approvePerformanceRecords(db: Db, actor: Actor, ids: number[]): Promise<PerformanceBatchResult> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: p.id, status: p.status }).from(p).where(inArray(p.id, wanted)).orderBy(p.id).for('update');
    const status = new Map(found.map((r) => [r.id, r.status]));
    const approved = wanted.filter((id) => status.get(id) === 'pending');
    const skipped = wanted
      .filter((id) => status.get(id) !== 'pending')
      .map((id) => {
        const s = status.get(id);
        return { id, reason: s ? performanceReviewRefusal(s) : performanceRecordResource.missing };
      });
    if (approved.length) {
      await tx
        .update(p)
        .set({ status: 'approved', ...reviewer(actor) })
        .where(inArray(p.id, approved));
      await audit(tx, actor, {
        action: 'approve',
        entity: ENTITY,
        summary: `批量审核通过 ${approved.length} 条：${approved.join(',')}${skipped.length ? `；跳过 ${skipped.length} 条` : ''}`,
      });
    }
    return { approved, skipped };
  });
}
