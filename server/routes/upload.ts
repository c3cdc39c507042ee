import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, UPLOAD_MIMES, UPLOAD_PATH, uploadedImageSchema, type UploadedImage } from '../../contract/upload';
import { uploads } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import { envelope, fileAnswer } from '../http/routeSchemas';
import { errorAnswers } from '../http/apiDocument';
import { AppError, invalid, notFound } from '../http/errors';
import { audit } from '../audit/audit';
import { IMAGE_TYPES, extOf, sniffImage, type ImageStorage } from '../storage/imageStorage';
import { diskImageStorage } from '../storage/diskImageStorage';
import { MAX_INPUT_PIXELS, UnreadableImage, reencodeImage } from '../storage/reencodeImage';
import { hitRateLimit } from '../auth/rateLimit';
import { tooManyUntil } from '../auth/retryAfter';
import { refuses } from '../http/refusals';
import type { Tx } from '../db/client';

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const imageAnswer = fileAnswer('图片（上传时重新编码）', UPLOAD_MIMES);
const refused = (message: string): AppError => invalid(message, [{ field: 'file', message }]);

/** What @fastify/multipart throws for a request we refuse, as the client's 40000. */
function multipartRefusal(e: unknown): AppError | undefined {
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refused(`图片不能超过 ${MAX_MB} MB`);
    case 'FST_FILES_LIMIT':
      return refused('一次只能上传一张图片');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return refused('上传内容不正确，请只选择一张图片');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refused('请以 multipart/form-data 方式上传图片');
    case 'FST_MP_PREMATURE_CLOSE':
      return refused('上传未完成，请重试');
    default:
      return undefined;
  }
}

/** The user's own file name, for display only: no folders, no control characters. */
function displayName(filename: string | undefined): string {
  const base = path.posix.basename((filename ?? '').replace(/\\/g, '/'));
  return base.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 255);
}

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
const uploadRate = refuses([429], async (req: FastifyRequest): Promise<void> => {
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
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, parts: 5, fields: 4, fieldSize: 1024 } });

  // Any logged-in role: admins for banners and programs, managers for their shop's pictures.
  app.post(
    UPLOAD_PATH,
    { preValidation: [authenticate, uploadRate], schema: { response: { 200: envelope(uploadedImageSchema), ...errorAnswers(400) } } },
    async (req) => {
      if (!req.isMultipart()) throw refused('请以 multipart/form-data 方式上传图片');
      let file: { bytes: Buffer; filename: string } | undefined;
      try {
        // Every part is read, so a second file is refused rather than silently dropped.
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (file) throw refused('一次只能上传一张图片');
          file = { filename: part.filename, bytes: await part.toBuffer() };
        }
      } catch (e) {
        if (e instanceof AppError) throw e;
        // Anything else reading the parts is the body itself: cut off before its closing boundary,
        // malformed part headers (busboy's plain Errors carry no code).
        throw multipartRefusal(e) ?? refused('上传内容不完整或格式不正确，请重新上传');
      }
      if (!file) throw refused('请选择要上传的图片');
      const { bytes, filename } = file;
      if (bytes.length === 0) throw refused('上传的文件是空的，请重新选择图片');
      const ext = sniffImage(bytes);
      if (!ext) throw refused('只能上传 JPEG、PNG 或 WebP 格式的图片');
      const clean = await reencodeImage(bytes, ext).catch((e: unknown) => {
        if (e instanceof UnreadableImage) throw refused(`图片无法读取：文件已损坏，或超过 ${MAX_INPUT_PIXELS / 1_000_000} 百万像素`);
        throw e;
      });

      const account = sessionOf(req).accountId;
      const image = await app.db.transaction(async (tx) => {
        // One upload per account at a time checks the quota, so parallel ones cannot all slip under it.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${account}`}))`);
        await checkDailyQuota(tx, account, clean.length);
        const name = await storage.save(clean, ext);
        const saved: UploadedImage = {
          url: `${UPLOAD_PATH}/${name}`,
          name: displayName(filename),
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
