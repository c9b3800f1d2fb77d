import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../shared/clock.js';
import { toIso } from '../../shared/clock.js';
import type { RequestLogBuffer } from '../request-logs/request-log-buffer.js';
import type { UsageCounter } from './usage-counter.js';

/**
 * Counts every API request made with a valid key (usage) and queues every failed one (4xx, 5xx)
 * for the request log, in memory: no write per request. A request whose key did not authenticate
 * belongs to no workspace and is counted by neither.
 */
export const trafficHooks = fp<{ counter: UsageCounter; requestLog: RequestLogBuffer; clock: Clock }>(
  async (app: FastifyInstance, { counter, requestLog, clock }) => {
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
