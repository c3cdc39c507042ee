import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import {
  photoKindSchema,
  serviceRecordConsentSchema,
  serviceRecordCreateSchema,
  serviceRecordOverrideSchema,
  serviceRecordQuerySchema,
  serviceRecordResource,
  serviceRecordUpdateSchema,
  serviceRecordWithdrawSchema,
} from '../../contract/serviceRecord';
import { UPLOAD_MIMES } from '../../contract/upload';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { ok } from '../http/reply';
import { envelope, fileAnswer, idParam, idParams, readSchema, rowAnswer } from '../http/routeSchemas';
import { errorAnswers } from '../http/apiDocument';
import { parseInput } from '../http/validate';
import { IMAGE_TYPES, extOf } from '../storage/imageStorage';
import { IMAGE_MULTIPART_LIMITS, receiveImage } from '../storage/receiveImage';
import { uploadRate } from '../storage/uploadQuota';
import { publicImageStorage } from '../storage/publicImages';
import { privateImageStorage, withPrivateFiles } from '../serviceRecords/privateImages';
import { listServiceRecords, recentPigments } from '../serviceRecords/listing';
import { readServiceRecord } from '../serviceRecords/serviceRecordRow';
import { openServiceRecord } from '../serviceRecords/openRecord';
import { editServiceRecord, overrideServiceRecord } from '../serviceRecords/editRecord';
import { signConsent, withdrawPhotoConsent, type RecordChange } from '../serviceRecords/consent';
import { addPhoto, deletePhoto, openPrivateImage } from '../serviceRecords/photos';

const photoParams = z.object({ id: idParam, photoId: idParam });
const imageAnswer = { 200: fileAnswer('图片（仅登录后按权限查看，每次查看写入审计）', UPLOAD_MIMES) };
const recentPigmentSchema = z.object({
  brand: z.string(),
  colour: z.string(),
  batch: z.string(),
  expiresOn: z.string(),
  needle: z.string(),
});

/**
 * The service record of a visit (docs/service-records.md); the rules live in server/serviceRecords/.
 * Signatures and photos are private files served only here, each view audited.
 */
const serviceRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(serviceRecordResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(serviceRecordResource, verb) });
  const actor = (req: FastifyRequest) => ({ session: sessionOf(req), ip: req.ip });
  const answer = rowAnswer(serviceRecordResource);
  const storage = privateImageStorage(app.config.dataDir);
  const stores = { private: storage, uploads: publicImageStorage(app.config.dataDir) };
  // Only the photo upload of this plugin takes a multipart body.
  await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });

  /**
   * A change that left private files behind: they are deleted once it has committed, never before (a
   * file that outlives a crash here is no row's, and the periodic sweep deletes it).
   */
  const afterCommit = async ({ record, removedFiles, removedUploads = [] }: RecordChange) => {
    await Promise.all([...removedFiles.map((name) => storage.remove(name)), ...removedUploads.map((name) => stores.uploads.remove(name))]);
    return ok(record);
  };

  const sendImage = (reply: FastifyReply, image: { name: string; stream: unknown }) =>
    reply
      .header('content-type', IMAGE_TYPES[extOf(image.name)])
      .header('x-content-type-options', 'nosniff')
      // Every view is audited: nothing may answer it from a cache.
      .header('cache-control', 'private, no-store')
      .send(image.stream as string);

  app.get(
    base,
    {
      ...guard('list'),
      schema: { querystring: serviceRecordQuerySchema, response: { 200: envelope(z.array(serviceRecordResource.schemas.row)) } },
    },
    async (req) => ok(await listServiceRecords(app.db, sessionOf(req), req.query)),
  );

  app.get(
    `${base}/recent-pigments`,
    { ...guard('create'), schema: { response: { 200: envelope(z.array(recentPigmentSchema)) } } },
    async (req) => ok(await recentPigments(app.db, sessionOf(req).shopId ?? -1)),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(serviceRecordResource) }, async (req) =>
    ok(await readServiceRecord(app.db, sessionOf(req), req.params.id)),
  );

  app.post(base, { ...guard('create'), schema: { body: serviceRecordCreateSchema, response: answer } }, async (req) =>
    ok(await app.db.transaction((tx) => openServiceRecord(tx, actor(req), req.body.appointmentId))),
  );

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: serviceRecordUpdateSchema, response: answer } },
    async (req) => ok(await app.db.transaction((tx) => editServiceRecord(tx, actor(req), req.params.id, req.body ?? {}))),
  );

  app.post(
    `${base}/:id/consent`,
    { ...guard('action:consent'), schema: { params: idParams, body: serviceRecordConsentSchema, response: answer } },
    async (req) =>
      afterCommit(
        await withPrivateFiles(app.db, storage, (tx, files) =>
          signConsent(tx, actor(req), { ...stores, private: files }, req.params.id, req.body),
        ),
      ),
  );

  app.post(
    `${base}/:id/override`,
    { ...guard('action:override'), schema: { params: idParams, body: serviceRecordOverrideSchema, response: answer } },
    async (req) => ok(await app.db.transaction((tx) => overrideServiceRecord(tx, actor(req), req.params.id, req.body.reason))),
  );

  app.post(
    `${base}/:id/withdraw-photo-consent`,
    { ...guard('action:withdraw-photo-consent'), schema: { params: idParams, body: serviceRecordWithdrawSchema, response: answer } },
    async (req) => afterCommit(await app.db.transaction((tx) => withdrawPhotoConsent(tx, actor(req), req.params.id))),
  );

  app.post(
    `${base}/:id/photos`,
    {
      preValidation: [resourceGuard(serviceRecordResource, 'action:photos'), uploadRate],
      schema: { params: idParams, response: { ...answer, ...errorAnswers(400) } },
    },
    async (req) => {
      const image = await receiveImage(req);
      const { kind } = parseInput(z.object({ kind: photoKindSchema }), { kind: image.fields.kind });
      return ok(await withPrivateFiles(app.db, storage, (tx, files) => addPhoto(tx, actor(req), files, req.params.id, kind, image)));
    },
  );

  app.delete(`${base}/:id/photos/:photoId`, { ...guard('action:photos'), schema: { params: photoParams, response: answer } }, async (req) =>
    afterCommit(await app.db.transaction((tx) => deletePhoto(tx, actor(req), req.params.id, req.params.photoId))),
  );

  app.get(`${base}/:id/photos/:photoId`, { ...guard('read'), schema: { params: photoParams, response: imageAnswer } }, async (req, reply) =>
    sendImage(reply, await openPrivateImage(app.db, actor(req), storage, req.params.id, req.params.photoId)),
  );

  app.get(`${base}/:id/signature`, { ...guard('read'), schema: { params: idParams, response: imageAnswer } }, async (req, reply) =>
    sendImage(reply, await openPrivateImage(app.db, actor(req), storage, req.params.id, null)),
  );
};

export default serviceRecordRoutes;
