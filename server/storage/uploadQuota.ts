import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { uploads } from '../db/schema';
import { sessionOf } from '../auth/sessionGuard';
import { hitRateLimit } from '../auth/rateLimit';
import { tooManyUntil } from '../auth/retryAfter';
import { refuses } from '../http/refusals';

/**
 * Per account: a burst limit, and a daily quota of images and bytes, over every image the server
 * receives (the public uploads and the private visit photos alike). Every role may upload.
 */
export const UPLOADS_PER_MINUTE = 20;
export const DAILY_UPLOADS = 200;
export const DAILY_UPLOAD_BYTES = 200 * 1024 * 1024;

/** Counted before the body is read, so a refused flood costs no decoding. */
export const uploadRate = refuses([429], async (req: FastifyRequest): Promise<void> => {
  await hitRateLimit(
    req.server.db,
    `upload:${sessionOf(req).accountId}`,
    UPLOADS_PER_MINUTE,
    60,
    `每分钟最多上传 ${UPLOADS_PER_MINUTE} 张图片`,
  );
});

/**
 * 42900 when the account's images of the last 24 hours, with this one, exceed the daily quota. It
 * holds the account's quota lock until the transaction ends, so parallel uploads cannot all slip
 * under it: the caller records the image (recordUpload) in the same transaction.
 */
export async function holdDailyQuota(tx: Tx, accountId: number, bytes: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${accountId}`}))`);
  const { rows } = await tx.execute<{ created_at: string; size_bytes: number; now: string }>(sql`
    select created_at, size_bytes, now() as now from uploads
    where account_id = ${accountId} and created_at > now() - interval '1 day'
    order by created_at desc`);
  let count = 1;
  let total = bytes;
  // Walking back from the newest: the upload that tips the quota is the one whose ageing out frees room.
  for (const row of rows) {
    count += 1;
    total += row.size_bytes;
    if (count > DAILY_UPLOADS || total > DAILY_UPLOAD_BYTES) {
      const reason = `每个账号 24 小时内最多上传 ${DAILY_UPLOADS} 张图片、共 ${DAILY_UPLOAD_BYTES / 1024 / 1024} MB`;
      throw tooManyUntil(reason, new Date(new Date(row.created_at).getTime() + 86_400_000), new Date(rows[0].now));
    }
  }
}

/** The row an image received counts by; answers its id. */
export async function recordUpload(tx: Tx, image: typeof uploads.$inferInsert): Promise<number> {
  const [row] = await tx.insert(uploads).values(image).returning({ id: uploads.id });
  return row.id;
}
