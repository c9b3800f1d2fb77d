import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { pageReply } from '../../shared/reply.js';
import type { KeyManager } from '../api-keys/api-keys.service.js';
import { acceptImportFiles, IMPORT_MEDIA_TYPES_MESSAGE, SpooledBody } from '../imports/import-files.js';
import { CreateImportQuery, ListImportsQuery } from '../imports/imports.schemas.js';
import * as imports from '../imports/imports.service.js';
import { firstFailedRows } from './console-imports.service.js';
import { ConsoleFailedRowsQuery, ConsoleImportResultsQuery, EnvironmentIdParams, EnvironmentParams } from './console.schemas.js';

export interface ConsoleImportsOptions {
  /** The imports' context (where uploads are spooled), as /api/v1/imports has it. */
  ctx: imports.ImportsContext;
  /** The signed-in user as a caller of the environment's services (`manage`: owners and developers only; viewers get 403). */
  caller: (request: FastifyRequest, manage?: boolean) => Promise<KeyManager>;
}

const hide = { hide: true } as const;
const env = '/console/api/environments/:environment';

/**
 * The Imports page's API (console/src/pages/imports.tsx, docs/console.md "Imports"): the functions
 * behind /api/v1/imports. Every role reads; owners and developers upload, confirm and cancel. An
 * upload is the file itself, spooled to disk as it arrives (413 past 50 MiB), as POST /imports takes
 * it; the session, its CSRF token and the role are checked before a byte of it is read.
 */
export async function consoleImportRoutes(parent: FastifyInstance, { ctx, caller }: ConsoleImportsOptions) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  // The upload in a scope of its own: its body is a file streamed to disk, not JSON.
  await app.register(async (files) => {
    acceptImportFiles(files, ctx.importDir);
    // The spooled file goes unless the import took it (a refusal, a failure).
    files.addHook('onResponse', async (request) => {
      if (request.body instanceof SpooledBody) await request.body.discard();
    });
    files.withTypeProvider<TypeBoxTypeProvider>().post(`${env}/imports`, {
      schema: { ...hide, params: EnvironmentParams, querystring: CreateImportQuery },
      onRequest: async (request) => void (await caller(request, true)),
      preValidation: async (request) => {
        if (!(request.body instanceof SpooledBody)) throw new AppError('unsupported_media_type', IMPORT_MEDIA_TYPES_MESSAGE);
        imports.checkImportOptions(request.body, request.query);
      },
      handler: async (request, reply) => {
        const { workspaceId, scopes } = await caller(request, true);
        const created = await imports.createImport(ctx, { workspaceId, keyId: null, scopes }, request.body as SpooledBody, request.query);
        reply.code(202);
        return { data: created };
      },
    });
  });

  app.get(`${env}/imports`, { schema: { ...hide, params: EnvironmentParams, querystring: ListImportsQuery } }, async (request, reply) =>
    pageReply(request, reply, await imports.listImports(ctx, (await caller(request)).workspaceId, request.query)),
  );
  app.get(`${env}/imports/:id`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await imports.getImport(ctx, (await caller(request)).workspaceId, request.params.id),
  }));
  // The report's failed rows: the first few, as JSON.
  app.get(`${env}/imports/:id/failures`, { schema: { ...hide, params: EnvironmentIdParams, querystring: ConsoleFailedRowsQuery } }, async (request) =>
    firstFailedRows(ctx, (await caller(request)).workspaceId, request.params.id, request.query.limit ?? 100),
  );
  // "Download results": a plain link (the session cookie goes along), so the format is in the query, not in Accept.
  app.get(`${env}/imports/:id/results`, { schema: { ...hide, params: EnvironmentIdParams, querystring: ConsoleImportResultsQuery } }, async (request, reply) => {
    const { workspaceId } = await caller(request);
    const format = request.query.format ?? 'csv';
    const failedOnly = request.query.status === 'error';
    // Opened first: an id of another workspace is 404 before any header names it.
    const lines = await imports.openResults(ctx, workspaceId, request.params.id, failedOnly, format);
    const name = `${request.params.id}-${failedOnly ? 'failed-rows' : 'results'}.${format}`;
    return reply
      .header('content-disposition', `attachment; filename="${name}"`)
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .send(Readable.from(lines));
  });
  app.post(`${env}/imports/:id/confirm`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await imports.confirmImport(ctx, (await caller(request, true)).workspaceId, request.params.id),
  }));
  app.post(`${env}/imports/:id/cancel`, { schema: { ...hide, params: EnvironmentIdParams } }, async (request) => ({
    data: await imports.cancelImport(ctx, (await caller(request, true)).workspaceId, request.params.id),
  }));
}
