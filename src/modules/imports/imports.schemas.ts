import { type Static, Type } from 'typebox';
import { DataOf, Id, ListOf, ListQueryFields, PathId, Ref, Timestamp } from '../../shared/schemas.js';

/** Rows one import takes, and its file's size (docs/imports.md, "Limits"). */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The media types POST /imports takes, and the format each one is. */
export const importMediaTypes = { 'text/csv': 'csv', 'application/x-ndjson': 'ndjson', 'application/zip': 'zip' } as const;

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const ImportCounts = Type.Object(
  {
    created: Count('Rows that made a new object.'),
    updated: Count('Rows that changed an existing object (a reactivation included).'),
    unchanged: Count('Rows whose object already looked like the row: not written, no event, `updated_at` kept.'),
    deactivated: Count('Objects a full sync deactivated (students `inactive`, enrollments `cancelled`): not rows of the file.'),
    failed: Count('Rows that failed; the results say why.'),
    skipped: Count('Rows the mode passed over (`create_only`: the object exists; `update_only`: it does not).'),
  },
  { $id: 'ImportCounts', title: 'ImportCounts', description: 'What the rows came to, over all rows of every type.' },
);

export const ImportStatus = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('awaiting_confirmation'),
    Type.Literal('succeeded'),
    Type.Literal('succeeded_with_errors'),
    Type.Literal('failed'),
    Type.Literal('canceled'),
  ],
  {
    description:
      '`queued` → `running` → `succeeded` (every row applied) or `succeeded_with_errors` (some rows failed, the others applied), or `failed` ' +
      '(nothing written: `error` says why). A full sync that would deactivate more than `max_delete_percent` waits in `awaiting_confirmation` ' +
      'with nothing changed until POST /imports/{id}/confirm (then `queued` again) or /cancel (`canceled`).',
  },
);

const PendingDeactivation = Type.Object(
  {
    students: Count('Students the sync deactivates: made by earlier imports of the source, still active, and not in this file.'),
    enrollments: Count('Enrollments it cancels, likewise.'),
    total: Count('students + enrollments.'),
    of: Count('Objects the source made that are still active (of the types in this file): what the percent is of.'),
    percent: Type.Number({ minimum: 0, maximum: 100, description: '100 × total / of, two decimals (0 when `of` is 0).' }),
  },
  { description: 'A full sync\'s plan, known once the file has been read: what it deactivates. null for a delta import.' },
);

const ImportError = Type.Object(
  {
    code: Type.String({ description: '`invalid_encoding`, `too_many_rows`, `invalid_file` or `internal_error`.' }),
    message: Type.String(),
    file: Type.Union([Type.String(), Type.Null()], { description: 'The zip member at fault, `-` for a CSV or NDJSON body; null when no file is at fault.' }),
    line: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'The physical line at fault, when there is one.' }),
  },
  { description: 'Why a failed import failed (nothing of it was written).' },
);

export const exampleImport = {
  id: 'imp_01jd4z3y2z3a4b5c6d7e8f9g0h',
  status: 'succeeded_with_errors',
  format: 'zip',
  type: null,
  mode: 'upsert',
  sync: 'full',
  source: 'sis-nightly',
  dry_run: false,
  max_delete_percent: 10,
  progress: { done: 20000, total: 20000 },
  counts: { created: 120, updated: 35, unchanged: 19840, deactivated: 4, failed: 5, skipped: 0 },
  pending_deactivation: { students: 3, enrollments: 1, total: 4, of: 19900, percent: 0.02 },
  error: null,
  results_url: '/api/v1/imports/imp_01jd4z3y2z3a4b5c6d7e8f9g0h/results',
  created_at: '2026-11-29T02:00:00.000Z',
  updated_at: '2026-11-29T02:00:09.000Z',
  started_at: '2026-11-29T02:00:00.100Z',
  completed_at: '2026-11-29T02:00:09.000Z',
};

export const Import = Type.Object(
  {
    id: Id('imp'),
    status: ImportStatus,
    format: Type.Union([Type.Literal('csv'), Type.Literal('ndjson'), Type.Literal('zip')], { description: 'From the Content-Type: text/csv, application/x-ndjson, application/zip.' }),
    type: Type.Union([Type.Literal('students'), Type.Literal('enrollments'), Type.Null()], { description: 'A CSV\'s rows (`type` of the request); null for NDJSON and zip.' }),
    mode: Type.Union([Type.Literal('upsert'), Type.Literal('create_only'), Type.Literal('update_only')]),
    sync: Type.Union([Type.Literal('delta'), Type.Literal('full')]),
    source: Type.Union([Type.String(), Type.Null()], { description: 'The name of the feed (`source` of the request): a full sync deactivates only what imports of this source made.' }),
    dry_run: Type.Boolean({ description: 'true: the same report as a real run, nothing written.' }),
    max_delete_percent: Type.Integer({ minimum: 0, maximum: 100 }),
    progress: Type.Object(
      {
        done: Count('Rows applied (or, in a dry run, checked) so far.'),
        total: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Rows in the file; null until the file has been read through.' }),
      },
      { description: 'Rows done of rows.' },
    ),
    counts: Ref(ImportCounts),
    pending_deactivation: Type.Union([PendingDeactivation, Type.Null()]),
    error: Type.Union([ImportError, Type.Null()]),
    results_url: Type.String({ description: 'GET it for one line per row (NDJSON or CSV).' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
    started_at: Type.Union([Timestamp('When a worker first took it up.'), Type.Null()]),
    completed_at: Type.Union([Timestamp('When it reached succeeded, succeeded_with_errors, failed or canceled.'), Type.Null()]),
  },
  { $id: 'Import', title: 'Import', description: 'A roster import (docs/imports.md).', examples: [exampleImport] },
);
export type Import = Static<typeof Import>;

const boolText = Type.Boolean({ description: '`true` or `false`.' });

export const CreateImportQuery = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal('students'), Type.Literal('enrollments')], { description: 'Required with text/csv: what the CSV\'s rows are. Not taken with NDJSON or zip.' })),
    mode: Type.Optional(
      Type.Union([Type.Literal('upsert'), Type.Literal('create_only'), Type.Literal('update_only')], {
        description: '`upsert` (the default) creates or updates; `create_only` skips rows whose object exists; `update_only` skips rows whose object does not.',
      }),
    ),
    sync: Type.Optional(
      Type.Union([Type.Literal('delta'), Type.Literal('full')], {
        description: '`delta` (the default) touches only the rows\' objects; `full` also deactivates what earlier imports of `source` made and this file lacks (requires `source`).',
      }),
    ),
    dry_run: Type.Optional({ ...boolText, description: '`true`: read and check everything and report what a real run would do, writing nothing.' }),
    max_delete_percent: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'A full sync that would deactivate more than this percent of the source\'s active objects waits for confirmation (default 10).' }),
    ),
    source: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'The name of the feed, e.g. `sis-nightly`: what a full sync compares against.' })),
  },
  { additionalProperties: false },
);
export type CreateImportQuery = Static<typeof CreateImportQuery>;

export const ImportParams = PathId('Import id (imp_…)');

export const ListImportsQuery = Type.Object(
  {
    ...ListQueryFields,
    sort: Type.Optional(Type.Union([Type.Literal('-created_at'), Type.Literal('created_at')], { description: 'Newest first (`-created_at`, the default) or oldest first.' })),
    status: Type.Optional(ImportStatus),
  },
  { additionalProperties: false },
);
export type ListImportsQuery = Static<typeof ListImportsQuery>;

export const ResultsQuery = Type.Object(
  { status: Type.Optional(Type.Literal('error', { description: '`error`: only the rows that failed.' })) },
  { additionalProperties: false },
);

export const exampleResult = { file: 'students.csv', line: 7, type: 'student', external_id: 'S1007', action: 'failed', code: 'validation_error', field: 'email', message: 'email must be an email address' };

export const ImportResultLine = Type.Object(
  {
    file: Type.String({ description: 'The zip member (`students.csv`, `enrollments.csv`), else `-`.' }),
    line: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'The physical line where the row starts (a CSV\'s header is line 1; NDJSON counts from 1); null for a deactivated object, which is no row of the file.',
    }),
    type: Type.Union([Type.Literal('student'), Type.Literal('enrollment')]),
    external_id: Type.Union([Type.String(), Type.Null()], {
      description: 'A student\'s external_id; for an enrollment, its student and course references as given, `<student>/<course>`.',
    }),
    action: Type.Union([
      Type.Literal('created'),
      Type.Literal('updated'),
      Type.Literal('unchanged'),
      Type.Literal('deactivated'),
      Type.Literal('failed'),
      Type.Literal('skipped'),
    ]),
    id: Type.Optional(Type.String({ description: 'The object\'s Lectern id (`stu_…`, `enr_…`), when there is one (none in a dry run of a created row).' })),
    code: Type.Optional(Type.String({ description: 'Why the row failed: an error code of the API (`validation_error`, `resource_not_found`, `duplicate_in_import`…).' })),
    field: Type.Optional(Type.String({ description: 'The column (field) at fault, when one is.' })),
    message: Type.Optional(Type.String({ description: 'What went wrong (failed), or why the row was passed over (skipped).' })),
  },
  { $id: 'ImportResultLine', title: 'ImportResultLine', description: 'The outcome of one input row, or one deactivated object.', examples: [exampleResult] },
);
export type ImportResultLine = Static<typeof ImportResultLine>;

/** The three bodies POST /imports takes (the document's requestBody). */
export const documentedImportBody = {
  content: {
    'text/csv': {
      schema: {
        type: 'string',
        description:
          'UTF-8, with or without a BOM; a header line of API field names, then one row per line (RFC 4180 quoting; quoted fields may span lines). ' +
          '`type=students`: `external_id` (required), `email`, `name`, `status`. `type=enrollments`: `student_external_id` or `student_id`, ' +
          '`course_external_id` or `course_id`, `status`. An empty cell leaves the field as it is.',
        examples: ['external_id,email,name,status\nS1001,ada@example.com,Ada Lovelace,active\n'],
      },
    },
    'application/x-ndjson': {
      schema: {
        type: 'string',
        description:
          'One JSON object per line: `{"type":"student","external_id":…,"email":…,"name":…,"status":…}` or ' +
          '`{"type":"enrollment","student_external_id"|"student_id":…,"course_external_id"|"course_id":…,"status":…}`. Values are strings. Blank lines are ignored.',
        examples: ['{"type":"student","external_id":"S1001","email":"ada@example.com","name":"Ada Lovelace"}\n{"type":"enrollment","student_external_id":"S1001","course_external_id":"CHEM-101"}\n'],
      },
    },
    'application/zip': {
      schema: { type: 'string', format: 'binary', description: 'A zip holding `students.csv` and/or `enrollments.csv` (each a CSV as above); other members are ignored.' },
    },
  },
};

export const ImportResponse = DataOf(Import, { description: 'The import.', examples: [{ data: exampleImport }] });
export const ImportCreatedResponse = DataOf(Import, {
  description: 'The import, queued (or the import of the first request with this Idempotency-Key, replayed).',
  examples: [{ data: { ...exampleImport, status: 'queued', progress: { done: 0, total: null }, counts: { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0, skipped: 0 }, pending_deactivation: null, started_at: null, completed_at: null } }],
});
export const ImportListResponse = ListOf(Import, {
  examples: [{ data: [exampleImport], pagination: { per_page: 20, next_cursor: null, has_more: false } }],
});

export const importSorts = {
  '-created_at': { column: 'created_at', direction: 'desc' },
  created_at: { column: 'created_at', direction: 'asc' },
} as const;

/** Shared (app.addSchema in plugins/openapi.ts). */
export const importSchemas = [ImportCounts, Import, ImportResultLine];
