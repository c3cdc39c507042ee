import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { accountGrants, uploads } from '../db/schema';
import { invalid } from '../http/errors';
import { extOf, isStoredName, sniffImage, type ImageExt, type ImageStorage } from '../storage/imageStorage';
import { privateUploadName } from './privateImages';

/** A signature given as an upload: its bytes, and what to do with the upload once they are kept privately. */
export interface UploadedSignature {
  bytes: Buffer;
  ext: ImageExt;
  uploadId: number;
  /** The public file, deleted once the signing has committed. */
  publicName: string;
}

const refused = (message: string) => invalid(message, [{ field: 'signature', message }]);

/**
 * The signature the shop uploaded through POST upload (a paper form scanned, a pad on another
 * device): an image of the last 24 hours uploaded by an account of the serving shop, not yet taken
 * for a signature. The row is locked, so one upload signs one record.
 */
export async function takeUploadedSignature(
  tx: Tx,
  publicStore: ImageStorage,
  shopId: number,
  uploadId: number,
): Promise<UploadedSignature> {
  const [upload] = await tx
    .select({ storedName: uploads.storedName })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, uploadId),
        gt(uploads.createdAt, sql`now() - interval '1 day'`),
        inArray(uploads.accountId, tx.select({ id: accountGrants.accountId }).from(accountGrants).where(eq(accountGrants.shopId, shopId))),
      ),
    )
    .for('update');
  if (!upload) throw refused('签名图片不存在：请使用本店账号 24 小时内上传的图片');
  if (!isStoredName(upload.storedName)) throw refused('该上传图片已用于签名，请重新上传');
  const stream = await publicStore.open(upload.storedName);
  if (!stream) throw refused('签名图片已不存在，请重新上传');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // Uploads are re-encoded when received; the bytes are still checked to be the image their name says.
  const ext = extOf(upload.storedName);
  if (sniffImage(bytes) !== ext) throw refused('签名必须是图片');
  return { bytes, ext, uploadId, publicName: upload.storedName };
}

/** The upload now lives in the private store: its row says so, and still counts against the quota. */
export async function markSignatureKept(tx: Tx, signature: UploadedSignature, signatureName: string): Promise<void> {
  await tx
    .update(uploads)
    .set({ storedName: privateUploadName(signatureName) })
    .where(eq(uploads.id, signature.uploadId));
}
