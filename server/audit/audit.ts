import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** A short before/after summary; never a password, token or code. */
  summary?: string;
  /** For calls made before a session exists (login). */
  accountId?: number | null;
  role?: string | null;
  shopId?: number | null;
}

/** Writes one audit row; pass the transaction so the row commits or rolls back with the change. */
export async function audit(db: DbOrTx, req: Pick<FastifyRequest, 'session' | 'ip'>, entry: AuditEntry): Promise<void> {
  const s = req.session;
  await db.insert(auditLogs).values({
    accountId: entry.accountId ?? s?.accountId ?? null,
    role: entry.role ?? s?.role ?? null,
    shopId: entry.shopId ?? s?.shopId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: (entry.summary ?? '').slice(0, 2000),
    ip: req.ip ?? '',
  });
}

/** "field: before -> after" for the fields that changed. */
export function diffSummary(before: Record<string, unknown>, after: Record<string, unknown>): string {
  return Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${JSON.stringify(before[k])} -> ${JSON.stringify(after[k])}`)
    .join('; ');
}
