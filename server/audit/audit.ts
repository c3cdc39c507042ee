import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';
import { maskPhone } from '../../contract/mask';

/** A mainland mobile number inside any text, not part of a longer run of digits. */
const MOBILE_IN_TEXT = /(?<!\d)1[3-9]\d{9}(?!\d)/g;

/** The audit table never holds a full mobile number, whoever wrote the summary. */
function maskPhones(text: string): string {
  return text.replace(MOBILE_IN_TEXT, maskPhone);
}

/** Fields whose values are personal (contact, health, private notes): an update records only that they changed. */
const SENSITIVE_FIELDS: ReadonlySet<string> = new Set(['phone', 'healthNotes', 'notes', 'birthday', 'remark', 'tags']);

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
  await auditInsert(db, req, entry).prepare('audit_insert').execute();
}

/** The insert of one audit row, not yet run: for a statement that writes it along with its change (a CTE). */
export function auditInsert(db: DbOrTx, req: Pick<FastifyRequest, 'session' | 'ip'>, entry: AuditEntry) {
  return db.insert(auditLogs).values(auditRow(req, entry));
}

/** The audit row's values, its summary's phone numbers masked. */
function auditRow(req: Pick<FastifyRequest, 'session' | 'ip'>, entry: AuditEntry) {
  const s = req.session;
  return {
    accountId: entry.accountId ?? s?.accountId ?? null,
    role: entry.role ?? s?.role ?? null,
    shopId: entry.shopId ?? s?.shopId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: maskPhones(entry.summary ?? '').slice(0, 2000),
    ip: req.ip ?? '',
  };
}

/**
 * "field: before -> after" for the fields that changed ("healthNotes: 已修改" for a sensitive one);
 * empty when nothing did, and then a PATCH writes neither the row nor an audit row.
 */
export function diffSummary(before: Record<string, unknown>, after: Record<string, unknown>): string {
  return Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => (SENSITIVE_FIELDS.has(k) ? `${k}: 已修改` : `${k}: ${JSON.stringify(before[k])} -> ${JSON.stringify(after[k])}`))
    .join('; ');
}
