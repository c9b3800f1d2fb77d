import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply } from '../../shared/reply.js';
import { responses } from '../../shared/schemas.js';
import { EventListResponse, EventParams, EventResponse, ListEventsQuery } from './events.schemas.js';
import * as service from './events.service.js';

const tags = ['events'];

export async function eventRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/events', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'listEvents',
      summary: 'List events of the last 30 days',
      description:
        'The polling fallback to webhooks: every event the workspace produced in the last 30 days, newest first. Filters: `type` (exact, or a family such as `student.*`), `from`, `to`. Cursor mode with `cursor` walks the log without gaps.',
      querystring: ListEventsQuery,
      response: responses({ 200: EventListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listEvents(ctx, request.auth.workspaceId, request.query)),
  });

  app.get('/events/:id', {
    config: { scope: 'webhooks:read' },
    schema: {
      tags,
      operationId: 'getEvent',
      description: 'One event of the last 30 days (404 once it is older), as webhook deliveries carry it.',
      summary: 'Get an event',
      params: EventParams,
      response: responses({ 200: EventResponse }, 404),
    },
    handler: async (request) => ({ data: await service.getEvent(ctx, request.auth.workspaceId, request.params.id) }),
  });
}
