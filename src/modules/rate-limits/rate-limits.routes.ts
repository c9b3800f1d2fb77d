import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.js';
import type { ServiceContext } from '../../shared/context.js';
import { responses } from '../../shared/schemas.js';
import type { Budget } from './budgets.js';
import { type EndpointGroup, endpointGroups } from './policies.js';
import type { RateLimiter } from './rate-limiter.js';
import { RateLimitsResponse } from './rate-limits.schemas.js';

const unixSeconds = (ms: number) => Math.ceil(ms / 1000);

const windowOf = (budget: Budget) => ({
  limit: budget.limit,
  used: budget.limit - budget.remaining,
  remaining: budget.remaining,
  reset: unixSeconds(budget.resetAt),
  window_seconds: 3600,
});

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
      const now = ctx.clock.now();
      // One look (cost 0) per endpoint window; each also reads the quota and the bucket.
      const looks = await Promise.all(
        endpointGroups.map((group) => limiter.check({ keyId, limits, group, now, cost: 0 })),
      );
      const { hourly, burst } = looks[0]!;
      const endpoints = Object.fromEntries(endpointGroups.map((group, i) => [group, windowOf(looks[i]!.endpoint!)]));
      return {
        data: {
          plan,
          hourly: windowOf(hourly),
          burst: { limit: burst.limit, remaining: burst.remaining, reset: unixSeconds(burst.resetAt), refill_per_minute: limits.burst },
          endpoints: endpoints as Record<EndpointGroup, ReturnType<typeof windowOf>>,
        },
      };
    },
  });
}
