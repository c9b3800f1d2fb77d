import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BulkBody, bulkStatus } from '../../shared/bulk.js';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply, resourceReply, upsertReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses, UpsertHeaders } from '../../shared/schemas.js';
import {
  BulkCreateStudentsBody,
  CreateStudentBody,
  ListStudentsQuery,
  StudentBulk,
  StudentDeletedResponse,
  StudentExternalIdParams,
  StudentListResponse,
  StudentParams,
  StudentResponse,
  UpdateStudentBody,
} from './students.schemas.js';
import * as service from './students.service.js';

const tags = ['students'];

export async function studentRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/students', {
    config: { scope: 'students:read' },
    schema: {
      tags,
      operationId: 'listStudents',
      summary: 'List students',
      description: 'Filters: `email` (any case), `external_id` (exact), `status`, `updated_since`. Page mode by default; cursor mode with `cursor`.',
      querystring: ListStudentsQuery,
      response: responses({ 200: StudentListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listStudents(ctx, request.auth.workspaceId, request.query), { plain: true }),
  });

  app.post('/students', {
    config: { scope: 'students:write' },
    schema: {
      tags,
      operationId: 'createStudent',
      responseHeaders: ['ETag'],
      summary: 'Create a student',
      description: 'An email (any case) or external_id already used in the workspace answers 409 `student_exists` with `details.student_id`.',
      body: CreateStudentBody,
      response: responses({ 201: StudentResponse }, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return resourceReply(reply, await service.createStudent(ctx, request.auth.workspaceId, request.body));
    },
  });

  app.post('/students/bulk', {
    config: { scope: 'students:write', rateLimit: 'bulk' },
    schema: {
      tags,
      operationId: 'bulkCreateStudents',
      summary: 'Create up to 100 students',
      description:
        'Each record succeeds or fails on its own; the answer has one result per record, in order. 201 when all were created, 207 when any failed.',
      body: BulkBody,
      documentedBody: BulkCreateStudentsBody,
      response: responses(StudentBulk.responses, 413, 415, 422),
    },
    handler: async (request, reply) => {
      const results = await service.bulkCreateStudents(ctx, request.auth.workspaceId, request.body.records);
      reply.code(bulkStatus(results));
      return { data: results };
    },
  });

  app.get('/students/:id', {
    config: { scope: 'students:read' },
    schema: {
      tags,
      operationId: 'getStudent',
      description: 'The student, with its `ETag` for a later If-Match.',
      responseHeaders: ['ETag'],
      summary: 'Get a student',
      params: StudentParams,
      response: responses({ 200: StudentResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.getStudent(ctx, request.auth.workspaceId, request.params.id)),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/students/:id',
      config: { scope: 'students:write' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateStudent' : 'patchStudent',
        responseHeaders: ['ETag'],
        summary: method === 'PUT' ? 'Update a student' : 'Update a student (alias of PUT)',
        description: 'Changes the fields given and leaves the rest; `external_id: null` removes it. Send `If-Match` to avoid lost updates.',
        params: StudentParams,
        headers: IfMatchHeaders,
        body: UpdateStudentBody,
        response: responses({ 200: StudentResponse }, 404, 409, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(
          reply,
          await service.updateStudent(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match']),
        ),
    });
  }

  app.put('/students/by-external-id/:external_id', {
    config: { scope: 'students:write' },
    schema: {
      tags,
      operationId: 'upsertStudent',
      responseHeaders: ['ETag', 'Location', 'Lectern-Upsert'],
      summary: 'Create or update a student by external id',
      description:
        'Makes the student of this `external_id` (201, `Location`), or gives the existing one the fields sent (200; the ones left out stay), ' +
        'as one atomic step: concurrent calls for one new id make one student. `Lectern-Upsert` says `created`, `updated` or `unchanged`; an ' +
        'unchanged student keeps its `updated_at` and sends no event (else `student.created` or `student.updated`, as POST and PATCH). ' +
        'The body is the create\'s; an `external_id` in it must be the path\'s (else 400). `If-None-Match: *` only creates and ' +
        '`If-Match: *` only updates (412 otherwise). An email another student holds answers 409 `student_exists`.',
      params: StudentExternalIdParams,
      headers: UpsertHeaders,
      body: CreateStudentBody,
      response: responses({ 200: StudentResponse, 201: StudentResponse }, 404, 409, 412, 413, 415),
    },
    handler: async (request, reply) =>
      upsertReply(
        reply,
        await service.upsertStudent(ctx, request.auth.workspaceId, request.params.external_id, request.body, {
          ifMatch: request.headers['if-match'],
          ifNoneMatch: request.headers['if-none-match'],
        }),
        '/api/v1/students',
      ),
  });

  app.delete('/students/:id', {
    config: { scope: 'students:write' },
    schema: {
      tags,
      operationId: 'deleteStudent',
      summary: 'Delete a student',
      description: 'Erases the student and their enrollments (each course\'s enrollment_count is lowered accordingly).',
      params: StudentParams,
      response: responses({ 200: StudentDeletedResponse }, 404),
    },
    handler: async (request) => ({ data: await service.deleteStudent(ctx, request.auth.workspaceId, request.params.id) }),
  });
}
