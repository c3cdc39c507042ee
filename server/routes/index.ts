import type { FastifyInstance } from 'fastify';
import auth from './auth';
import menu from './menu';
import shops from './shops';

/** Every feature is one plugin; this list is the whole API. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(auth);
  await app.register(menu);
  await app.register(shops);
}
