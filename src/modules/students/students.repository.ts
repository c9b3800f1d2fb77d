import type { Kysely } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import { applyPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, StudentsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countOfWorkspace, countRows, unfiltered } from '../../db/count.js';

export const columns = ['id', 'workspace_id', 'email', 'email_normalized', 'name', 'external_id', 'metadata', 'version', 'created_at', 'updated_at'] as const;

export interface StudentFilters {
  updatedSince?: string | undefined;
  emailNormalized?: string | undefined;
  externalId?: string | undefined;
}

function filtered(db: Kysely<DB>, workspaceId: string, filters: StudentFilters) {
  let query = db.selectFrom('students').where('workspace_id', '=', workspaceId);
  if (filters.updatedSince !== undefined) query = query.where('updated_at', '>=', filters.updatedSince);
  if (filters.emailNormalized !== undefined) query = query.where('email_normalized', '=', filters.emailNormalized);
  if (filters.externalId !== undefined) query = query.where('external_id', '=', filters.externalId);
  return query;
}

export async function listStudents(db: Kysely<DB>, workspaceId: string, filters: StudentFilters, page: PageRequest): Promise<StudentsTable[]> {
  return applyPage(filtered(db, workspaceId, filters).select(columns), page).execute();
}

export async function countStudents(db: Kysely<DB>, workspaceId: string, filters: StudentFilters): Promise<number> {
  if (unfiltered(filters)) return countOfWorkspace(db, workspaceId, 'students');
  return countRows(filtered(db, workspaceId, filters));
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

export async function existingStudentIds(db: Kysely<DB>, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('students').select('id').where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
