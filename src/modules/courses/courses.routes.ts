import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses } from '../../shared/schemas.js';
import {
  CourseDeletedResponse,
  CourseListResponse,
  CourseParams,
  CourseResponse,
  CreateCourseBody,
  DeleteCourseQuery,
  ListCoursesQuery,
  UpdateCourseBody,
} from './courses.schemas.js';
import * as service from './courses.service.js';

const tags = ['courses'];

export async function courseRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/courses', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'listCourses',
      summary: 'List courses',
      description: 'Page mode (`page`, `per_page`) by default; cursor mode with `cursor` for bulk syncing.',
      querystring: ListCoursesQuery,
      response: responses({ 200: CourseListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listCourses(ctx, request.auth.workspaceId, request.query)),
  });

  app.post('/courses', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'createCourse',
      description: 'Creates a course, unpublished unless `published: true`; students can be enrolled once it is published. Sends `course.created`.',
      responseHeaders: ['ETag'],
      summary: 'Create a course',
      body: CreateCourseBody,
      response: responses({ 201: CourseResponse }, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return resourceReply(reply, await service.createCourse(ctx, request.auth.workspaceId, request.body));
    },
  });

  app.get('/courses/:id', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'getCourse',
      description: 'The course, with its `ETag` for a later If-Match.',
      responseHeaders: ['ETag'],
      summary: 'Get a course',
      params: CourseParams,
      response: responses({ 200: CourseResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.getCourse(ctx, request.auth.workspaceId, request.params.id)),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/courses/:id',
      config: { scope: 'courses:write' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateCourse' : 'patchCourse',
        responseHeaders: ['ETag'],
        summary: method === 'PUT' ? 'Update a course' : 'Update a course (alias of PUT)',
        description: 'Changes the fields given and leaves the rest. Send `If-Match` with the ETag you read to avoid lost updates.',
        params: CourseParams,
        headers: IfMatchHeaders,
        body: UpdateCourseBody,
        response: responses({ 200: CourseResponse }, 404, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(
          reply,
          await service.updateCourse(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match']),
        ),
    });
  }

  app.delete('/courses/:id', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'deleteCourse',
      summary: 'Delete a course',
      description: 'A course with enrollments answers 409 `course_has_enrollments` unless `force=true`.',
      params: CourseParams,
      querystring: DeleteCourseQuery,
      response: responses({ 200: CourseDeletedResponse }, 404, 409),
    },
    handler: async (request) => ({
      data: await service.deleteCourse(ctx, request.auth.workspaceId, request.params.id, request.query.force ?? false),
    }),
  });

  for (const [action, published] of [['publish', true], ['unpublish', false]] as const) {
    app.post(`/courses/:id/${action}`, {
      config: { scope: 'courses:write' },
      schema: {
        tags,
        operationId: `${action}Course`,
        summary: published ? 'Publish a course' : 'Unpublish a course',
        description: published
          ? 'Sets `published: true`: students can be enrolled from then on. Sends `course.published`; publishing a published course changes nothing.'
          : 'Sets `published: false`: no new enrollments (409 `course_not_published`); existing ones stay. Sends `course.unpublished` when it changed.',
        responseHeaders: ['ETag'],
        params: CourseParams,
        response: responses({ 200: CourseResponse }, 404, 409, 422),
      },
      handler: async (request, reply) => resourceReply(reply, await service.setPublished(ctx, request.auth.workspaceId, request.params.id, published)),
    });
  }
}
