import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from '../http/schemaCompilers';
import { SECURITY_SCHEMES, documentRoute, documentUploadRoute, finishDocument } from '../http/apiDocument';
import { GRAPHQL_PATH } from '../../contract/report';
import { documentGraphqlRoute } from '../graphql/document';

const ROUTES_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every other file of this folder is one feature's plugin, its default export, registered in name
 * order (what @fastify/autoload does, without the dependency): a new feature is its file, no line here.
 */
async function featurePlugins(): Promise<{ file: string; plugin: FastifyPluginAsync }[]> {
  const files = (await readdir(ROUTES_DIR)).filter((f) => /\.[jt]s$/.test(f) && !f.endsWith('.d.ts') && !/^index\.[jt]s$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const mod = (await import(pathToFileURL(path.join(ROUTES_DIR, file)).href)) as { default?: unknown };
      if (typeof mod.default !== 'function') throw new Error(`server/routes/${file} must export its Fastify plugin as default`);
      return { file, plugin: mod.default as FastifyPluginAsync };
    }),
  );
}

/** The whole API: the OpenAPI document first, so it hears of every route, then each feature. Each route's schemas come from contract/. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before swagger's own onRoute hook: the error answers and security are in each route's schema when it reads it.
  app.addHook('onRoute', documentRoute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '美业连锁管理后台 API', version: '1' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (route) => jsonSchemaTransform(route.url === GRAPHQL_PATH ? documentGraphqlRoute(route) : documentUploadRoute(route)),
    transformObject: finishDocument as never,
  });
  for (const { plugin } of await featurePlugins()) await app.register(plugin);
}
