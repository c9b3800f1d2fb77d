import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { pageReply } from '../../shared/reply.js';
import { responses } from '../../shared/schemas.js';
import { acceptImportFiles, IMPORT_MEDIA_TYPES_MESSAGE, SpooledBody } from './import-files.js';
import {
  CreateImportQuery,
  documentedImportBody,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportCreatedResponse,
  ImportListResponse,
  ImportParams,
  ImportResponse,
  ImportResultLine,
  ListImportsQuery,
  ResultsQuery,
} from './imports.schemas.js';
import * as service from './imports.service.js';

const tags = ['imports'];

export async function importRoutes(parent: FastifyInstance, { ctx }: { ctx: service.ImportsContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  // POST /imports in a scope of its own: its bodies are files streamed to disk, not JSON.
  await app.register(async (files) => {
    acceptImportFiles(files, ctx.importDir);
    // The spooled file goes unless an import took it (a refusal, a replay, a failure).
    files.addHook('onResponse', async (request) => {
      if (request.body instanceof SpooledBody) await request.body.discard();
    });

    files.withTypeProvider<TypeBoxTypeProvider>().post('/imports', {
      config: { scope: 'students:write', rateLimit: 'imports', readsBody: true, windowSparesReplays: true },
      schema: {
        tags,
        operationId: 'createImport',
        summary: 'Import a roster (CSV, NDJSON or zip)',
        description:
          `Answers 202 with the import at once; a worker applies it in the background (poll GET /imports/{id}, or listen for \`import.completed\`, \`import.failed\`, \`import.awaiting_confirmation\`). ` +
          `The body is the file itself: \`text/csv\` (with \`type=students\` or \`type=enrollments\`), \`application/x-ndjson\` or \`application/zip\` (students.csv and enrollments.csv), ` +
          `at most ${IMPORT_MAX_BYTES} bytes (50 MiB; larger answers 413 before anything is read into the roster) and ${IMPORT_MAX_ROWS} rows. ` +
          'Enrollment rows need `enrollments:write` besides `students:write` (without it they fail, each with `insufficient_permissions`). ' +
          'The same Idempotency-Key gives the same import. 10 imports an hour per key (the `imports` window; a replay spends none of it). See docs/imports.md.',
        querystring: CreateImportQuery,
        documentedBody: documentedImportBody as never,
        responseHeaders: ['Location'],
        response: responses({ 202: ImportCreatedResponse }, 413, 415, 422),
      },
      // Before the Idempotency-Key is claimed: a request refused here stores nothing.
      preValidation: async (request) => {
        if (!(request.body instanceof SpooledBody)) {
          throw new AppError('unsupported_media_type', IMPORT_MEDIA_TYPES_MESSAGE);
        }
        service.checkImportOptions(request.body, request.query);
      },
      handler: async (request, reply) => {
        const { auth } = request;
        const created = await service.createImport(ctx, { workspaceId: auth.workspaceId, keyId: auth.keyId, scopes: auth.scopes }, request.body as SpooledBody, request.query);
        reply.code(202).header('location', `/api/v1/imports/${created.id}`);
        return { data: created };
      },
    });
  });

  app.get('/imports', {
    config: { scope: 'students:read' },
    schema: {
      tags,
      operationId: 'listImports',
      summary: 'List imports',
      description: 'Newest first (`sort=created_at`: oldest first). Filters: `status`, `updated_since`. Page mode by default; cursor mode with `cursor`.',
      querystring: ListImportsQuery,
      response: responses({ 200: ImportListResponse }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.listImports(ctx, request.auth.workspaceId, request.query)),
  });

  app.get('/imports/:id', {
    config: { scope: 'students:read' },
    schema: {
      tags,
      operationId: 'getImport',
      summary: 'Get an import',
      description: 'Its status, progress (rows done of rows), counts, a full sync\'s plan and, when it failed, why.',
      params: ImportParams,
      response: responses({ 200: ImportResponse }, 404),
    },
    handler: async (request) => ({ data: await service.getImport(ctx, request.auth.workspaceId, request.params.id) }),
  });

  app.get('/imports/:id/results', {
    config: { scope: 'students:read' },
    schema: {
      tags,
      operationId: 'getImportResults',
      summary: 'Get an import\'s results, one line per row',
      description:
        'One line per input row (file order), then one per object a full sync deactivated: `application/x-ndjson` (the default) or `text/csv` by `Accept`. ' +
        '`status=error` gives the failed rows only. Lines appear as chunks are committed, so a running import answers the rows done so far.',
      params: ImportParams,
      querystring: ResultsQuery,
      response: {
        ...responses({}, 404),
        200: {
          description: 'The result lines, streamed.',
          content: {
            'application/x-ndjson': { schema: ImportResultLine },
            'text/csv': { schema: { type: 'string', description: 'A header `file,line,type,external_id,action,id,code,field,message`, then one row per result line.' } },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const format = wantsCsv(request) ? 'csv' : 'ndjson';
      const lines = await service.openResults(ctx, request.auth.workspaceId, request.params.id, request.query.status === 'error', format);
      return reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8').send(Readable.from(lines));
    },
  });

  for (const action of ['confirm', 'cancel'] as const) {
    app.post(`/imports/:id/${action}`, {
      config: { scope: 'students:write' },
      schema: {
        tags,
        operationId: action === 'confirm' ? 'confirmImport' : 'cancelImport',
        summary: action === 'confirm' ? 'Confirm a full sync waiting for confirmation' : 'Cancel a full sync waiting for confirmation',
        description:
          action === 'confirm'
            ? 'An import in `awaiting_confirmation` is queued again and deactivates what its plan says. In any other state: 409 `import_not_awaiting_confirmation`.'
            : 'An import in `awaiting_confirmation` becomes `canceled`; nothing of it was or will be written. In any other state (a running import included): 409 `import_not_awaiting_confirmation`.',
        params: ImportParams,
        response: responses({ 200: ImportResponse }, 404, 409, 413, 415, 422),
      },
      handler: async (request) => ({
        data: await (action === 'confirm' ? service.confirmImport : service.cancelImport)(ctx, request.auth.workspaceId, request.params.id),
      }),
    });
  }
}

/** CSV when the client asks for text/csv before (or without) NDJSON; NDJSON otherwise. */
function wantsCsv(request: FastifyRequest): boolean {
  const accept = (request.headers.accept ?? '').toLowerCase();
  const csv = accept.indexOf('text/csv');
  const ndjson = accept.indexOf('application/x-ndjson');
  return csv !== -1 && (ndjson === -1 || csv < ndjson);
}

