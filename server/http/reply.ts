import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER, type Envelope } from '../../contract/envelope';

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: 0, msg, data };
}

/** A page of a list: the rows in the envelope, the total in x-total-count. */
export function page<T>(reply: FastifyReply, rows: T[], total: number): Envelope<T[]> {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return ok(rows);
}
