import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { responses } from '../../shared/schemas.js';
import { LessonProgressResponse, ProgressQuery, RecordProgressBody, StudentIdParams, StudentProgressResponse } from './progress.schemas.js';
import * as service from './progress.service.js';

const tags = ['progress'];

export async function progressRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/students/:id/progress', {
    config: { scope: 'enrollments:write' },
    schema: {
      tags,
      operationId: 'recordProgress',
      summary: "Record a student's activity on a lesson",
      description:
        'The student must be enrolled in the lesson\'s course (409 `not_enrolled`). Time adds up; a completed lesson stays completed; ' +
        'completing the last lesson of the course completes the enrollment.',
      params: StudentIdParams,
      body: RecordProgressBody,
      response: responses({ 201: LessonProgressResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { data: await service.recordProgress(ctx, request.auth.workspaceId, request.params.id, request.body) };
    },
  });

  app.get('/students/:id/progress', {
    config: { scope: 'enrollments:read' },
    schema: {
      tags,
      operationId: 'getStudentProgress',
      description: 'Per enrolled course: the enrollment\'s status and progress_percent, lessons completed of total, time spent, last activity and the state of each lesson, in course order. `course_id` narrows it to one course.',
      summary: "A student's progress in each enrolled course",
      params: StudentIdParams,
      querystring: ProgressQuery,
      response: responses({ 200: StudentProgressResponse }, 404),
    },
    handler: async (request) => ({ data: await service.studentProgress(ctx, request.auth.workspaceId, request.params.id, request.query.course_id) }),
  });
}
