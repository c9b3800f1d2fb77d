import { api, type Environment, type Page } from './api.js';

/** The console's calls about roster imports (/console/api/environments/{environment}/imports…, docs/imports.md). */

export type ImportStatus = 'queued' | 'running' | 'awaiting_confirmation' | 'succeeded' | 'succeeded_with_errors' | 'failed' | 'canceled';
export type ImportFormat = 'csv' | 'ndjson' | 'zip';
export type ImportMode = 'upsert' | 'create_only' | 'update_only';

/** What every row came to, over all rows of the import. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  failed: number;
  skipped: number;
}

/** An import as GET /api/v1/imports/{id} answers it. */
export interface Import {
  id: string;
  status: ImportStatus;
  format?: ImportFormat | null;
  /** A CSV's rows: `students` or `enrollments` (null for NDJSON and zip). */
  type?: 'students' | 'enrollments' | null;
  mode: ImportMode;
  sync: 'delta' | 'full';
  source: string | null;
  dry_run: boolean;
  max_delete_percent: number;
  progress: { done: number; total: number | null };
  counts: ImportCounts;
  /**
   * A full sync waiting in awaiting_confirmation: how many objects it would deactivate, of how many
   * active objects the source made (absent otherwise).
   */
  pending_deactivation?: { students: number; enrollments: number; total: number; of: number; percent: number } | null;
  /** Why a failed import failed (`invalid_encoding`, `too_many_rows`…) and where. */
  error?: { code: string; message: string; file?: string | null; line?: number | null } | null;
  created_at: string;
  completed_at?: string | null;
}

/** One input row's outcome (a line of GET /imports/{id}/results). */
export interface ImportResult {
  file: string;
  /** Null for an object a full sync deactivated (no row of the file). */
  line: number | null;
  type: string;
  external_id: string | null;
  action: 'created' | 'updated' | 'unchanged' | 'deactivated' | 'failed' | 'skipped';
  code?: string;
  field?: string;
  message?: string;
}

/** What an upload sends besides the file: the query parameters of POST /imports. */
export interface ImportOptions {
  format: ImportFormat;
  type: 'students' | 'enrollments';
  mode: ImportMode;
  sync: 'delta' | 'full';
  source: string;
  max_delete_percent: number;
  dry_run: boolean;
}

export const mediaTypes: Record<ImportFormat, string> = { csv: 'text/csv', ndjson: 'application/x-ndjson', zip: 'application/zip' };

/** Still moving: worth reading again. */
export const isActive = (status: ImportStatus) => status === 'queued' || status === 'running';

const base = (environment: Environment) => `/environments/${environment}/imports`;

export const listImports = async (environment: Environment) => (await api<Page<Import>>('GET', `${base(environment)}?per_page=50`)).data;
export const getImport = async (environment: Environment, id: string) => (await api<{ data: Import }>('GET', `${base(environment)}/${encodeURIComponent(id)}`)).data;

/** The failed rows of an import, the first `limit` of them, in file order. */
export const listFailedRows = async (environment: Environment, id: string, limit: number) =>
  (await api<{ data: ImportResult[]; has_more: boolean }>('GET', `${base(environment)}/${encodeURIComponent(id)}/failures?limit=${limit}`));

/** The file as it is (streamed by the browser, never read into the page), with the options as the query. */
export const uploadImport = async (environment: Environment, file: Blob, options: ImportOptions) => {
  const query = new URLSearchParams({ mode: options.mode, sync: options.sync, max_delete_percent: String(options.max_delete_percent) });
  if (options.format === 'csv') query.set('type', options.type);
  if (options.source.trim() !== '') query.set('source', options.source.trim());
  if (options.dry_run) query.set('dry_run', 'true');
  // The kind picked on the page names the body's type, whatever the browser guessed from the file name.
  const body = new Blob([file], { type: mediaTypes[options.format] });
  return (await api<{ data: Import }>('POST', `${base(environment)}?${query}`, body)).data;
};

export const confirmImport = async (environment: Environment, id: string) => (await api<{ data: Import }>('POST', `${base(environment)}/${encodeURIComponent(id)}/confirm`)).data;
export const cancelImport = async (environment: Environment, id: string) => (await api<{ data: Import }>('POST', `${base(environment)}/${encodeURIComponent(id)}/cancel`)).data;

/** Where "Download results" points: every row's outcome as CSV (a plain link; the session cookie goes along). */
export const resultsUrl = (environment: Environment, id: string, failedOnly = false) =>
  `/console/api${base(environment)}/${encodeURIComponent(id)}/results?format=csv${failedOnly ? '&status=error' : ''}`;
