import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { consentVersions, serviceRecordPhotos, serviceRecords } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid, notFound } from '../http/errors';
import { actingShop, type Actor } from '../auth/actor';
import { sniffImage, type ImageStorage } from '../storage/imageStorage';
import { UnreadableImage, reencodeImage } from '../storage/reencodeImage';
import { PROGRAM_TYPE_LABELS, type ProgramType } from '../../contract/program';
import type { ServiceRecord, serviceRecordConsentSchema } from '../../contract/serviceRecord';
import { currentConsentVersions } from './consentVersions';
import { lockOpenRecord } from './editRecord';
import { markSignatureKept, takeUploadedSignature } from './uploadedSignature';
import { RECORD_MISSING, readServiceRecord, type ServiceRecordRow } from './serviceRecordRow';

export type ConsentInput = z.output<typeof serviceRecordConsentSchema>;

/** A change of a record and the files it leaves behind, removed once the change has committed. */
export interface RecordChange {
  record: ServiceRecord;
  /** Private files (signatures, photos) no row names any more. */
  removedFiles: string[];
  /** Public uploads whose bytes now live in the private store. */
  removedUploads?: string[];
}

/** Where images are kept: the private store of records, and the public uploads a signature may be taken from. */
export interface RecordStores {
  private: ImageStorage;
  uploads: ImageStorage;
}

const signatureError = (message: string) => invalid(message, [{ field: 'signature', message }]);

/** The drawn signature: a PNG by its bytes, decoded and encoded afresh like every stored image. */
async function signaturePng(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (sniffImage(bytes) !== 'png') throw signatureError('签名必须是 PNG 图片');
  return reencodeImage(bytes, 'png').catch((e: unknown) => {
    if (e instanceof UnreadableImage) throw signatureError('签名图片无法读取，请重新签名');
    throw e;
  });
}

/** Deletes the record's photos (rows now, files once committed) and says when and by whom consent was withdrawn. */
async function dropPhotos(tx: Tx, actor: Actor, record: ServiceRecordRow, now: number): Promise<string[]> {
  const photos = await tx.delete(serviceRecordPhotos).where(eq(serviceRecordPhotos.recordId, record.id)).returning();
  await tx
    .update(serviceRecords)
    .set({
      photoConsent: false,
      photoConsentWithdrawnAt: new Date(now).toISOString(),
      photoConsentWithdrawnBy: actor.session.accountId,
      photoConsentWithdrawnByName: actor.session.accountName.slice(0, 30),
      updatedAt: sql`now()`,
    })
    .where(eq(serviceRecords.id, record.id));
  await audit(tx, actor, {
    action: 'withdraw-photo-consent',
    entity: 'service-record',
    entityId: record.id,
    summary: `客户撤回照片授权，删除照片 ${photos.length} 张`,
  });
  return photos.map((p) => p.storedName);
}

/**
 * POST service-records/:id/consent: the customer signs the current version of the consent of the
 * visit's program type. The record keeps the version, its text hash, the time and the signature (a
 * private file, drawn on the pad or taken from an upload); the photo consent is its own tick.
 * Signing again (a new version) replaces the signature; signing without the photo tick after giving
 * it withdraws it, photos and all.
 */
export async function signConsent(
  tx: Tx,
  actor: Actor,
  stores: RecordStores,
  id: number,
  input: ConsentInput,
  now = Date.now(),
): Promise<RecordChange> {
  // The drawing is decoded before any row is locked.
  const drawn = typeof input.signature === 'string' ? await signaturePng(input.signature) : null;
  const before = await lockOpenRecord(tx, actor, id);
  const [version] = await tx.select().from(consentVersions).where(eq(consentVersions.id, input.versionId));
  const type = PROGRAM_TYPE_LABELS[before.programType as ProgramType];
  if (!version || version.programType !== before.programType) {
    const message = `知情同意书版本不存在，或不是${type}的知情同意书`;
    throw invalid(message, [{ field: 'versionId', message }]);
  }
  const current = (await currentConsentVersions(tx)).get(before.programType);
  if (current && current.id !== version.id) throw conflict(`${type}知情同意书已更新为第 ${current.version} 版，请签署当前版本`);
  const uploaded =
    typeof input.signature === 'number' ? await takeUploadedSignature(tx, stores.uploads, before.shopId, input.signature) : null;
  // Exactly one of the two is there: the schema takes a data URL or an upload id.
  const signatureName = await stores.private.save(uploaded?.bytes ?? (drawn as Buffer), uploaded?.ext ?? 'png');
  if (uploaded) await markSignatureKept(tx, uploaded, signatureName);
  const at = new Date(now).toISOString();
  await tx
    .update(serviceRecords)
    .set({
      consentVersionId: version.id,
      consentVersion: version.version,
      consentTitle: version.title,
      consentTextHash: version.textHash,
      consentSignedAt: at,
      signatureName,
      ...(input.photoConsent ? { photoConsent: true } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(serviceRecords.id, id));
  await audit(tx, actor, {
    action: 'consent',
    entity: 'service-record',
    entityId: id,
    summary:
      `客户签署${type}知情同意书第 ${version.version} 版（${version.textHash.slice(0, 12)}…），` +
      `${uploaded ? `签名取自上传图片 ${uploaded.uploadId}，` : ''}照片授权：${input.photoConsent ? '同意' : '不同意'}`,
  });
  const removedFiles = before.signatureName ? [before.signatureName] : [];
  if (!input.photoConsent && before.photoConsent) removedFiles.push(...(await dropPhotos(tx, actor, before, now)));
  return {
    record: await readServiceRecord(tx, actor.session, id),
    removedFiles,
    removedUploads: uploaded ? [uploaded.publicName] : [],
  };
}

/**
 * POST service-records/:id/withdraw-photo-consent: the customer takes back the photo consent, at the
 * serving shop or at her home shop. Every photo of the record is deleted, from storage too.
 */
export async function withdrawPhotoConsent(tx: Tx, actor: Actor, id: number, now = Date.now()): Promise<RecordChange> {
  const shopId = actingShop(actor);
  const [record] = await tx
    .select()
    .from(serviceRecords)
    .where(and(eq(serviceRecords.id, id), or(eq(serviceRecords.shopId, shopId), eq(serviceRecords.customerShopId, shopId))))
    .for('update');
  if (!record) throw notFound(RECORD_MISSING);
  if (!record.photoConsent) throw conflict('客户未授权照片存档，无需撤回');
  const removedFiles = await dropPhotos(tx, actor, record, now);
  return { record: await readServiceRecord(tx, actor.session, id), removedFiles };
}
