import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../shared/context.js';
import { AppError } from '../shared/errors.js';
import { claim, finish, MAX_KEY_LENGTH, purgeExpired, requestFingerprint } from '../modules/idempotency/idempotency.service.js';
import { API_PREFIX } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Fields of `data` that hold secrets: not stored for replay (a replay answers without them). */
    secretFields?: string[];
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request holds, once claimed. */
    idempotencyKey: string | undefined;
  }
}

export interface IdempotencyOptions {
  ctx: ServiceContext;
  lockSeconds: number;
}

/**
 * `Idempotency-Key` on every POST of the API. The key is claimed after authentication and
 * validation (a request that fails either stores nothing) and the response is stored before it
 * is sent, so that a retry arriving right after the answer already replays it.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, options) => {
    const { ctx } = options;
    app.decorateRequest('idempotencyKey', undefined);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!route.url.startsWith(API_PREFIX) || !methods.includes('POST') || route.config?.public) return;
      route.preHandler = [claimKey, ...(route.preHandler ? [route.preHandler].flat() : [])];
      const secretFields = route.config?.secretFields ?? [];
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
        return reply.code(result.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(result.body);
      }
      request.idempotencyKey = key;
    }

    async function storeResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown, secretFields: string[]) {
      const key = request.idempotencyKey;
      if (key === undefined) return payload;
      request.idempotencyKey = undefined;
      const text = typeof payload === 'string' ? payload : String(payload ?? '');
      await finish(ctx, request.auth.workspaceId, key, reply.statusCode, secretFields.length > 0 ? withoutSecrets(text, secretFields) : text);
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

/** The response body without the secret fields of its `data`, for storing. */
function withoutSecrets(text: string, fields: string[]): string {
  try {
    const body = JSON.parse(text) as { data?: Record<string, unknown> };
    if (body.data && typeof body.data === 'object') for (const field of fields) delete body.data[field];
    return JSON.stringify(body);
  } catch {
    return text;
  }
}
