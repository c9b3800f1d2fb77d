import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply } from '../../shared/reply.js';
import { responses } from '../../shared/schemas.js';
import { GradeSendsParams, ListGradeSendsQuery, LtiGradeSendListResponse } from './grade-sends.schemas.js';
import * as service from './grade-sends.service.js';

/** The scores sent to a platform's gradebook (LTI AGS, docs/lti.md "Grades (AGS)"). */
export async function gradeSendRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/lti/registrations/:id/grade-sends', {
    config: { scope: 'lti:read' },
    schema: {
      tags: ['lti'],
      operationId: 'listLtiGradeSends',
      summary: 'List the grade sends of an LTI registration',
      description:
        'Every course score Lectern sent, or is sending, to this platform’s line items, newest first: its status (`pending`, `succeeded`, `failed`, `superseded`), attempts, the last HTTP status and error, and when it is tried again. Filters: `status`, `student_id`. Page mode by default; cursor mode with `cursor`.',
      params: GradeSendsParams,
      querystring: ListGradeSendsQuery,
      response: responses({ 200: LtiGradeSendListResponse }, 404),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listGradeSends(ctx, request.auth.workspaceId, request.params.id, request.query)),
  });
}
