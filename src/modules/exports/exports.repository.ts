import type { Kysely } from 'kysely';
import type { CoursesTable, DB, ExportsTable, LessonsTable, ModulesTable } from '../../db/types.js';

export async function insertExport(db: Kysely<DB>, row: ExportsTable): Promise<void> {
  await db.insertInto('exports').values(row).execute();
}

export async function findExport(db: Kysely<DB>, workspaceId: string, id: string): Promise<ExportsTable | undefined> {
  return db.selectFrom('exports').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/** The export a job works on, whatever its workspace (the job carries only its id). */
export async function findExportForJob(db: Kysely<DB>, id: string): Promise<ExportsTable | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateExport(db: Kysely<DB>, id: string, changes: Partial<ExportsTable>): Promise<void> {
  await db.updateTable('exports').set(changes).where('id', '=', id).execute();
}

/** Exports whose files are past their expiry and not removed yet, oldest first. */
export async function expiredExports(db: Kysely<DB>, now: string, limit: number): Promise<Pick<ExportsTable, 'id' | 'format'>[]> {
  return db
    .selectFrom('exports')
    .select(['id', 'format'])
    .where('expires_at', '<=', now)
    .where('file_removed_at', 'is', null)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export interface CourseTree {
  course: CoursesTable;
  modules: ModulesTable[];
  /** Every lesson of the course, by module and position. */
  lessons: LessonsTable[];
}

/**
 * The course with its modules and lessons in order, read from one snapshot (a repeatable-read
 * transaction on PostgreSQL; one SQLite transaction), so an edit made meanwhile is either wholly
 * in the tree or not at all.
 */
export async function readCourseTree(db: Kysely<DB>, workspaceId: string, courseId: string): Promise<CourseTree | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const course = await trx.selectFrom('courses').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', courseId).executeTakeFirst();
      if (!course) return undefined;
      const modules = await trx.selectFrom('modules').selectAll().where('workspace_id', '=', workspaceId).where('course_id', '=', courseId).orderBy('position').execute();
      const lessons = await trx
        .selectFrom('lessons')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('course_id', '=', courseId)
        .orderBy('module_id')
        .orderBy('position')
        .execute();
      return { course, modules, lessons };
    });
}
