import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from '../http/schemaCompilers';
import auth from './auth';
import menu from './menu';
import shops from './shops';
import messages from './messages';
import accounts from './accounts';
import profile from './profile';
import banners from './banners';
import programs from './programs';
import staff from './staff';
import customers from './customers';
import upload from './upload';
import docs from './docs';
import appointments from './appointments';
import entitlements from './entitlements';

/** Every feature is one plugin; this list is the whole API. Each route's schemas come from contract/. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Registered first, so it hears of every route below; served by ./docs.ts.
  await app.register(swagger, {
    openapi: { openapi: '3.0.3', info: { title: '美业连锁管理后台 API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(auth);
  await app.register(menu);
  await app.register(shops);
  await app.register(messages);
  await app.register(accounts);
  await app.register(profile);
  await app.register(banners);
  await app.register(programs);
  await app.register(staff);
  await app.register(customers);
  await app.register(upload);
  await app.register(docs);
  await app.register(appointments);
  await app.register(entitlements);
}
