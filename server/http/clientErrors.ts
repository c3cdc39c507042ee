import http from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '../../contract/envelope';

/** What Node refuses before a request reaches Fastify, by its error code: HTTP status and message. */
const REFUSALS: Record<string, { status: number; msg: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, msg: '请求头过大（含 Authorization），请重新登录后再试' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: '请求超时，请重试' },
};
const MALFORMED = { status: 400, msg: '请求格式不正确' };

/**
 * Fastify's clientErrorHandler: a request Node's parser refuses (headers over maxHeaderSize, a request
 * that does not arrive in time, bytes that are no HTTP) is answered with the envelope like any other
 * refusal, not with Node's or Fastify's own body; its HTTP status stays the one that says why.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg } = REFUSALS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ code: ErrorCode.INVALID_INPUT, msg, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
