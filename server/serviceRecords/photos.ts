import type { Readable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { serviceRecordPhotos, serviceRecords } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, forbidden, notFound } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { IMAGE_TYPES, type ImageExt, type ImageStorage } from '../storage/imageStorage';
import { holdDailyQuota, recordUpload } from '../storage/uploadQuota';
import { MAX_PHOTOS, PHOTO_KIND_LABELS, type PhotoKind, type ServiceRecord } from '../../contract/serviceRecord';
import { findRecord, lockRecord, readServiceRecord } from './serviceRecordRow';
import type { RecordChange } from './consent';
import { privateUploadName } from './privateImages';

const PHOTO_MISSING = '照片不存在';

/**
 * POST service-records/:id/photos: a photo of the visit, after the customer's photo consent. The
 * image (re-encoded by the caller) goes to the private store, never to the public uploads; it counts
 * against the account's daily upload quota like every image received.
 */
export async function addPhoto(
  tx: Tx,
  actor: Actor,
  storage: ImageStorage,
  id: number,
  kind: PhotoKind,
  image: { bytes: Buffer; ext: ImageExt; name: string },
): Promise<ServiceRecord> {
  const record = await lockRecord(tx, actingShop(actor), id);
  if (!record.photoConsent) throw conflict('客户未授权照片存档，不能上传照片（请先在知情同意书中勾选照片授权）');
  const [{ n }] = await tx.select({ n: count() }).from(serviceRecordPhotos).where(eq(serviceRecordPhotos.recordId, id));
  if (n >= MAX_PHOTOS) throw conflict(`每个服务档案最多 ${MAX_PHOTOS} 张照片`);
  const accountId = actor.session.accountId;
  await holdDailyQuota(tx, accountId, image.bytes.length);
  const storedName = await storage.save(image.bytes, image.ext);
  await recordUpload(tx, {
    storedName: privateUploadName(storedName),
    originalName: image.name,
    mime: IMAGE_TYPES[image.ext],
    sizeBytes: image.bytes.length,
    accountId,
  });
  const [photo] = await tx
    .insert(serviceRecordPhotos)
    .values({ recordId: id, kind, storedName, createdBy: accountId, createdByName: actor.session.accountName.slice(0, 30) })
    .returning({ id: serviceRecordPhotos.id });
  await tx
    .update(serviceRecords)
    .set({ updatedAt: sql`now()` })
    .where(eq(serviceRecords.id, id));
  await audit(tx, actor, {
    action: 'add-photo',
    entity: 'service-record',
    entityId: id,
    summary: `上传${PHOTO_KIND_LABELS[kind]}照片（照片 ${photo.id}）`,
  });
  return readServiceRecord(tx, actor.session, id);
}

/** DELETE service-records/:id/photos/:photoId: the serving shop removes a photo, from storage too once committed. */
export async function deletePhoto(tx: Tx, actor: Actor, id: number, photoId: number): Promise<RecordChange> {
  await lockRecord(tx, actingShop(actor), id);
  const [photo] = await tx
    .delete(serviceRecordPhotos)
    .where(and(eq(serviceRecordPhotos.id, photoId), eq(serviceRecordPhotos.recordId, id)))
    .returning();
  if (!photo) throw notFound(PHOTO_MISSING);
  await audit(tx, actor, {
    action: 'delete-photo',
    entity: 'service-record',
    entityId: id,
    summary: `删除${PHOTO_KIND_LABELS[photo.kind]}照片（照片 ${photo.id}）`,
  });
  return { record: await readServiceRecord(tx, actor.session, id), removedFiles: [photo.storedName] };
}

/**
 * GET service-records/:id/photos/:photoId and …/signature: the private image for a manager who may
 * see the customer (the serving shop or the home shop) or an admin, each view audited; finance works
 * with the recall list and sees no faces or signatures.
 */
export async function openPrivateImage(
  db: Db,
  actor: Actor,
  storage: ImageStorage,
  id: number,
  photoId: number | null,
): Promise<{ name: string; stream: Readable }> {
  if (actor.session.role === 'financial-staff') throw forbidden('财务不能查看客户照片和签名');
  const record = await findRecord(db, actor.session, id);
  let name: string | null;
  if (photoId === null) name = record.signatureName;
  else {
    const [photo] = await db
      .select({ storedName: serviceRecordPhotos.storedName })
      .from(serviceRecordPhotos)
      .where(and(eq(serviceRecordPhotos.id, photoId), eq(serviceRecordPhotos.recordId, id)));
    name = photo?.storedName ?? null;
  }
  const stream = name === null ? undefined : await storage.open(name);
  if (!name || !stream) throw notFound(photoId === null ? '签名不存在' : PHOTO_MISSING);
  // No view without its audit row: the file is sent only once the row is written.
  await audit(db, actor, {
    action: photoId === null ? 'view-signature' : 'view-photo',
    entity: 'service-record',
    entityId: id,
    summary: photoId === null ? `查看 ${record.customerName} 的签名` : `查看 ${record.customerName} 的照片（照片 ${photoId}）`,
  }).catch((e: unknown) => {
    stream.destroy();
    throw e;
  });
  return { name, stream };
}
