import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resourceReply } from '../../shared/reply.js';
import { responses } from '../../shared/schemas.js';
import { CourseParams, CourseResponse } from '../courses/courses.schemas.js';
import { importCourse } from './course-import.js';
import { CourseDocument, CreateExportBody, ExportCreatedResponse, ExportParams, ExportResponse, exampleCourseDocument } from './exports.schemas.js';
import * as service from './exports.service.js';

const tags = ['exports'];
/** An import carries a whole course, so it may be larger than the 1 MiB of other bodies. */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

export async function exportRoutes(parent: FastifyInstance, { ctx }: { ctx: service.ExportsContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/courses/:id/export', {
    config: { scope: 'exports:write', rateLimit: 'export' },
    schema: {
      tags,
      operationId: 'createExport',
      summary: 'Export a course',
      description:
        'Answers 202 with the export job at once; it is built in the background. Poll GET /exports/:id (or listen for `export.completed` / `export.failed`), then GET its `download_url`. 10 exports an hour per key.',
      params: CourseParams,
      body: CreateExportBody,
      responseHeaders: ['Location'],
      response: responses({ 202: ExportCreatedResponse }, 404, 413, 415, 422),
    },
    handler: async (request, reply) => {
      const job = await service.createExport(ctx, request.auth.workspaceId, request.params.id, request.body);
      reply.code(202).header('location', `/api/v1/exports/${job.id}`);
      return { data: job };
    },
  });

  app.get('/exports/:id', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'getExport',
      description: 'The export job: poll it until `status` is `succeeded` (then GET its `download_url`) or `failed` (`error` says why).',
      summary: 'Get an export job',
      params: ExportParams,
      response: responses({ 200: ExportResponse }, 404),
    },
    handler: async (request) => ({ data: await service.getExport(ctx, request.auth.workspaceId, request.params.id) }),
  });

  app.get('/exports/:id/download', {
    config: { scope: 'courses:read' },
    schema: {
      tags,
      operationId: 'downloadExport',
      summary: 'Download an export file',
      description:
        'Streams the file: `application/json` (a CourseDocument) or `application/zip` (an .imscc package, or a SCORM 1.2 or cmi5 .zip). 409 `export_not_ready` before the export has succeeded, 410 `export_expired` once its file has been removed (7 days after completion). A file holding quiz answers needs courses:write or exports:write.',
      params: ExportParams,
      responseHeaders: ['Content-Disposition'],
      response: {
        ...responses({}, 404, 409, 410),
        200: {
          description: 'The export file, as an attachment (`Content-Disposition`): `application/json` for a json export, `application/zip` for the others (imscc, scorm12, cmi5).',
          content: {
            'application/json': { schema: CourseDocument, example: exampleCourseDocument },
            'application/zip': { schema: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const file = await service.openDownload(ctx, request.auth.workspaceId, request.params.id, request.auth.scopes);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  });

  app.post('/courses/import', {
    config: { scope: 'courses:write', rateLimit: 'bulk' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags,
      operationId: 'importCourse',
      responseHeaders: ['ETag'],
      summary: 'Import a course from a json export',
      description:
        'Creates a new course (new ids, new timestamps) from a json export: modules and lessons in the order of their arrays, quizzes with their answers. All or nothing. Bodies up to 32 MiB; counts against the bulk window (20 an hour per key).',
      body: CourseDocument,
      response: responses({ 201: CourseResponse }, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return resourceReply(reply, await importCourse(ctx, request.auth.workspaceId, request.body));
    },
  });
}
