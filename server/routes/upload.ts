import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { UPLOAD_MIMES, UPLOAD_PATH, uploadedImageSchema, type UploadedImage } from '../../contract/upload';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { ok } from '../http/reply';
import { envelope, fileAnswer } from '../http/routeSchemas';
import { errorAnswers } from '../http/apiDocument';
import { notFound } from '../http/errors';
import { audit } from '../audit/audit';
import { IMAGE_TYPES, extOf, type ImageStorage } from '../storage/imageStorage';
import { publicImageStorage } from '../storage/publicImages';
import { IMAGE_MULTIPART_LIMITS, receiveImage } from '../storage/receiveImage';
import { holdDailyQuota, recordUpload, uploadRate } from '../storage/uploadQuota';

const imageAnswer = fileAnswer('图片（上传时重新编码）', UPLOAD_MIMES);

/**
 * POST upload (multipart, one image of at most 5 MB) and GET upload/:name. The kind of image is
 * read from the bytes, never from the file name or the declared type, and the stored name is
 * random, so a file can neither pose as another type nor choose where it lands.
 */
const uploadRoutes: FastifyPluginAsyncZod<{ storage?: ImageStorage }> = async (app, opts) => {
  const storage = opts.storage ?? publicImageStorage(app.config.dataDir);
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
        await holdDailyQuota(tx, account, clean.length);
        const name = await storage.save(clean, ext);
        const mime = IMAGE_TYPES[ext];
        const id = await recordUpload(tx, { storedName: name, originalName: fileName, mime, sizeBytes: clean.length, accountId: account });
        await audit(tx, req, {
          action: 'upload',
          entity: 'upload',
          entityId: id,
          summary: `上传图片 ${fileName}（${clean.length} 字节）存为 ${name}`,
        });
        const saved: UploadedImage = { id, url: `${UPLOAD_PATH}/${name}`, name: fileName, size: clean.length, mime };
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
