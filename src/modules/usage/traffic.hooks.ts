import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../shared/clock.js';
import { toIso } from '../../shared/clock.js';
import type { RequestLogBuffer } from '../request-logs/request-log-buffer.js';
import type { UsageCounter } from './usage-counter.js';

/** The `error.code` of a failed answer: the envelope starts with it (plugins/errors.ts sendError). */
const ERROR_CODE = /^\{"error":\{"code":"([a-z_]+)"/;

/**
 * Counts every API request made with a valid key (usage) and queues every failed one (4xx, 5xx)
 * for the request log, in memory: no write per request. A request whose key did not authenticate
 * belongs to no workspace and is counted by neither.
 */
export const trafficHooks = fp<{ counter: UsageCounter; requestLog: RequestLogBuffer; clock: Clock }>(
  async (app: FastifyInstance, { counter, requestLog, clock }) => {
    const errorCodes = new WeakMap<FastifyRequest, string>();

    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode >= 400 && request.auth && typeof payload === 'string') {
        const code = ERROR_CODE.exec(payload)?.[1];
        if (code !== undefined) errorCodes.set(request, code);
      }
      done(null, payload);
    });

    app.addHook('onResponse', (request, reply, done) => {
      const auth = request.auth;
      if (auth) {
        const at = clock.now();
        const status = reply.statusCode;
        counter.record({ workspaceId: auth.workspaceId, keyId: auth.keyId, status, hourlyQuota: auth.limits.hourly, at });
        if (status >= 400) {
          requestLog.record({
            id: request.id,
            workspace_id: auth.workspaceId,
            key_id: auth.keyId,
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status,
            error_code: errorCodes.get(request) ?? null,
            latency_ms: Math.round(reply.elapsedTime),
            created_at: toIso(at),
          });
        }
      }
      done();
    });
  },
  { name: 'traffic' },
);
