import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH, type UploadedImage } from '../../contract/upload';
import { uploads } from '../db/schema';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import { invalid, notFound, type AppError } from '../http/errors';
import { audit } from '../audit/audit';
import { IMAGE_TYPES, extOf, sniffImage, type ImageStorage } from '../storage/imageStorage';
import { diskImageStorage } from '../storage/diskImageStorage';

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
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
const uploadRoutes: FastifyPluginAsyncZod<{ storage?: ImageStorage }> = async (app, opts) => {
  const storage = opts.storage ?? diskImageStorage(path.join(app.config.dataDir, 'uploads'));
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, parts: 5, fields: 4, fieldSize: 1024 } });

  // Any logged-in role: admins for banners and programs, managers for their shop's pictures.
  app.post(UPLOAD_PATH, { preValidation: authenticate }, async (req) => {
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
      throw multipartRefusal(e) ?? e;
    }
    if (!file) throw refused('请选择要上传的图片');
    const { bytes, filename } = file;
    if (bytes.length === 0) throw refused('上传的文件是空的，请重新选择图片');
    const ext = sniffImage(bytes);
    if (!ext) throw refused('只能上传 JPEG、PNG 或 WebP 格式的图片');

    const name = await storage.save(bytes, ext);
    const image: UploadedImage = { url: `${UPLOAD_PATH}/${name}`, name: displayName(filename), size: bytes.length, mime: IMAGE_TYPES[ext] };
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({ storedName: name, originalName: image.name, mime: image.mime, sizeBytes: image.size, accountId: sessionOf(req).accountId })
        .returning({ id: uploads.id });
      await audit(tx, req, { action: 'upload', entity: 'upload', entityId: row.id, summary: `上传图片 ${image.name}（${image.size} 字节）存为 ${name}` });
    });
    return ok(image);
  });

  // Public on purpose: <img> tags cannot send a bearer token, and 128-bit random names are not guessable.
  app.get(`${UPLOAD_PATH}/:name`, { schema: { params: z.object({ name: z.string() }) } }, async (req, reply) => {
    const { name } = req.params;
    const stream = await storage.open(name);
    if (!stream) throw notFound('图片不存在');
    return reply
      .header('content-type', IMAGE_TYPES[extOf(name)])
      .header('x-content-type-options', 'nosniff')
      // A stored name never changes its bytes.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stream);
  });
};

export default uploadRoutes;
