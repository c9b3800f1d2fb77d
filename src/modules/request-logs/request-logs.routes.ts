import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply } from '../../shared/reply.js';
import { responses } from '../../shared/schemas.js';
import { ListRequestLogsQuery, RequestLogListResponse } from './request-logs.schemas.js';
import { listRequestLogEntries, type RequestLogFlusher } from './request-logs.service.js';

/** GET /request-logs: the workspace's failed requests of the last 7 days (scope analytics:read). */
export async function requestLogRoutes(parent: FastifyInstance, { ctx, buffer }: { ctx: ServiceContext; buffer: RequestLogFlusher }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/request-logs', {
    config: { scope: 'analytics:read' },
    schema: {
      tags: ['request-logs'],
      operationId: 'listRequestLogs',
      summary: 'List the workspace\'s failed requests',
      description:
        'Scope `analytics:read`. The API requests of the workspace that answered 4xx or 5xx in the last 7 days, newest first: look one up by the `request_id` of its error. ' +
        'Requests without a valid key belong to no workspace and are not listed. Filters: `status` (`404`, `4xx`, `5xx`), `request_id`, `key_id`.',
      querystring: ListRequestLogsQuery,
      response: responses({ 200: RequestLogListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await listRequestLogEntries(ctx, buffer, request.auth.workspaceId, request.query)),
  });
}
