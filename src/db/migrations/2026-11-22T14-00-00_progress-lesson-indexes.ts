import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Lesson progress by lesson and time: a period's partial edge day counts, per lesson of the course,
 * the students who started or completed it within a time range, as one index range each (no table
 * row read, nothing to sort), cheaper than grouping the course's rows by lesson (docs/analytics.md). They lead with lesson_id, so they also serve what lesson_progress_lesson_idx
 * served (lookups and cascades by lesson), which they replace.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('lesson_progress_lesson_started_idx').on('lesson_progress').columns(['lesson_id', 'started_at']).execute();
  await db.schema.createIndex('lesson_progress_lesson_completed_idx').on('lesson_progress').columns(['lesson_id', 'completed_at']).execute();
  await db.schema.dropIndex('lesson_progress_lesson_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('lesson_progress_lesson_idx').on('lesson_progress').column('lesson_id').execute();
  await db.schema.dropIndex('lesson_progress_lesson_completed_idx').execute();
  await db.schema.dropIndex('lesson_progress_lesson_started_idx').execute();
}
