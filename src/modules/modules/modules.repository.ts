import type { Kysely } from 'kysely';
import { applyPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, ModulesTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countRows } from '../../db/count.js';

const columns = ['id', 'workspace_id', 'course_id', 'title', 'description', 'position', 'version', 'created_at', 'updated_at'] as const;

export async function listModules(db: Kysely<DB>, workspaceId: string, courseId: string, updatedSince: string | undefined, page: PageRequest): Promise<ModulesTable[]> {
  let query = db.selectFrom('modules').select(columns).where('workspace_id', '=', workspaceId).where('course_id', '=', courseId);
  if (updatedSince !== undefined) query = query.where('updated_at', '>=', updatedSince);
  return applyPage(query, page).execute();
}

export async function countModules(db: Kysely<DB>, workspaceId: string, courseId: string, updatedSince: string | undefined): Promise<number> {
  let query = db.selectFrom('modules').where('workspace_id', '=', workspaceId).where('course_id', '=', courseId);
  if (updatedSince !== undefined) query = query.where('updated_at', '>=', updatedSince);
  return countRows(query);
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
