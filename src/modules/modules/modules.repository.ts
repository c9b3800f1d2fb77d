import type { Kysely } from 'kysely';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, ModulesTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countRows } from '../../db/count.js';

const columns = ['id', 'workspace_id', 'course_id', 'title', 'description', 'position', 'version', 'created_at', 'updated_at'] as const;

interface ModuleFilters {
  courseId: string;
  updatedSince: string | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  courseId: string;
  updatedSince: string;
};

function filterValues(workspaceId: string, filters: ModuleFilters): FilterValues {
  return { workspaceId, courseId: filters.courseId, updatedSince: filters.updatedSince ?? '' };
}

function filtered(db: Kysely<DB>, set: FiltersSet<ModuleFilters>, values: FilterValues) {
  let query = db.selectFrom('modules').where('workspace_id', '=', values.workspaceId).where('course_id', '=', values.courseId);
  if (set.updatedSince) query = query.where('updated_at', '>=', values.updatedSince);
  return query;
}

const modulePage = preparedPage<ModuleFilters, FilterValues, ModulesTable>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(columns),
  given: ['courseId'],
});

export async function listModules(db: Kysely<DB>, workspaceId: string, courseId: string, updatedSince: string | undefined, page: PageRequest): Promise<ModulesTable[]> {
  return modulePage(db, workspaceId, { courseId, updatedSince }, page);
}

export async function countModules(db: Kysely<DB>, workspaceId: string, courseId: string, updatedSince: string | undefined): Promise<number> {
  const filters = { courseId, updatedSince };
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

const moduleById = prepared<{ workspaceId: string; id: string }, ModulesTable>((db, p) =>
  db.selectFrom('modules').select(columns).where('workspace_id', '=', p('workspaceId')).where('id', '=', p('id')),
);

export async function findModule(db: Kysely<DB>, workspaceId: string, id: string): Promise<ModulesTable | undefined> {
  return moduleById.first(db, { workspaceId, id });
}

export async function insertModule(db: Kysely<DB>, row: ModulesTable): Promise<void> {
  await db.insertInto('modules').values(row).execute();
}

export async function updateModule(db: Kysely<DB>, workspaceId: string, id: string, changes: Partial<ModulesTable>): Promise<void> {
  await db.updateTable('modules').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export async function deleteModule(db: Kysely<DB>, workspaceId: string, id: string): Promise<void> {
  await db.deleteFrom('modules').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}
