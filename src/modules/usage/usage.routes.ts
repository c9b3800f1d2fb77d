import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { responses } from '../../shared/schemas.js';
import { UsageQuery, UsageResponse } from './usage.schemas.js';
import { getUsage, type UsageFlusher } from './usage.service.js';

/** GET /usage: the workspace's API requests per hour or day (scope analytics:read). */
export async function usageRoutes(parent: FastifyInstance, { ctx, counter }: { ctx: ServiceContext; counter: UsageFlusher }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/usage', {
    config: { scope: 'analytics:read' },
    schema: {
      tags: ['usage'],
      operationId: 'getUsage',
      summary: 'The workspace\'s API usage per hour or day',
      description:
        'Scope `analytics:read`. Requests per hour (`granularity=hour`, default: the last 24 hours) or UTC day (`day`: the last 30 days) of every key of the workspace, or of one (`key_id`), ' +
        'by status class (2xx, 4xx other than 429, 429, 5xx). Counted without a write per request: other processes\' requests show within the flush interval (`KEY_USAGE_FLUSH_MS`).',
      querystring: UsageQuery,
      response: responses({ 200: UsageResponse }, 404),
    },
    handler: async (request) => ({ data: await getUsage(ctx, counter, request.auth.workspaceId, request.query) }),
  });
}
