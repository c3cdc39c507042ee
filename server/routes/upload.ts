import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import { UPLOAD_MIMES, UPLOAD_PATH, uploadedImageSchema, type UploadedImage } from '../../contract/upload';
import { uploads } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import { envelope, fileAnswer } from '../http/routeSchemas';
import { errorAnswers } from '../http/apiDocument';
import { notFound } from '../http/errors';
import { audit } from '../audit/audit';
import { IMAGE_TYPES, extOf, type ImageStorage } from '../storage/imageStorage';
import { diskImageStorage } from '../storage/diskImageStorage';
import { IMAGE_MULTIPART_LIMITS, receiveImage } from '../storage/receiveImage';
import { hitRateLimit } from '../auth/rateLimit';
import { tooManyUntil } from '../auth/retryAfter';
import { refuses } from '../http/refusals';
import type { Tx } from '../db/client';

const imageAnswer = fileAnswer('图片（上传时重新编码）', UPLOAD_MIMES);

/**
 * POST upload (multipart, one image of at most 5 MB) and GET upload/:name. The kind of image is
 * read from the bytes, never from the file name or the declared type, and the stored name is
 * random, so a file can neither pose as another type nor choose where it lands.
 */
/** Per account: a burst limit, and a daily quota of images and bytes (every role may upload). */
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

/** 42900 when the account's uploads of the last 24 hours, with this one, exceed the daily quota. */
async function checkDailyQuota(tx: Tx, accountId: number, bytes: number): Promise<void> {
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

const uploadRoutes: FastifyPluginAsyncZod<{ storage?: ImageStorage }> = async (app, opts) => {
  const storage = opts.storage ?? diskImageStorage(path.join(app.config.dataDir, 'uploads'));
  // Registered per plugin: only the routes that take an image accept multipart bodies.
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });

  // Any logged-in role: admins for banners and programs, managers for their shop's pictures.
  app.post(
    UPLOAD_PATH,
    { preValidation: [authenticate, uploadRate], schema: { response: { 200: envelope(uploadedImageSchema), ...errorAnswers(400) } } },
    async (req) => {
      const { bytes: clean, ext, name: fileName } = await receiveImage(req);
      const account = sessionOf(req).accountId;
      const image = await app.db.transaction(async (tx) => {
        // One upload per account at a time checks the quota, so parallel ones cannot all slip under it.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${account}`}))`);
        await checkDailyQuota(tx, account, clean.length);
        const name = await storage.save(clean, ext);
        const saved: UploadedImage = {
          url: `${UPLOAD_PATH}/${name}`,
          name: fileName,
          size: clean.length,
          mime: IMAGE_TYPES[ext],
        };
        const [row] = await tx
          .insert(uploads)
          .values({ storedName: name, originalName: saved.name, mime: saved.mime, sizeBytes: saved.size, accountId: account })
          .returning({ id: uploads.id });
        await audit(tx, req, {
          action: 'upload',
          entity: 'upload',
          entityId: row.id,
          summary: `上传图片 ${saved.name}（${saved.size} 字节）存为 ${name}`,
        });
        return saved;
      });
      return ok(image);
    },
  );

  // Public on purpose: <img> tags cannot send a bearer token, and 128-bit random names are not guessable.
  app.get(
    `${UPLOAD_PATH}/:name`,
    { schema: { params: z.object({ name: z.string() }), response: { 200: imageAnswer } } },
    async (req, reply) => {
      const { name } = req.params;
      const stream = await storage.open(name);
      if (!stream) throw notFound('图片不存在');
      return (
        reply
          .header('content-type', IMAGE_TYPES[extOf(name)])
          .header('x-content-type-options', 'nosniff')
          // A stored name never changes its bytes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          // The document's schema describes the bytes as a binary string; what goes out is their stream.
          .send(stream as unknown as string)
      );
    },
  );
};

export default uploadRoutes;
