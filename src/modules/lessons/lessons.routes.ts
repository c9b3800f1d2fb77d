import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses } from '../../shared/schemas.js';
import { hasScope } from '../api-keys/scopes.js';
import {
  CreateLessonBody,
  CreateLessonRequest,
  LessonDeletedResponse,
  LessonListResponse,
  LessonParams,
  LessonResponse,
  ListLessonsQuery,
  ModuleIdParams,
  UpdateLessonBody,
  UpdateLessonRequest,
} from './lessons.schemas.js';
import * as service from './lessons.service.js';

const tags = ['lessons'];

/** Quiz answers are shown only to keys that may edit courses. */
const seesAnswers = (request: FastifyRequest) => hasScope(request.auth.scopes, 'courses:write');

export async function lessonRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/modules/:id/lessons', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'listLessons',
      description: 'The module\'s lessons in position order; quiz answers only for keys with courses:write. Page mode by default; cursor mode with `cursor`.',
      summary: 'List the lessons of a module, in position order',
      params: ModuleIdParams,
      querystring: ListLessonsQuery,
      response: responses({ 200: LessonListResponse }, 404),
    },
    handler: async (request, reply) =>
      pageReply(request, reply, await service.listLessons(ctx, request.auth.workspaceId, request.params.id, request.query, seesAnswers(request))),
  });

  app.post('/modules/:id/lessons', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'createLesson',
      responseHeaders: ['ETag'],
      summary: 'Add a lesson to a module',
      description: 'At `position` (0-based; default: the end). A lesson of type `quiz` needs `quiz`; other types take none.',
      params: ModuleIdParams,
      body: CreateLessonBody,
      documentedBody: CreateLessonRequest,
      response: responses({ 201: LessonResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return resourceReply(reply, await service.createLesson(ctx, request.auth.workspaceId, request.params.id, request.body));
    },
  });

  app.get('/lessons/:id', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'getLesson',
      summary: 'Get a lesson',
      description: 'The lesson, with its `ETag`; quiz answers only for keys with courses:write (the ETag differs with and without them).',
      responseHeaders: ['ETag'],
      params: LessonParams,
      response: responses({ 200: LessonResponse }, 404),
    },
    handler: async (request, reply) =>
      resourceReply(reply, await service.getLesson(ctx, request.auth.workspaceId, request.params.id, seesAnswers(request))),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/lessons/:id',
      config: { scope: 'courses:write' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateLesson' : 'patchLesson',
        responseHeaders: ['ETag'],
        summary: method === 'PUT' ? 'Update or move a lesson' : 'Update or move a lesson (alias of PUT)',
        description: 'A new `quiz` replaces the whole quiz; send question ids back to keep them.',
        params: LessonParams,
        headers: IfMatchHeaders,
        body: UpdateLessonBody,
        documentedBody: UpdateLessonRequest,
        response: responses({ 200: LessonResponse }, 404, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(reply, await service.updateLesson(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match'])),
    });
  }

  app.delete('/lessons/:id', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'deleteLesson',
      summary: 'Delete a lesson',
      description: 'Deletes the lesson; the lessons after it move up one. Sends `lesson.deleted`.',
      params: LessonParams,
      response: responses({ 200: LessonDeletedResponse }, 404),
    },
    handler: async (request) => ({ data: await service.deleteLesson(ctx, request.auth.workspaceId, request.params.id) }),
  });
}
