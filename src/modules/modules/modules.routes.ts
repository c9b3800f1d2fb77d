import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply, resourceReply } from '../../shared/reply.js';
import { IfMatchHeaders, responses } from '../../shared/schemas.js';
import {
  CourseIdParams,
  CreateModuleBody,
  ListModulesQuery,
  ModuleDeletedResponse,
  ModuleListResponse,
  ModuleParams,
  ModuleResponse,
  UpdateModuleBody,
} from './modules.schemas.js';
import * as service from './modules.service.js';

const tags = ['modules'];

export async function moduleRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/courses/:id/modules', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'listModules',
      description: 'The course\'s modules in position order. Page mode by default; cursor mode with `cursor`.',
      summary: 'List the modules of a course, in position order',
      params: CourseIdParams,
      querystring: ListModulesQuery,
      response: responses({ 200: ModuleListResponse }, 404),
    },
    handler: async (request, reply) =>
      pageReply(request, reply, await service.listModules(ctx, request.auth.workspaceId, request.params.id, request.query)),
  });

  app.post('/courses/:id/modules', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'createModule',
      responseHeaders: ['ETag'],
      summary: 'Add a module to a course',
      description: 'At `position` (0-based; default: the end); the modules from there on move down one.',
      params: CourseIdParams,
      body: CreateModuleBody,
      response: responses({ 201: ModuleResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return resourceReply(reply, await service.createModule(ctx, request.auth.workspaceId, request.params.id, request.body));
    },
  });

  app.get('/modules/:id', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'getModule',
      summary: 'Get a module',
      description: 'The module, with its `ETag` for a later If-Match.',
      responseHeaders: ['ETag'],
      params: ModuleParams,
      response: responses({ 200: ModuleResponse }, 404),
    },
    handler: async (request, reply) => resourceReply(reply, await service.getModule(ctx, request.auth.workspaceId, request.params.id)),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/modules/:id',
      config: { scope: 'courses:write' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateModule' : 'patchModule',
        responseHeaders: ['ETag'],
        summary: method === 'PUT' ? 'Update or move a module' : 'Update or move a module (alias of PUT)',
        description: 'Changes the fields given; a new `position` moves the module within its course (the others shift). Send `If-Match` with the ETag you read to avoid lost updates.',
        params: ModuleParams,
        headers: IfMatchHeaders,
        body: UpdateModuleBody,
        response: responses({ 200: ModuleResponse }, 404, 412, 413, 415),
      },
      handler: async (request, reply) =>
        resourceReply(reply, await service.updateModule(ctx, request.auth.workspaceId, request.params.id, request.body, request.headers['if-match'])),
    });
  }

  app.delete('/modules/:id', {
    config: { scope: 'courses:write' },
    schema: {
      tags,
      operationId: 'deleteModule',
      description: 'Deletes the module and its lessons; the modules after it move up one. Sends `module.deleted`.',
      summary: 'Delete a module and its lessons',
      params: ModuleParams,
      response: responses({ 200: ModuleDeletedResponse }, 404),
    },
    handler: async (request) => ({ data: await service.deleteModule(ctx, request.auth.workspaceId, request.params.id) }),
  });
}
