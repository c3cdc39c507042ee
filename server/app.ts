import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type pg from 'pg';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import { installErrorHandler } from './http/errorHandler';
import { securityHeaders } from './http/securityHeaders';
import { ErrorCode, TOTAL_COUNT_HEADER } from '../contract/envelope';
import { registerRoutes } from './routes';
import { logSmsSender, type SmsSender } from './auth/smsSender';
import { SessionCache } from './auth/sessionCache';
import type { SessionRow } from './auth/sessionGuard';
import { startReminderWorker } from './appointments/reminders';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
    config: ServerConfig;
    sms: SmsSender;
    sessionCache: SessionCache<SessionRow>;
  }
}

export interface AppDeps {
  db: Db;
  pool: pg.Pool;
  config: ServerConfig;
  sms?: SmsSender;
  logger?: boolean | object;
  /** How often due appointment reminders are sent; 0 runs no worker (tests call sendDueReminders). */
  reminderIntervalMs?: number;
}

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // Ids are validated by handlers; keep the router from answering odd paths with its own 404 body.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('db', deps.db);
  app.decorate('pool', deps.pool);
  app.decorate('config', deps.config);
  app.decorate('sms', deps.sms ?? logSmsSender(app.log));
  const sessionCache = new SessionCache<SessionRow>(deps.pool.options, (m) => app.log.warn(m));
  app.decorate('sessionCache', sessionCache);
  await sessionCache.start();
  app.addHook('onClose', () => sessionCache.stop());
  // A caller's next request must see what its write did to sessions; other processes hear it from PostgreSQL.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') sessionCache.clear();
    done(null, payload);
  });
  installErrorHandler(app);

  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (deps.config.corsOrigins.length > 0) {
    await app.register(cors, { origin: deps.config.corsOrigins, exposedHeaders: [TOTAL_COUNT_HEADER], credentials: false });
  }

  await app.register(registerRoutes);

  const reminderIntervalMs = deps.reminderIntervalMs ?? 60_000;
  if (reminderIntervalMs > 0) {
    const stop = startReminderWorker(deps.db, app.sms, app.log, reminderIntervalMs);
    app.addHook('onClose', async () => stop());
  }

  const distDir = deps.config.distDir;
  const hasConsole = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed bundles never change; index.html must always be fresh.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url.startsWith('/v1/') || url === '/api';
    if (!isApi && hasConsole && (req.method === 'GET' || req.method === 'HEAD')) {
      // The console routes in the browser: every other page path gets the app shell.
      const file = url.includes('.') ? url.slice(1) : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(fs.existsSync(path.join(distDir, file)) ? file : 'index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: '接口不存在', data: null });
  });

  return app;
}
