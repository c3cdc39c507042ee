import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LogOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Query keys whose value is a person's phone (or a search that may be one): its middle is masked. */
const PHONE_KEYS = new Set(['phone', 'mobile', 'q', 'keyword', 'search']);
/** Query keys whose value is a secret: nothing of it is kept. */
const SECRET_KEY = /token|password|secret|captcha|code|sign|key|auth/i;

/** A query value as a log line may show it. */
function maskValue(key: string, raw: string): string {
  if (raw === '') return raw;
  if (PHONE_KEYS.has(key.toLowerCase())) {
    let value = raw;
    try {
      value = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is masked as it stands.
    }
    return value.length >= 7 ? `${encodeURIComponent(value.slice(0, 3))}****${encodeURIComponent(value.slice(-4))}` : '***';
  }
  return SECRET_KEY.test(key) ? '***' : raw;
}

/** The query-string values of a URL (or of any text that holds one) masked: phones keep their ends, secrets nothing. */
export function maskQuery(text: string): string {
  return text.replace(/([?&])([^=&#\s"?]+)=([^&#\s"]*)/g, (_all, sep: string, key: string, value: string) => {
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {
      // A malformed key is judged as it stands.
    }
    return `${sep}${key}=${maskValue(name, value)}`;
  });
}

/** Every string argument of a log call (its message and its object's top-level strings) with query values masked. */
function maskArgs(args: unknown[]): unknown[] {
  return args.map((arg) => {
    if (typeof arg === 'string') return maskQuery(arg);
    if (arg === null || typeof arg !== 'object' || arg instanceof Error || Array.isArray(arg)) return arg;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(arg)) out[k] = typeof v === 'string' ? maskQuery(v) : v;
    return out;
  });
}

/**
 * The server log's options: the request line shows its URL with the values of phone, q, token and the
 * like masked, and so does every other line that carries a URL (logs are kept and read by more people
 * than customers' phones and sessions' tokens should reach).
 */
export function requestLogOptions(level: string): LogOptions {
  return {
    level,
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: maskQuery(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, maskArgs(args) as Parameters<typeof method>);
      },
    },
  };
}
