import path from 'node:path';

/** Everything the server reads from its environment, in one place (README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  /** A configured PostgreSQL; when absent the server runs an embedded one under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Origins allowed by CORS; empty means CORS stays closed. */
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  /** Where the built console lives; served when it exists. */
  distDir: string;
  /** Idle time after which a token expires (50014). */
  sessionIdleMs: number;
  /** Connections this process keeps to PostgreSQL. */
  dbPoolSize: number;
  /** A request must arrive whole within this time, else 408. */
  requestTimeoutMs: number;
  /** Its headers within this time. */
  headersTimeoutMs: number;
  /**
   * Where login codes go when no real SMS sender is passed to buildApp: "log" writes them to the
   * server log (demo); unset, they are logged only with the embedded database, and a configured
   * database answers that SMS is not set up.
   */
  smsSender?: 'log';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    sessionIdleMs: Number(env.SESSION_IDLE_HOURS ?? 12) * 3600_000,
    dbPoolSize: Number(env.DB_POOL_SIZE ?? 20),
    requestTimeoutMs: 60_000,
    headersTimeoutMs: 20_000,
    smsSender: env.SMS_SENDER === 'log' ? 'log' : undefined,
  };
}
