import type { ServiceContext } from '../../shared/context.js';
import type { ImportResultLine } from '../imports/imports.schemas.js';
import { openResults } from '../imports/imports.service.js';

/**
 * The first `limit` failed rows of an import, in file order, for its report in the console (the
 * results download has them all): read from the same result lines as GET /imports/{id}/results
 * answers, and no further than needed.
 */
export async function firstFailedRows(ctx: ServiceContext, workspaceId: string, id: string, limit: number): Promise<{ data: ImportResultLine[]; has_more: boolean }> {
  const pages = await openResults(ctx, workspaceId, id, true, 'ndjson');
  const rows: ImportResultLine[] = [];
  try {
    for await (const page of pages) {
      for (const line of page.split('\n')) {
        if (line === '') continue;
        if (rows.length === limit) return { data: rows, has_more: true };
        rows.push(JSON.parse(line) as ImportResultLine);
      }
    }
  } finally {
    await pages.return(undefined);
  }
  return { data: rows, has_more: false };
}
