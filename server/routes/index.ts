import type { FastifyInstance } from 'fastify';
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
import appointments from './appointments';
import entitlements from './entitlements';

/** Every feature is one plugin; this list is the whole API. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
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
  await app.register(appointments);
  await app.register(entitlements);
}
