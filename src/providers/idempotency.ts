import { useMemo, useRef } from 'react';
import { IDEMPOTENCY_HEADER } from '../../contract/order';
import type { ApiError } from './http';

/** A fresh key for one user action (printable, 36 characters: within the server's 1–64). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The header of a call that must happen once. Passed as refine's `meta.headers` (useCreate) or
 * `config.headers` (useCustomMutation): simple-rest hands either to the shared axios instance.
 */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/**
 * Whether the server's answer to a failed call is known: a refusal with its code. A dropped
 * connection, a timeout or a 5xx may have done the work, so the retry must carry the same key.
 */
export function outcomeKnown(error: Pick<ApiError, 'statusCode'>): boolean {
  return error.statusCode > 0 && error.statusCode < 500;
}

export interface IdempotencyKey {
  /** The key of the action under way for this body: the same for a retry (or a second click), a new one once the body changes. */
  for(body: unknown): string;
  /** After an answer: success or a refusal ends the action; an unknown outcome keeps the key for the retry. */
  settle(error?: Pick<ApiError, 'statusCode'>): void;
}

/** One key per user action of a component (POST orders, pay, after-sales), kept until the action has an outcome. */
export function useIdempotencyKey(): IdempotencyKey {
  const current = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      for(body) {
        const json = JSON.stringify(body ?? null);
        if (current.current?.body !== json) current.current = { key: newIdempotencyKey(), body: json };
        return current.current.key;
      },
      settle(error) {
        if (!error || outcomeKnown(error)) current.current = null;
      },
    }),
    [],
  );
}
