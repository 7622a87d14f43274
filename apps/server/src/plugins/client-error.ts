import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@panel/shared/errors/api-error';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';

/**
 * Requests Node refuses before Fastify sees them (a URL or headers over 16 KB, a malformed request line)
 * get the API's 400 in the usual `{ status, code, message }` shape, in Portuguese, not Node's English 431.
 * Used as Fastify's `clientErrorHandler`; a timed-out request keeps its 408.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body: ApiErrorBody = { status, code: 'bad_request', message: errorTextFor(status).message };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : 'Bad Request'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(json)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        json,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}
