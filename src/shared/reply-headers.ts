import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';

// Fastify keeps a reply's headers in an object under this symbol and hands that object to Node's
// writeHead. It is not part of Fastify's typed API, so it is checked here, at startup.
const { kReplyHeaders } = createRequire(import.meta.url)('fastify/lib/symbols.js') as { kReplyHeaders: unknown };
if (typeof kReplyHeaders !== 'symbol' || kReplyHeaders.description !== 'fastify.reply.headers') {
  throw new Error('fastify/lib/symbols.js no longer names the reply headers (kReplyHeaders): check reply-headers.ts against this Fastify');
}

/** The header object of a reply, keyed by lower-case name, as `reply.header()` fills it. */
type HeaderBag = Record<string, string>;

/**
 * The headers of a reply, to set the ones every response carries (request id, rate-limit budget,
 * ETag) straight into the object Fastify hands to Node. `reply.header(name, value)` lower-cases
 * the name, checks for `set-cookie` and stores through a keyed store that sees every header name
 * of the app: together about 500 instructions per header, measured under callgrind. Use it only
 * with names written here in lower case and never for `set-cookie`; Node still validates each
 * name and value when it writes the head.
 */
export function headersOf(reply: FastifyReply): HeaderBag {
  return (reply as unknown as Record<symbol, HeaderBag>)[kReplyHeaders as symbol]!;
}

/**
 * The headers of every response, whatever answers it (a route, the error handler, the router's
 * own errors): the request id, and `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`
 * (answers hold a workspace's data and change with every write; a JSON body is never to be read
 * as anything else). Static files of /docs replace Cache-Control with their own.
 */
export function setResponseHeaders(headers: HeaderBag, requestId: string): void {
  headers['x-request-id'] = requestId;
  headers['cache-control'] = 'no-store';
  headers['x-content-type-options'] = 'nosniff';
}
