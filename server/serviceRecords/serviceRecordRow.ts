import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pigmentUses, serviceRecordPhotos, serviceRecords, shops } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { notFound } from '../http/errors';
import { serviceRecordResource, type ServiceRecord } from '../../contract/serviceRecord';
import type { ProgramType } from '../../contract/program';
import { currentConsentVersions } from './consentVersions';
import { recordGaps } from './completion';

export type ServiceRecordRow = typeof serviceRecords.$inferSelect;

export const RECORD_MISSING = serviceRecordResource.missing;

/**
 * The records a session may read: a shop-manager those its shop served and those of its own
 * customers served elsewhere in the chain; admin and finance all. Another's is 404.
 */
export function visibleRecords(session: SessionContext): SQL | undefined {
  if (session.role !== 'shop-manager') return undefined;
  const shopId = session.shopId ?? -1;
  return or(eq(serviceRecords.shopId, shopId), eq(serviceRecords.customerShopId, shopId));
}

/** The records as the API answers them, with their pigments, photos and what completion still needs. */
export async function serviceRecordViews(db: DbOrTx, rows: ServiceRecordRow[]): Promise<ServiceRecord[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const pigments = await db.select().from(pigmentUses).where(inArray(pigmentUses.recordId, ids)).orderBy(pigmentUses.id);
  const photos = await db
    .select()
    .from(serviceRecordPhotos)
    .where(inArray(serviceRecordPhotos.recordId, ids))
    .orderBy(serviceRecordPhotos.id);
  const names = new Map(
    (
      await db
        .select({ id: shops.id, name: shops.name })
        .from(shops)
        .where(
          inArray(
            shops.id,
            rows.map((r) => r.shopId),
          ),
        )
    ).map((s) => [s.id, s.name]),
  );
  const current = await currentConsentVersions(db);
  return rows.map((row) => {
    const { signatureName: _s, overriddenBy: _o, photoConsentWithdrawnBy: _w, createdBy: _c, programType, ...rest } = row;
    return {
      ...rest,
      programType: programType as ProgramType,
      shopName: names.get(row.shopId) ?? '',
      pigments: pigments
        .filter((p) => p.recordId === row.id)
        .map(({ brand, colour, batch, expiresOn, amount, needle }) => ({ brand, colour, batch, expiresOn, amount, needle })),
      photos: photos
        .filter((p) => p.recordId === row.id)
        .map(({ id, kind, createdAt, createdByName }) => ({ id, kind, createdAt, createdByName })),
      missing: recordGaps(row, current.get(row.programType)),
    };
  });
}

/** The record the session may read, or 404. */
export async function findRecord(db: DbOrTx, session: SessionContext, id: number): Promise<ServiceRecordRow> {
  const [row] = await db
    .select()
    .from(serviceRecords)
    .where(and(eq(serviceRecords.id, id), visibleRecords(session)));
  if (!row) throw notFound(RECORD_MISSING);
  return row;
}

/** GET service-records/:id, and the answer of every call that changes a record. */
export async function readServiceRecord(db: DbOrTx, session: SessionContext, id: number): Promise<ServiceRecord> {
  const [view] = await serviceRecordViews(db, [await findRecord(db, session, id)]);
  return view;
}

/**
 * The record a write may change, locked until the transaction ends: only the serving shop's manager
 * writes; the customer's home shop reads it (a write from there is 404, as for any other shop).
 */
export async function lockRecord(tx: DbOrTx, shopId: number, id: number): Promise<ServiceRecordRow> {
  const [row] = await tx
    .select()
    .from(serviceRecords)
    .where(and(eq(serviceRecords.id, id), eq(serviceRecords.shopId, shopId)))
    .for('update');
  if (!row) throw notFound(RECORD_MISSING);
  return row;
}
