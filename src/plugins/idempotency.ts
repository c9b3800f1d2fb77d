import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { runUnitOfWork } from '../db/unit-of-work.js';
import type { ServiceContext } from '../shared/context.js';
import { AppError } from '../shared/errors.js';
import { type ClaimStamp, claim, finish, MAX_KEY_LENGTH, purgeExpired, requestFingerprint } from '../modules/idempotency/idempotency.service.js';
import { API_PREFIX } from './auth.js';
import { errorCodeOf } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Fields of `data` that hold secrets: not stored for replay (a replay answers without them). */
    secretFields?: string[];
    /**
     * The handler waits on the network (an outbound HTTP request), which must not hold the
     * database's write transaction open: it runs outside a unit of work, and its response is stored
     * after its own transactions committed, so a crash in between lets a retry run it again.
     */
    idempotencyOutsideTransaction?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key claim this request holds, until its response is stored. */
    idempotencyClaim: ClaimStamp | undefined;
  }
}

export interface IdempotencyOptions {
  ctx: ServiceContext;
  lockSeconds: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `Idempotency-Key` on every POST of the API. The key is claimed after authentication and
 * validation (a request that fails either stores nothing), in a statement of its own, so that a
 * concurrent duplicate sees it at once (409). The handler then runs in a unit of work
 * (src/db/unit-of-work.ts): its change and the stored response commit in one transaction, so a
 * process that dies at any point leaves either both (a retry replays) or neither (the claim
 * lapses after lockSeconds and a retry runs once). An error answered instead is stored when it is
 * sent, as nothing was changed; the response is stored before it is sent either way, so a retry
 * arriving right after the answer already replays it.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, options) => {
    const { ctx } = options;
    app.decorateRequest('idempotencyClaim', undefined);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!route.url.startsWith(API_PREFIX) || !methods.includes('POST') || route.config?.public) return;
      route.preHandler = [claimKey, ...(route.preHandler ? [route.preHandler].flat() : [])];
      const secretFields = route.config?.secretFields ?? [];
      if (!route.config?.idempotencyOutsideTransaction) route.handler = withStoredResponse(route.handler, secretFields);
      route.onSend = [
        (request: FastifyRequest, reply: FastifyReply, payload: unknown) => storeResponse(request, reply, payload, secretFields),
        ...(route.onSend ? [route.onSend].flat() : []),
      ];
    });

    async function claimKey(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0]! : header;
      if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
        throw new AppError('invalid_parameter', `Idempotency-Key must be 1..${MAX_KEY_LENGTH} characters`, { parameter: 'Idempotency-Key' });
      }
      const path = request.url.split('?')[0]!;
      const result = await claim(ctx, request.auth.workspaceId, key, requestFingerprint(request.method, path, request.body), options.lockSeconds);
      if (result.kind === 'replay') {
        // A replayed error is logged with its code, as the answer it repeats was.
        if (result.status >= 400) request.errorCode = errorCodeOf(result.body);
        return reply.code(result.status).header('idempotent-replayed', 'true').type(JSON_TYPE).send(result.body);
      }
      request.idempotencyClaim = result.claim;
    }

    /**
     * The route's handler, run for a request holding a claim in a unit of work that also stores
     * its response. The payload is serialised here as Fastify would (the route's response schema
     * for the status set) and sent as that text, so the bytes stored are the bytes sent.
     */
    function withStoredResponse(handler: RouteOptions['handler'], secretFields: string[]): RouteOptions['handler'] {
      return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const held = request.idempotencyClaim;
        if (held === undefined) return handler.call(this, request, reply);
        let stored = false;
        const answer = await runUnitOfWork(ctx.db, async () => {
          const payload: unknown = await handler.call(this, request, reply);
          // Answered some other way (a stream, reply.send): stored when sent, after the commit.
          if (payload === null || typeof payload !== 'object' || payload === reply || reply.sent || isBinary(payload)) return payload;
          const body = reply.serialize(payload) as string;
          if (!(await finish(ctx, request.auth.workspaceId, held, reply.statusCode, withoutSecrets(body, secretFields)))) {
            request.idempotencyClaim = undefined;
            throw new AppError('idempotency_request_in_progress', 'A retry with this Idempotency-Key took it over while this request ran; retry to get its response', {
              idempotency_key: held.key,
            });
          }
          stored = true;
          if (!reply.hasHeader('content-type')) reply.type(JSON_TYPE);
          return body;
        });
        // Kept until the commit: if the commit fails, the error answer releases the claim (the
        // record is deleted only while still running, so a commit that did land keeps its response).
        if (stored) request.idempotencyClaim = undefined;
        return answer;
      };
    }

    /** Stores an answer not stored by the handler's unit of work: errors, and routes outside one. */
    async function storeResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown, secretFields: string[]) {
      const held = request.idempotencyClaim;
      if (held === undefined) return payload;
      request.idempotencyClaim = undefined;
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      await finish(ctx, request.auth.workspaceId, held, reply.statusCode, withoutSecrets(text, secretFields));
      return payload;
    }

    // Records live 24 h; sweep expired ones now and then (claim also ignores expired records).
    const sweep = setInterval(() => {
      purgeExpired(ctx).catch((err: unknown) => app.log.warn({ err }, 'idempotency sweep failed'));
    }, 60 * 60 * 1000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'idempotency', dependencies: ['auth'] },
);

function isBinary(payload: object): boolean {
  return typeof (payload as { pipe?: unknown }).pipe === 'function' || ArrayBuffer.isView(payload) || payload instanceof ArrayBuffer;
}

/** The response body without the secret fields of its `data`, for storing. */
function withoutSecrets(text: string, fields: string[]): string {
  if (fields.length === 0) return text;
  try {
    const body = JSON.parse(text) as { data?: Record<string, unknown> };
    if (body.data && typeof body.data === 'object') for (const field of fields) delete body.data[field];
    return JSON.stringify(body);
  } catch {
    return text;
  }
}
