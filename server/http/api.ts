import type { FastifyInstance } from 'fastify';
import autoload from '@fastify/autoload';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from './schemaCompilers';
import { ROUTES_DIR } from '../runtimeFiles';
import { SECURITY_SCHEMES, documentRoute, documentUploadRoute, finishDocument } from './apiDocument';
import { GRAPHQL_PATH } from '../../contract/report';
import { documentGraphqlRoute } from '../graphql/document';

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
  // Each file of server/routes/ is one feature's plugin: a new feature is its file, no line here. The
  // routes name their whole paths (contract/'s resourcePath): no prefix from the folder.
  await app.register(autoload, { dir: ROUTES_DIR, dirNameRoutePrefix: false });
}
