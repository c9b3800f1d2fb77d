import { type Kysely, sql } from 'kysely';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { CoursesTable, DB } from '../../db/types.js';
import { type UpsertOptions, type UpsertOutcome, type UpsertRow, type UpsertTable, upsertByExternalId } from '../../db/upsert.js';
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
  'external_id',
  'version',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CourseRow)[];

/** What a list of courses reads: every column of a course but its version, which only a single course's ETag needs. */
export type CourseListRow = Omit<CourseRow, 'version'>;
const listColumns = columns.filter((column): column is Exclude<(typeof columns)[number], 'version'> => column !== 'version');

export interface CourseFilters {
  updatedSince?: string | undefined;
  published?: boolean | undefined;
  externalId?: string | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  updatedSince: string;
  published: number;
  externalId: string;
};

function filterValues(workspaceId: string, filters: CourseFilters): FilterValues {
  return {
    workspaceId,
    updatedSince: filters.updatedSince ?? '',
    published: filters.published ? 1 : 0,
    externalId: filters.externalId ?? '',
  };
}

function filtered(db: Kysely<DB>, set: FiltersSet<CourseFilters>, values: FilterValues) {
  let query = db.selectFrom('courses').where('workspace_id', '=', values.workspaceId);
  if (set.updatedSince) query = query.where('updated_at', '>=', values.updatedSince);
  if (set.published) query = query.where('published', '=', values.published);
  if (set.externalId) query = query.where('external_id', '=', values.externalId);
  return query;
}

const coursePage = preparedPage<CourseFilters, FilterValues, CourseListRow>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(listColumns),
});

export async function listCourses(db: Kysely<DB>, workspaceId: string, filters: CourseFilters, page: PageRequest): Promise<CourseListRow[]> {
  return coursePage(db, workspaceId, filters, page);
}

export async function countCourses(db: Kysely<DB>, workspaceId: string, filters: CourseFilters): Promise<number> {
  if (unfiltered(filters)) return countOfWorkspace(db, workspaceId, 'courses');
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

const courseById = prepared<{ workspaceId: string; id: string }, CourseRow>((db, p) =>
  db.selectFrom('courses').select(columns).where('workspace_id', '=', p('workspaceId')).where('id', '=', p('id')),
);

export async function findCourse(db: Kysely<DB>, workspaceId: string, id: string): Promise<CourseRow | undefined> {
  return courseById.first(db, { workspaceId, id });
}

// Every create inserts one course: built and compiled once.
const courseInsert = prepared<Pick<CoursesTable, keyof CoursesTable>, never>((db, p) =>
  db.insertInto('courses').values({
    id: p('id'),
    workspace_id: p('workspace_id'),
    title: p('title'),
    description: p('description'),
    published: p('published'),
    enrollment_count: p('enrollment_count'),
    metadata: p('metadata'),
    version: p('version'),
    created_at: p('created_at'),
    updated_at: p('updated_at'),
    external_id: p('external_id'),
  }),
);

export async function insertCourse(db: Kysely<DB>, row: CoursesTable): Promise<void> {
  await courseInsert.affected(db, row);
}

export async function findCourseByExternalId(db: Kysely<DB>, workspaceId: string, externalId: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(columns).where('workspace_id', '=', workspaceId).where('external_id', '=', externalId).executeTakeFirst();
}

const upsertTable: UpsertTable = {
  table: 'courses',
  columns,
  settable: ['title', 'description', 'published', 'metadata'],
  jsonColumns: ['metadata'],
};

/** A course to upsert: the row to insert when its external id is new, else the fields to give the existing one. */
export type CourseUpsert = UpsertRow<CoursesTable & { external_id: string }, CourseRow>;

/**
 * Upserts courses by external id, set-based (src/db/upsert.ts): any number of rows, in chunks of
 * one statement each (under both databases' bound-parameter limits), one outcome per row in order
 * (`created`, `updated` with `previous` and `changes`, `unchanged`, or `skipped` by the mode or the
 * condition). Run it in a transaction. External ids must be distinct. Writes no event: the caller
 * records them. enrollment_count is never written here.
 */
export async function upsertCoursesByExternalId(
  db: Kysely<DB>,
  workspaceId: string,
  rows: readonly CourseUpsert[],
  options: UpsertOptions<CourseRow>,
): Promise<UpsertOutcome<CourseRow>[]> {
  return upsertByExternalId(db, upsertTable, workspaceId, rows, options);
}

/** Applies changes if the row is still at `version`; false when it changed meanwhile or is gone. */
export async function updateCourse(
  db: Kysely<DB>,
  workspaceId: string,
  id: string,
  version: number,
  changes: Partial<Pick<CoursesTable, 'title' | 'description' | 'published' | 'metadata' | 'external_id' | 'updated_at'>>,
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
