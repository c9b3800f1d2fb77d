import type { Kysely } from 'kysely';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, LessonsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countRows } from '../../db/count.js';

export const columns = [
  'id',
  'workspace_id',
  'course_id',
  'module_id',
  'title',
  'type',
  'content',
  'video_url',
  'duration_seconds',
  'position',
  'quiz',
  'version',
  'created_at',
  'updated_at',
] as const;

interface LessonFilters {
  moduleId: string;
  updatedSince: string | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  moduleId: string;
  updatedSince: string;
};

function filterValues(workspaceId: string, filters: LessonFilters): FilterValues {
  return { workspaceId, moduleId: filters.moduleId, updatedSince: filters.updatedSince ?? '' };
}

function filtered(db: Kysely<DB>, set: FiltersSet<LessonFilters>, values: FilterValues) {
  let query = db.selectFrom('lessons').where('workspace_id', '=', values.workspaceId).where('module_id', '=', values.moduleId);
  if (set.updatedSince) query = query.where('updated_at', '>=', values.updatedSince);
  return query;
}

const lessonPage = preparedPage<LessonFilters, FilterValues, LessonsTable>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(columns),
  given: ['moduleId'],
});

export async function listLessons(db: Kysely<DB>, workspaceId: string, moduleId: string, updatedSince: string | undefined, page: PageRequest): Promise<LessonsTable[]> {
  return lessonPage(db, workspaceId, { moduleId, updatedSince }, page);
}

export async function countLessons(db: Kysely<DB>, workspaceId: string, moduleId: string, updatedSince: string | undefined): Promise<number> {
  const filters = { moduleId, updatedSince };
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

const lessonById = prepared<{ workspaceId: string; id: string }, LessonsTable>((db, p) =>
  db.selectFrom('lessons').select(columns).where('workspace_id', '=', p('workspaceId')).where('id', '=', p('id')),
);

export async function findLesson(db: Kysely<DB>, workspaceId: string, id: string): Promise<LessonsTable | undefined> {
  return lessonById.first(db, { workspaceId, id });
}

export async function insertLesson(db: Kysely<DB>, row: LessonsTable): Promise<void> {
  await db.insertInto('lessons').values(row).execute();
}

export async function updateLesson(db: Kysely<DB>, workspaceId: string, id: string, changes: Partial<LessonsTable>): Promise<void> {
  await db.updateTable('lessons').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export async function deleteLesson(db: Kysely<DB>, workspaceId: string, id: string): Promise<void> {
  await db.deleteFrom('lessons').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}
