import type { Kysely } from 'kysely';
import { type FullTextTable, fullTextMatches } from '../../db/full-text.js';
import type { DB, LessonsTable, StudentsTable } from '../../db/types.js';
import { columns as courseColumns, type CourseRow } from '../courses/courses.repository.js';
import { columns as lessonColumns } from '../lessons/lessons.repository.js';
import { columns as studentColumns } from '../students/students.repository.js';

/** One page of a search: OFFSET paging over (rank, id). */
export interface SearchPage {
  words: readonly string[];
  page: number;
  perPage: number;
}

/** The workspace's rows of `table` matching every word. */
function matching(db: Kysely<DB>, table: FullTextTable, workspaceId: string, words: readonly string[]) {
  return db
    .selectFrom(table)
    .innerJoin(fullTextMatches(db, table, workspaceId, words), 'search_match.search_id', 'id')
    .where('workspace_id', '=', workspaceId);
}

/** One page of the matches: best first, ties by id, so the order is stable. */
function pageOf(db: Kysely<DB>, table: FullTextTable, workspaceId: string, page: SearchPage) {
  return matching(db, table, workspaceId, page.words)
    .orderBy('search_match.search_rank')
    .orderBy('id')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
}

export async function searchCourses(db: Kysely<DB>, workspaceId: string, page: SearchPage): Promise<CourseRow[]> {
  return pageOf(db, 'courses', workspaceId, page).select(courseColumns).execute();
}

export async function searchLessons(db: Kysely<DB>, workspaceId: string, page: SearchPage): Promise<LessonsTable[]> {
  return pageOf(db, 'lessons', workspaceId, page).select(lessonColumns).execute();
}

export async function searchStudents(db: Kysely<DB>, workspaceId: string, page: SearchPage): Promise<StudentsTable[]> {
  return pageOf(db, 'students', workspaceId, page).select(studentColumns).execute();
}

/** How many of the workspace's rows of `table` match every word. */
export async function countMatches(db: Kysely<DB>, table: FullTextTable, workspaceId: string, words: readonly string[]): Promise<number> {
  const row = await matching(db, table, workspaceId, words)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
