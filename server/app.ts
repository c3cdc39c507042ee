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
import { requestLogOptions } from './http/requestLog';
import { answerClientError } from './http/clientErrors';
import { ErrorCode, TOTAL_COUNT_HEADER } from '../contract/envelope';
import { registerRoutes } from './http/api';
import { defaultSmsSender, type SmsSender } from './auth/smsSender';
import { SessionCache } from './auth/sessionCache';
import type { SessionRow } from './auth/sessionGuard';
import { sendDueReminders } from './appointments/reminders';
import { purgeExpiredKeys } from './idempotency/idempotency';
import { startPeriodicJob } from './jobs/periodicJob';
import { expirePackages } from './cards/expiry';
import { privateImageStorage, sweepUnnamedPrivateFiles } from './serviceRecords/privateImages';

/** MSW's service worker: part of mock mode only, never served by the server. */
const MOCK_WORKER = 'mockServiceWorker.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
    config: ServerConfig;
    /** Absent when no SMS provider is set up outside demo mode: captcha calls answer 40300. */
    sms: SmsSender | undefined;
    sessionCache: SessionCache<SessionRow>;
  }
}

export interface AppDeps {
  db: Db;
  pool: pg.Pool;
  config: ServerConfig;
  sms?: SmsSender;
  /** false: no log; options (a level, a stream) are added to the log's own, which masks query values. */
  logger?: boolean | object;
  /**
   * How often the periodic jobs run (appointment reminders, the purge of expired Idempotency-Keys, package expiry; the sweep of
   * unnamed private images at 60 times it); 0 runs none (tests call them).
   */
  jobIntervalMs?: number;
}

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { ...requestLogOptions(deps.config.logLevel), ...(typeof deps.logger === 'object' ? deps.logger : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // A client that trickles its headers or body holds a socket: the whole request must arrive in
    // requestTimeout (else 408), its headers sooner; Node checks every few seconds, not every 30.
    requestTimeout: deps.config.requestTimeoutMs,
    http: { headersTimeout: deps.config.headersTimeoutMs, connectionsCheckingInterval: Math.min(5000, deps.config.headersTimeoutMs) },
    // Ids are validated by handlers; keep the router from answering odd paths with its own 404 body.
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
  });
  app.decorate('db', deps.db);
  app.decorate('pool', deps.pool);
  app.decorate('config', deps.config);
  app.decorate('sms', deps.sms ?? defaultSmsSender(deps.config, app.log));
  const sessionCache = new SessionCache<SessionRow>(deps.pool.options, (m) => app.log.warn(m));
  app.decorate('sessionCache', sessionCache);
  await sessionCache.start();
  app.addHook('onClose', () => sessionCache.stop());
  // A caller's next request must see what its write did to sessions; other processes hear it from PostgreSQL.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.routeOptions.config.sessionNeutral) sessionCache.clear();
    done(null, payload);
  });
  installErrorHandler(app);

  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers carry personal data (customers, staff, accounts, sessions): no browser or proxy keeps them.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') && String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  if (deps.config.corsOrigins.length > 0) {
    await app.register(cors, { origin: deps.config.corsOrigins, exposedHeaders: [TOTAL_COUNT_HEADER], credentials: false });
  }

  await app.register(registerRoutes);

  const jobIntervalMs = deps.jobIntervalMs ?? 60_000;
  if (jobIntervalMs > 0) {
    const stops = [
      startPeriodicJob('expired Idempotency-Key purge', jobIntervalMs, app.log, () => purgeExpiredKeys(deps.db)),
      startPeriodicJob('package expiry', jobIntervalMs, app.log, () => expirePackages(deps.db)),
      // Hourly at the default interval: only files an hour old are looked at anyway.
      startPeriodicJob('unnamed private image sweep', jobIntervalMs * 60, app.log, () =>
        sweepUnnamedPrivateFiles(deps.db, privateImageStorage(deps.config.dataDir)),
      ),
    ];
    // Without an SMS sender reminders wait in their table until one is configured.
    const sms = app.sms;
    if (sms) stops.push(startPeriodicJob('reminder pass', jobIntervalMs, app.log, () => sendDueReminders(deps.db, sms)));
    app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  }

  const distDir = deps.config.distDir;
  const hasConsole = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // MSW's worker belongs to mock mode; even a stale build that still has it never serves it.
      allowedPath: (pathName) => pathName !== `/${MOCK_WORKER}`,
      setHeaders(reply, filePath) {
        // Hashed bundles never change; index.html must always be fresh.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url.startsWith('/v1/') || url === '/api';
    if (!isApi && hasConsole && (req.method === 'GET' || req.method === 'HEAD')) {
      // The console routes in the browser: every other page path gets the app shell.
      if (url !== `/${MOCK_WORKER}`) {
        const file = url.includes('.') ? url.slice(1) : 'index.html';
        return reply.header('cache-control', 'no-cache').sendFile(fs.existsSync(path.join(distDir, file)) ? file : 'index.html');
      }
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: '接口不存在', data: null });
  });

  return app;
}
