import { type Kysely, sql } from 'kysely';
import { applyPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { CoursesTable, DB } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countOfWorkspace, countRows, unfiltered } from '../../db/count.js';

/**
 * What course reads return: every column but workspace_id, which the caller already knows (every
 * query filters on it). Each column of each row costs its fetch and its property (bench/README.md,
 * "Figures behind the code"): a column not read is a cost not paid.
 */
export type CourseRow = Omit<CoursesTable, 'workspace_id'>;

export const columns = [
  'id',
  'title',
  'description',
  'published',
  'enrollment_count',
  'metadata',
  'version',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CourseRow)[];

export interface CourseFilters {
  updatedSince?: string | undefined;
  published?: boolean | undefined;
}

function filtered(db: Kysely<DB>, workspaceId: string, filters: CourseFilters) {
  let query = db.selectFrom('courses').where('workspace_id', '=', workspaceId);
  if (filters.updatedSince !== undefined) query = query.where('updated_at', '>=', filters.updatedSince);
  if (filters.published !== undefined) query = query.where('published', '=', filters.published ? 1 : 0);
  return query;
}

export async function listCourses(db: Kysely<DB>, workspaceId: string, filters: CourseFilters, page: PageRequest): Promise<CourseRow[]> {
  return applyPage(filtered(db, workspaceId, filters).select(columns), page).execute();
}

export async function countCourses(db: Kysely<DB>, workspaceId: string, filters: CourseFilters): Promise<number> {
  if (unfiltered(filters)) return countOfWorkspace(db, workspaceId, 'courses');
  return countRows(filtered(db, workspaceId, filters));
}

const courseById = prepared<{ workspaceId: string; id: string }, CourseRow>((db, p) =>
  db.selectFrom('courses').select(columns).where('workspace_id', '=', p('workspaceId')).where('id', '=', p('id')),
);

export async function findCourse(db: Kysely<DB>, workspaceId: string, id: string): Promise<CourseRow | undefined> {
  return courseById.first(db, { workspaceId, id });
}

export async function insertCourse(db: Kysely<DB>, row: CoursesTable): Promise<void> {
  await db.insertInto('courses').values(row).execute();
}

/** Applies changes if the row is still at `version`; false when it changed meanwhile or is gone. */
export async function updateCourse(
  db: Kysely<DB>,
  workspaceId: string,
  id: string,
  version: number,
  changes: Partial<Pick<CoursesTable, 'title' | 'description' | 'published' | 'metadata' | 'updated_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('courses')
    .set({ ...changes, version: version + 1 })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCourse(db: Kysely<DB>, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Adds `delta` to a course's enrollment_count, atomically, in the caller's transaction. The count
 * is part of the course's representation, so updated_at and version move with it.
 */
export async function adjustEnrollmentCount(db: Kysely<DB>, workspaceId: string, id: string, delta: number, now: string): Promise<void> {
  await db
    .updateTable('courses')
    .set({ enrollment_count: sql<number>`enrollment_count + ${delta}`, updated_at: now, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/**
 * Marks a course changed (its modules or lessons were edited): new updated_at and version, so
 * its ETag moves too. Run first in a curriculum transaction, it also locks the course row on
 * PostgreSQL, serialising edits of one course. False when the course is not in the workspace.
 */
export async function touchCourse(db: Kysely<DB>, workspaceId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('courses')
    .set({ updated_at: now, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Publication state of the given courses of a workspace, by id (missing ids are absent). */
export async function publishedByIds(db: Kysely<DB>, workspaceId: string, ids: string[]): Promise<Map<string, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('courses').select(['id', 'published']).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.published === 1]));
}
