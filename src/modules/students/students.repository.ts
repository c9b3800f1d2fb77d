import type { Kysely } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, StudentStatus, StudentsTable } from '../../db/types.js';
import { MAX_PARAMETERS, type UpsertOptions, type UpsertOutcome, type UpsertRow, type UpsertTable, upsertByExternalId } from '../../db/upsert.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countOfWorkspace, countRows, unfiltered } from '../../db/count.js';

export const columns = ['id', 'workspace_id', 'email', 'email_normalized', 'name', 'external_id', 'status', 'metadata', 'version', 'created_at', 'updated_at'] as const;

export interface StudentFilters {
  updatedSince?: string | undefined;
  emailNormalized?: string | undefined;
  externalId?: string | undefined;
  status?: StudentStatus | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  updatedSince: string;
  emailNormalized: string;
  externalId: string;
  status: StudentStatus;
};

function filterValues(workspaceId: string, filters: StudentFilters): FilterValues {
  return {
    workspaceId,
    updatedSince: filters.updatedSince ?? '',
    emailNormalized: filters.emailNormalized ?? '',
    externalId: filters.externalId ?? '',
    status: filters.status ?? 'active',
  };
}

function filtered(db: Kysely<DB>, set: FiltersSet<StudentFilters>, values: FilterValues) {
  let query = db.selectFrom('students').where('workspace_id', '=', values.workspaceId);
  if (set.updatedSince) query = query.where('updated_at', '>=', values.updatedSince);
  if (set.emailNormalized) query = query.where('email_normalized', '=', values.emailNormalized);
  if (set.externalId) query = query.where('external_id', '=', values.externalId);
  if (set.status) query = query.where('status', '=', values.status);
  return query;
}

const studentPage = preparedPage<StudentFilters, FilterValues, StudentsTable>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(columns),
});

export async function listStudents(db: Kysely<DB>, workspaceId: string, filters: StudentFilters, page: PageRequest): Promise<StudentsTable[]> {
  return studentPage(db, workspaceId, filters, page);
}

export async function countStudents(db: Kysely<DB>, workspaceId: string, filters: StudentFilters): Promise<number> {
  if (unfiltered(filters)) return countOfWorkspace(db, workspaceId, 'students');
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

const studentById = prepared<{ workspaceId: string; id: string }, StudentsTable>((db, p) =>
  db.selectFrom('students').select(columns).where('workspace_id', '=', p('workspaceId')).where('id', '=', p('id')),
);

export async function findStudent(db: Kysely<DB>, workspaceId: string, id: string): Promise<StudentsTable | undefined> {
  return studentById.first(db, { workspaceId, id });
}

/** The student holding an email (normalized) or external id in the workspace, if any. */
export async function findConflictingStudent(
  db: Kysely<DB>,
  workspaceId: string,
  emailNormalized: string | undefined,
  externalId: string | null | undefined,
): Promise<Pick<StudentsTable, 'id' | 'email_normalized' | 'external_id'> | undefined> {
  const keys: { column: 'email_normalized' | 'external_id'; value: string }[] = [];
  if (emailNormalized !== undefined) keys.push({ column: 'email_normalized', value: emailNormalized });
  if (externalId) keys.push({ column: 'external_id', value: externalId });
  if (keys.length === 0) return undefined;
  return db
    .selectFrom('students')
    .select(['id', 'email_normalized', 'external_id'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or(keys.map((k) => eb(k.column, '=', k.value))))
    .executeTakeFirst();
}

export async function insertStudent(db: Kysely<DB>, row: StudentsTable): Promise<void> {
  await db.insertInto('students').values(row).execute();
}

/** One multi-row insert: all or none. */
export async function insertStudents(db: Kysely<DB>, rows: StudentsTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('students').values(rows).execute();
}

/** Applies changes if the row is still at `version`; false when it changed meanwhile or is gone. */
export async function updateStudent(db: Kysely<DB>, workspaceId: string, id: string, version: number, changes: Partial<StudentsTable>): Promise<boolean> {
  const result = await db
    .updateTable('students')
    .set({ ...changes, version: version + 1 })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Locks the student row for the rest of the transaction (PostgreSQL), so nobody enrolls them meanwhile. */
/** The student, locked for the rest of the transaction (PostgreSQL); undefined when missing. */
export async function lockStudent(db: Kysely<DB>, workspaceId: string, id: string): Promise<StudentsTable | undefined> {
  const query = db.selectFrom('students').select(columns).where('workspace_id', '=', workspaceId).where('id', '=', id);
  return lockForUpdate(db, query).executeTakeFirst();
}

export async function deleteStudent(db: Kysely<DB>, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('students').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The status of each given student of the workspace, by id (missing ids are absent). */
export async function studentStatuses(db: Kysely<DB>, workspaceId: string, ids: string[]): Promise<Map<string, StudentStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('students').select(['id', 'status']).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.status ?? 'active']));
}

const upsertTable: UpsertTable = {
  table: 'students',
  columns,
  settable: ['email', 'email_normalized', 'name', 'status', 'metadata'],
  jsonColumns: ['metadata'],
};

/** A student to upsert: the row to insert when its external id is new, else the fields to give the existing one. */
export type StudentUpsert = UpsertRow<StudentsTable & { external_id: string }, StudentsTable>;

/**
 * Upserts students by external id, set-based (src/db/upsert.ts): any number of rows, in chunks of
 * one statement each (under both databases' bound-parameter limits), one outcome per row in order
 * (`created`, `updated` with `previous` and `changes`, `unchanged`, or `skipped` by the mode or the
 * condition). Run it in a transaction. External ids must be distinct. An email another student of
 * the workspace holds fails the statement with the database's unique violation (isUniqueViolation),
 * as a single insert would. Writes no event: the caller records them.
 */
export async function upsertStudentsByExternalId(
  db: Kysely<DB>,
  workspaceId: string,
  rows: readonly StudentUpsert[],
  options: UpsertOptions<StudentsTable>,
): Promise<UpsertOutcome<StudentsTable>[]> {
  return upsertByExternalId(db, upsertTable, workspaceId, rows, options);
}

/** The students of the given external ids, by external id (missing ones are absent). */
export async function findStudentsByExternalIds(db: Kysely<DB>, workspaceId: string, externalIds: readonly string[]): Promise<Map<string, StudentsTable>> {
  const found = new Map<string, StudentsTable>();
  for (let start = 0; start < externalIds.length; start += MAX_PARAMETERS - 1) {
    const chunk = externalIds.slice(start, start + MAX_PARAMETERS - 1);
    const rows = await db.selectFrom('students').select(columns).where('workspace_id', '=', workspaceId).where('external_id', 'in', chunk).execute();
    for (const row of rows) found.set(row.external_id!, row);
  }
  return found;
}
