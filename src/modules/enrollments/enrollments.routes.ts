import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BulkBody, bulkStatus } from '../../shared/bulk.js';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { responses } from '../../shared/schemas.js';
import {
  BulkCreateEnrollmentsBody,
  CreateEnrollmentBody,
  EnrollmentBulk,
  EnrollmentListResponse,
  EnrollmentParams,
  EnrollmentResponse,
  ListEnrollmentsQuery,
} from './enrollments.schemas.js';
import * as service from './enrollments.service.js';

const tags = ['enrollments'];

export async function enrollmentRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/enrollments', {
    config: { scope: 'enrollments:read' },
    schema: {
      tags,
      operationId: 'listEnrollments',
      summary: 'List enrollments',
      description: 'Filters: `student_id`, `course_id`, `status`, `updated_since`.',
      querystring: ListEnrollmentsQuery,
      response: responses({ 200: EnrollmentListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listEnrollments(ctx, request.auth.workspaceId, request.query), { plain: true }),
  });

  app.post('/enrollments', {
    config: { scope: 'enrollments:write' },
    schema: {
      tags,
      operationId: 'createEnrollment',
      responseHeaders: ['ETag'],
      summary: 'Enroll a student in a course',
      description:
        'The course must be published (409 `course_not_published`) and the student active (409 `student_inactive`). Enrolling twice ' +
        'answers 409 `already_enrolled` with `details.enrollment_id`; a cancelled enrollment is reactivated (201).',
      body: CreateEnrollmentBody,
      response: responses({ 201: EnrollmentResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return resourceReply(reply, await service.enroll(ctx, request.auth.workspaceId, request.body));
    },
  });

  app.post('/enrollments/bulk', {
    config: { scope: 'enrollments:write', rateLimit: 'bulk' },
    schema: {
      tags,
      operationId: 'bulkCreateEnrollments',
      summary: 'Enroll up to 100 (student, course) pairs',
      description:
        'Each record succeeds or fails on its own, with the rules of a single enrollment; one result per record, in order. 201 when all were created, 207 when any failed.',
      body: BulkBody,
      documentedBody: BulkCreateEnrollmentsBody,
      response: responses(EnrollmentBulk.responses, 413, 415, 422),
    },
    handler: async (request, reply) => {
      const results = await service.bulkEnroll(ctx, request.auth.workspaceId, request.body.records);
      reply.code(bulkStatus(results));
      return { data: results };
    },
  });

  app.get('/enrollments/:id', {
    config: { scope: 'enrollments:read' },
    schema: {
      tags,
      operationId: 'getEnrollment',
      description: 'The enrollment, with its `ETag`.',
      responseHeaders: ['ETag'],
      summary: 'Get an enrollment',
      params: EnrollmentParams,
      response: responses({ 200: EnrollmentResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.getEnrollment(ctx, request.auth.workspaceId, request.params.id)),
  });

  app.delete('/enrollments/:id', {
    config: { scope: 'enrollments:write' },
    schema: {
      tags,
      operationId: 'cancelEnrollment',
      responseHeaders: ['ETag'],
      summary: 'Cancel an enrollment',
      description: 'Sets status `cancelled` and answers the enrollment; its history is kept. Cancelling again changes nothing.',
      params: EnrollmentParams,
      response: responses({ 200: EnrollmentResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.cancel(ctx, request.auth.workspaceId, request.params.id)),
  });
}
