import type { Kysely } from 'kysely';
import { applyPage } from '../../db/keyset.js';
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

function ofModule(db: Kysely<DB>, workspaceId: string, moduleId: string, updatedSince: string | undefined) {
  let query = db.selectFrom('lessons').where('workspace_id', '=', workspaceId).where('module_id', '=', moduleId);
  if (updatedSince !== undefined) query = query.where('updated_at', '>=', updatedSince);
  return query;
}

export async function listLessons(db: Kysely<DB>, workspaceId: string, moduleId: string, updatedSince: string | undefined, page: PageRequest): Promise<LessonsTable[]> {
  return applyPage(ofModule(db, workspaceId, moduleId, updatedSince).select(columns), page).execute();
}

export async function countLessons(db: Kysely<DB>, workspaceId: string, moduleId: string, updatedSince: string | undefined): Promise<number> {
  return countRows(ofModule(db, workspaceId, moduleId, updatedSince));
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
