import type { DB, LessonsTable, ModulesTable } from '../../db/types.js';
import type { Kysely } from 'kysely';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { Versioned } from '../../shared/versioned.js';
import type { Course } from '../courses/courses.schemas.js';
import { newCourseRow, toCourse, versionedCourse } from '../courses/courses.service.js';
import type { NewEvent } from '../events/event-types.js';
import { recordEvents } from '../events/record-events.js';
import { quizFor, toLesson } from '../lessons/lessons.service.js';
import { toModule } from '../modules/modules.service.js';
import type { CourseDocument } from './exports.schemas.js';

/** Rows per insert statement: within both databases' limits on bound parameters. */
const INSERT_CHUNK = 200;

/**
 * Creates a course from a json export (POST /courses/import): the same tree with new ids, modules
 * and lessons in the document's order. Every quiz is checked first and every problem reported
 * with its pointer into the body; then the whole tree, and its created events, is written in one
 * transaction, so an import is all there or not at all.
 */
export async function importCourse(ctx: ServiceContext, workspaceId: string, document: CourseDocument): Promise<Versioned<Course>> {
  const now = nowIso(ctx.clock);
  const ms = ctx.clock.now();
  const source = document.course;
  const course = newCourseRow(ctx.clock, workspaceId, {
    title: source.title,
    description: source.description ?? '',
    published: source.published ?? false,
    metadata: source.metadata ?? {},
  });
  const modules: ModulesTable[] = [];
  const lessons: LessonsTable[] = [];
  const errors: { path: string; message: string }[] = [];
  source.modules.forEach((module, m) => {
    const moduleRow: ModulesTable = {
      id: newId('mod', ms),
      workspace_id: workspaceId,
      course_id: course.id,
      title: module.title,
      description: module.description ?? '',
      position: m,
      version: 1,
      created_at: now,
      updated_at: now,
    };
    modules.push(moduleRow);
    module.lessons.forEach((lesson, l) => {
      let quiz: string | null = null;
      try {
        quiz = quizFor(lesson.type, lesson.quiz ?? undefined, null, ms);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const at = `/course/modules/${m}/lessons/${l}`;
        for (const e of err.details.errors as { path: string; message: string }[]) errors.push({ path: `${at}${e.path}`, message: e.message });
      }
      lessons.push({
        id: newId('les', ms),
        workspace_id: workspaceId,
        course_id: course.id,
        module_id: moduleRow.id,
        title: lesson.title,
        type: lesson.type,
        content: lesson.content ?? '',
        video_url: lesson.video_url ?? null,
        duration_seconds: lesson.duration_seconds ?? null,
        position: l,
        quiz,
        version: 1,
        created_at: now,
        updated_at: now,
      });
    });
  });
  if (errors.length > 0) {
    throw new AppError('validation_error', `Invalid course document: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });
  }

  const events: NewEvent[] = [
    { type: 'course.created', object: toCourse(course) },
    ...modules.map((row): NewEvent => ({ type: 'module.created', object: toModule(row) })),
    ...lessons.map((row): NewEvent => ({ type: 'lesson.created', object: toLesson(row, false) })),
  ];
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('courses').values(course).execute();
    await insertChunked(trx, 'modules', modules);
    await insertChunked(trx, 'lessons', lessons);
    await recordEvents(trx, ctx.clock, workspaceId, events);
  });
  return versionedCourse(course);
}

async function insertChunked<T extends 'modules' | 'lessons'>(trx: Kysely<DB>, table: T, rows: DB[T][]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx.insertInto(table).values(rows.slice(i, i + INSERT_CHUNK) as never).execute();
  }
}
