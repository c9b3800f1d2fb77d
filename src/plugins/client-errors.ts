import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { inFlightResponse } from '../shared/in-flight-responses.js';
import { sendError } from './errors.js';
import { setResponseHeaders } from './request-context.js';

/**
 * The answers given before a request reaches a route, in the same envelope and with the same
 * headers as every other: the router's own errors (Fastify's `frameworkErrors`) and requests
 * HTTP cannot parse (Fastify's `clientErrorHandler`, on Node's `clientError`).
 */

/**
 * Longest path segment the router matches to a parameter. Ids are at most 64 characters; the
 * ids schema answers 404 for anything longer up to this, naming the resource, and the router's
 * FST_ERR_MAX_PARAM_LENGTH answers 404 for the rest (Fastify's default is 100, with a raw 414).
 */
export const MAX_PARAM_LENGTH = 1024;

/**
 * The router's errors: a path that is not valid percent-encoding (`/courses/%ff`) or a segment
 * longer than MAX_PARAM_LENGTH names no resource: 404, like any malformed path id.
 */
export function routerErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setResponseHeaders(reply, request.id);
  const path = request.raw.url?.split('?')[0] ?? '/';
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  const appError =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('resource_not_found', `No resource at ${shown}: the path is not a valid id`, { resource: 'route' })
      : new AppError('internal_error', 'An internal error occurred; the request id identifies it in our logs');
  if (appError.status >= 500) request.log.error({ err: error }, 'router failed');
  sendError(request, reply, appError);
}

// Node's parser keeps failing on every later chunk of a connection it failed on once.
const answered = new WeakSet<Socket>();

/** How long a connection answered with a client error may stay open for the client to read and close. */
const CLOSE_AFTER_MS = 5_000;

/**
 * A request Node's HTTP parser refused: headers over 16 KiB (431), a request that took too long
 * to arrive (408), or bytes that are not HTTP/1.1 (400: an invalid method, a body length that
 * swallowed the next request's head). The answer is written to the socket once any response
 * still in flight on it has gone, and the socket is ended, not destroyed: destroying it would
 * drop the answer still held by write coalescing, and a reset could discard it at the client.
 */
export function clientErrors(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('headers_too_large', 'The request headers are larger than 16 KiB')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_timeout', 'The request did not arrive in time')
        : new AppError('malformed_request', 'The request is not valid HTTP/1.1');
  const requestId = newId('req');
  this.log.info({ request_id: requestId, status: error.status, reason: err.code }, 'client error');
  const response = rawResponse(error, requestId);

  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(response);
    setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
  };
  // A response still being built for an earlier request of this connection goes first.
  const inFlight = inFlightResponse(socket);
  if (inFlight) {
    inFlight.once('finish', send);
    inFlight.once('close', send);
  } else {
    send();
  }
}

/**
 * The two requests Node answers itself when nobody listens: CONNECT (it closes the connection
 * without a word) and an `Expect` other than 100-continue (a bare 417). CONNECT answers 405 in
 * the envelope and the connection is ended; an unknown expectation is ignored, as RFC 9110 allows,
 * and the request is served as any other.
 */
export function answerEveryRequest(app: FastifyInstance): void {
  app.server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    const requestId = newId('req');
    const error = new AppError('method_not_allowed', 'CONNECT is not allowed: this is not a proxy', { allowed: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });
    socket.end(rawResponse(error, requestId));
    setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
  });
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => app.routing(request, response));
}

/** A whole HTTP/1.1 response in the envelope, for a socket that no ServerResponse writes to. */
function rawResponse(error: AppError, requestId: string): string {
  const body = JSON.stringify({ error: { code: error.code, message: error.message, details: error.details, request_id: requestId } });
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
    body
  );
}
