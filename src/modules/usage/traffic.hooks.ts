import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../shared/clock.js';
import { toIso } from '../../shared/clock.js';
import type { RequestLogBuffer } from '../request-logs/request-log-buffer.js';
import type { UsageCounter } from './usage-counter.js';

/** The request log's route of a request that matched no route of the API. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every API request that reached a workspace (usage) and queues every failed one (4xx, 5xx)
 * for the request log, in memory: no write per request. A request reaches the workspace of the key
 * it was made with: a valid key (request.auth, set by the auth plugin, also on an unknown route),
 * or one refused as revoked, expired or rotated out (request.refusedKey). A request whose secret
 * matches no key belongs to no workspace and is counted by neither.
 */
export const trafficHooks = fp<{ counter: UsageCounter; requestLog: RequestLogBuffer; clock: Clock }>(
  async (app: FastifyInstance, { counter, requestLog, clock }) => {
    app.addHook('onResponse', (request, reply, done) => {
      const auth = request.auth;
      const owner = auth ?? request.refusedKey;
      if (owner) {
        const at = clock.now();
        const status = reply.statusCode;
        counter.count(owner.workspaceId, owner.keyId, status, auth?.limits.hourly, at);
        if (status >= 400) {
          requestLog.record({
            id: request.id,
            workspace_id: owner.workspaceId,
            key_id: owner.keyId,
            method: request.method,
            // A request that matched no route (404, 405) is logged as `unmatched`: patterns only, never the path it asked for.
            route: request.routeOptions.url ?? UNMATCHED_ROUTE,
            status,
            error_code: request.errorCode ?? null,
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
