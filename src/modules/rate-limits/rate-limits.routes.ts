import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.js';
import type { ServiceContext } from '../../shared/context.js';
import { responses } from '../../shared/schemas.js';
import type { RateLimiter } from './rate-limiter.js';
import { RateLimitsResponse } from './rate-limits.schemas.js';
import { readBudgets } from './rate-limits.service.js';

/** GET /rate-limits: the calling key's budgets, read without spending any (docs/rate-limits.md). */
export async function rateLimitRoutes(parent: FastifyInstance, { ctx, limiter }: { ctx: ServiceContext; limiter: RateLimiter | undefined }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/rate-limits', {
    config: { keyOnly: true, rateLimit: 'free' },
    schema: {
      tags: ['rate-limits'],
      operationId: 'getRateLimits',
      summary: "The calling key's rate-limit budgets",
      description: 'Any valid key may read its own budgets; this request spends none of them.',
      response: responses({ 200: RateLimitsResponse }, 404),
    },
    handler: async (request) => {
      if (!limiter) throw new AppError('resource_not_found', 'Rate limits are off on this server (RATE_LIMITS=off)');
      const { keyId, limits, plan } = request.auth;
      return { data: { plan, ...(await readBudgets(limiter, keyId, limits, ctx.clock.now())) } };
    },
  });
}
