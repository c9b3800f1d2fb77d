import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply, resourceReply, upsertReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses, UpsertHeaders } from '../../shared/schemas.js';
import {
  CourseDeletedResponse,
  CourseExternalIdParams,
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
      description: 'Filters: `published`, `external_id` (exact), `updated_since`. Page mode (`page`, `per_page`) by default; cursor mode with `cursor` for bulk syncing.',
      querystring: ListCoursesQuery,
      response: responses({ 200: CourseListResponse }),
    },
    // Plain: toCourse builds each course field by field (src/shared/reply.ts).
    handler: async (request, reply) => pageReply(request, reply, await service.listCourses(ctx, request.auth.workspaceId, request.query), { plain: true }),
  });

  app.post('/courses', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'createCourse',
      description:
        'Creates a course, unpublished unless `published: true`; students can be enrolled once it is published. Sends `course.created`. ' +
        'An `external_id` another course of the workspace holds answers 409 `course_exists` with `details.course_id`.',
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
        description:
          'Changes the fields given and leaves the rest; `external_id: null` removes it (one another course holds: 409 `course_exists`). ' +
          'Send `If-Match` with the ETag you read to avoid lost updates.',
        params: CourseParams,
        headers: IfMatchHeaders,
        body: UpdateCourseBody,
        response: responses({ 200: CourseResponse }, 404, 409, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(
          reply,
          await service.updateCourse(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match']),
        ),
    });
  }

  app.put('/courses/by-external-id/:external_id', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'upsertCourse',
      responseHeaders: ['ETag', 'Location', 'Lectern-Upsert'],
      summary: 'Create or update a course by external id',
      description:
        'Makes the course of this `external_id` (201, `Location`), or gives the existing one the fields sent (200; the ones left out stay), ' +
        'as one atomic step: concurrent calls for one new id make one course. `Lectern-Upsert` says `created`, `updated` or `unchanged`; an ' +
        'unchanged course keeps its `updated_at` and sends no event (else the events of POST and PATCH: `course.created`; `course.updated`, ' +
        '`course.published`, `course.unpublished`). The body is the create\'s; an `external_id` in it must be the path\'s (else 400). ' +
        '`If-None-Match: *` only creates and `If-Match: *` only updates (412 otherwise).',
      params: CourseExternalIdParams,
      headers: UpsertHeaders,
      body: CreateCourseBody,
      response: responses({ 200: CourseResponse, 201: CourseResponse }, 404, 412, 413, 415),
    },
    handler: async (request, reply) =>
      upsertReply(
        reply,
        await service.upsertCourse(ctx, request.auth.workspaceId, request.params.external_id, request.body, {
          ifMatch: request.headers['if-match'],
          ifNoneMatch: request.headers['if-none-match'],
        }),
        '/api/v1/courses',
      ),
  });

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
