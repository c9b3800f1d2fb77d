import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../db/database.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';

const tags = ['operations'];
const Status = Type.Object({ status: Type.String(), checks: Type.Optional(Type.Record(Type.String(), Type.String())) });

/** Liveness, readiness and metrics, outside /api/v1 and without a key. */
export async function healthRoutes(app: FastifyInstance, { database, limiter }: { database: Database; limiter: RateLimiter | undefined }) {

  app.get('/healthz', {
    schema: { tags, operationId: 'healthz', summary: 'The process is up', security: [], response: { 200: Status } },
    handler: async () => ({ status: 'ok' }),
  });

  app.get('/readyz', {
    schema: {
      tags,
      operationId: 'readyz',
      summary: 'The database (and Redis, when configured) answer',
      description:
        'Answers 503 when the database does not. An unreachable Redis does not make the process unready (rate limits fail open to ' +
        'local ones): it answers 200 with status `degraded`, `checks.redis: unreachable` and `checks.rate_limits: local`.',
      security: [],
      response: { 200: Status, 503: Status },
    },
    handler: async (request, reply) => {
      const checks: Record<string, string> = {};
      try {
        await database.ping();
        checks.database = 'ok';
      } catch (err) {
        request.log.warn({ err }, 'readiness: database unreachable');
        checks.database = 'unreachable';
      }
      const redis = await limiter?.redisHealth();
      if (redis) {
        checks.redis = redis;
        checks.rate_limits = redis === 'ok' ? 'shared' : 'local';
      }
      const ready = checks.database === 'ok';
      reply.code(ready ? 200 : 503);
      return { status: ready ? (redis === 'unreachable' ? 'degraded' : 'ready') : 'not_ready', checks };
    },
  });

  app.get('/metrics', {
    schema: { tags, operationId: 'metrics', summary: 'Prometheus metrics (text format)', security: [] },
    handler: async (_request, reply) => {
      reply.type(app.metrics.contentType);
      return app.metrics.metrics();
    },
  });
}
