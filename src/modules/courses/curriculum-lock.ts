import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AppError } from '../../shared/errors.js';
import { touchCourse } from './courses.repository.js';

/**
 * Starts an edit of a course's curriculum (a module or lesson) inside the caller's transaction:
 * marks the course changed, which on PostgreSQL also locks its row so edits of one course run one
 * at a time, then reads the item again under that lock, where its position is settled.
 * `beforeLock` runs first with the item as read (writes that must lock rows before the course's).
 */
export async function lockForCurriculumEdit<Row extends { course_id: string }>(
  trx: Kysely<DB>,
  workspaceId: string,
  load: () => Promise<Row | undefined>,
  missing: () => AppError,
  now: string,
  beforeLock?: (found: Row) => Promise<void>,
): Promise<Row> {
  const found = await load();
  if (!found) throw missing();
  await beforeLock?.(found);
  await touchCourse(trx, workspaceId, found.course_id, now);
  const locked = await load();
  if (!locked) throw missing();
  return locked;
}
