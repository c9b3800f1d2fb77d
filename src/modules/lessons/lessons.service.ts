import { countSiblings, moveWithin, shiftPositions } from '../../db/positions.js';
import { recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import type { LessonsTable, LessonType } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { assertIfMatch, etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { insertPosition, movePosition } from '../../shared/positions.js';
import type { Versioned } from '../../shared/versioned.js';
import { touchCourse } from '../courses/courses.repository.js';
import { lockForCurriculumEdit } from '../courses/curriculum-lock.js';
import { touchEnrollmentsWithCompletions } from '../enrollments/enrollments.repository.js';
import { findModule } from '../modules/modules.repository.js';
import { recordEvent } from '../events/record-events.js';
import * as repo from './lessons.repository.js';
import { type CreateLessonBody, type Lesson, lessonSorts, type ListLessonsQuery, type UpdateLessonBody } from './lessons.schemas.js';
import { normalizeQuiz, presentQuiz, type StoredQuiz } from './quiz.js';

/** How a lesson is shown: quiz answers only to keys that may edit the course. */
export function toLesson(row: LessonsTable, withAnswers: boolean): Lesson {
  return {
    id: row.id,
    module_id: row.module_id,
    course_id: row.course_id,
    title: row.title,
    type: row.type,
    content: row.content,
    video_url: row.video_url,
    duration_seconds: row.duration_seconds,
    position: row.position,
    quiz: row.quiz === null ? null : presentQuiz(JSON.parse(row.quiz) as StoredQuiz, withAnswers),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function versioned(row: LessonsTable, withAnswers: boolean): Versioned<Lesson> {
  // The answers are part of the representation: the ETag differs with and without them.
  return { data: toLesson(row, withAnswers), etag: etagOf(row.version, withAnswers ? 1 : 0) };
}

/** A quiz lesson needs a quiz; other types take none. */
export function quizFor(type: LessonType, quiz: CreateLessonBody['quiz'], current: string | null, now: number): string | null {
  if (type !== 'quiz') {
    if (quiz !== undefined) throw quizMismatch('/quiz', 'is only for lessons of type quiz');
    return null;
  }
  if (quiz !== undefined) return JSON.stringify(normalizeQuiz(quiz, now));
  if (current === null) throw quizMismatch('/quiz', 'is required for lessons of type quiz');
  return current;
}

function quizMismatch(path: string, message: string): AppError {
  return new AppError('validation_error', `Invalid body: ${path} ${message}`, { errors: [{ path, message }] });
}

export async function listLessons(
  ctx: ServiceContext,
  workspaceId: string,
  moduleId: string,
  query: ListLessonsQuery,
  withAnswers: boolean,
): Promise<PageResult<Lesson>> {
  if (!(await findModule(ctx.db, workspaceId, moduleId))) throw notFound('Module', moduleId);
  const page = parseListQuery(`lessons:${moduleId}`, workspaceId, query, lessonSorts, 'position');
  const [rows, total] = await Promise.all([
    repo.listLessons(ctx.db, workspaceId, moduleId, query.updated_since, page),
    page.mode === 'page' ? repo.countLessons(ctx.db, workspaceId, moduleId, query.updated_since) : undefined,
  ]);
  return toPageResult(`lessons:${moduleId}`, workspaceId, page, rows, total, (row) => row.position, (row) => toLesson(row, withAnswers));
}

export async function getLesson(ctx: ServiceContext, workspaceId: string, id: string, withAnswers: boolean): Promise<Versioned<Lesson>> {
  const row = await repo.findLesson(ctx.db, workspaceId, id);
  if (!row) throw notFound('Lesson', id);
  return versioned(row, withAnswers);
}

/** Adds a lesson at `position` (default: the end of the module); later lessons move down one. */
export async function createLesson(ctx: ServiceContext, workspaceId: string, moduleId: string, body: CreateLessonBody): Promise<Versioned<Lesson>> {
  return ctx.db.transaction().execute(async (trx) => {
    const module = await findModule(trx, workspaceId, moduleId);
    if (!module) throw notFound('Module', moduleId);
    const quiz = quizFor(body.type, body.quiz, null, ctx.clock.now());
    const now = nowIso(ctx.clock);
    // One more lesson: the progress_percent of every enrollment with a completed lesson moves.
    await touchEnrollmentsWithCompletions(trx, workspaceId, module.course_id, now);
    await touchCourse(trx, workspaceId, module.course_id, now);
    const position = insertPosition(await countSiblings(trx, 'lessons', moduleId), body.position);
    await shiftPositions(trx, 'lessons', moduleId, position, undefined, 1, now);
    const row: LessonsTable = {
      id: newId('les', ctx.clock.now()),
      workspace_id: workspaceId,
      course_id: module.course_id,
      module_id: moduleId,
      title: body.title,
      type: body.type,
      content: body.content ?? '',
      video_url: body.video_url ?? null,
      duration_seconds: body.duration_seconds ?? null,
      position,
      quiz,
      version: 1,
      created_at: now,
      updated_at: now,
    };
    await repo.insertLesson(trx, row);
    await recordEvent(trx, ctx.clock, workspaceId, 'lesson.created', toLesson(row, false));
    return versioned(row, true);
  });
}

/** Changes the fields given; a new `position` moves the lesson within its module. */
export async function updateLesson(
  ctx: ServiceContext,
  workspaceId: string,
  id: string,
  body: UpdateLessonBody,
  ifMatch?: string,
): Promise<Versioned<Lesson>> {
  if (Object.keys(body).length === 0) {
    const unchanged = await getLesson(ctx, workspaceId, id, true);
    assertIfMatch(ifMatch, unchanged.etag);
    return unchanged;
  }
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso(ctx.clock);
    const current = await lockForCurriculumEdit(trx, workspaceId, () => repo.findLesson(trx, workspaceId, id), () => notFound('Lesson', id), now);
    assertIfMatch(ifMatch, versioned(current, true).etag);
    const type = body.type ?? current.type;
    const changes: Partial<LessonsTable> = {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.type !== undefined && { type: body.type }),
      ...(body.content !== undefined && { content: body.content }),
      ...(body.video_url !== undefined && { video_url: body.video_url }),
      ...(body.duration_seconds !== undefined && { duration_seconds: body.duration_seconds }),
      quiz: quizFor(type, body.quiz, current.quiz, ctx.clock.now()),
      updated_at: now,
      version: current.version + 1,
    };
    if (body.position !== undefined) {
      const position = movePosition(await countSiblings(trx, 'lessons', current.module_id), body.position);
      await moveWithin(trx, 'lessons', current.module_id, current.position, position, now);
      changes.position = position;
    }
    await repo.updateLesson(trx, workspaceId, id, changes);
    const next = { ...current, ...changes };
    await recordEvent(trx, ctx.clock, workspaceId, 'lesson.updated', toLesson(next, false));
    return versioned(next, true);
  });
}

/** Deletes a lesson; the lessons after it move up one. */
export async function deleteLesson(ctx: ServiceContext, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso(ctx.clock);
    // One lesson fewer: the progress_percent of every enrollment with a completed lesson moves.
    const current = await lockForCurriculumEdit(trx, workspaceId, () => repo.findLesson(trx, workspaceId, id), () => notFound('Lesson', id), now, (found) =>
      touchEnrollmentsWithCompletions(trx, workspaceId, found.course_id, now),
    );
    await recordAnalyticsChange(trx, workspaceId, { kind: 'lessons_deleted', courseId: current.course_id });
    await repo.deleteLesson(trx, workspaceId, id);
    await shiftPositions(trx, 'lessons', current.module_id, current.position + 1, undefined, -1, now);
    await recordEvent(trx, ctx.clock, workspaceId, 'lesson.deleted', toLesson(current, false));
  });
  return { id, deleted: true };
}
