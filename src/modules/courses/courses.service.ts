import { type Clock, nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { updateVersioned, type Versioned } from '../../shared/versioned.js';
import type { CoursesTable } from '../../db/types.js';
import type { NewEvent } from '../events/event-types.js';
import { recordEvent, recordEvents } from '../events/record-events.js';
import * as repo from './courses.repository.js';
import type { CourseRow } from './courses.repository.js';
import { parseMetadata } from '../../shared/schemas.js';
import { type Course, type CreateCourseBody, courseSorts, type ListCoursesQuery, type UpdateCourseBody } from './courses.schemas.js';

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    published: row.published === 1,
    enrollment_count: row.enrollment_count,
    metadata: parseMetadata(row.metadata),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function versionedCourse(row: CourseRow): Versioned<Course> {
  return { data: toCourse(row), etag: etagOf(row.version, row.enrollment_count) };
}

export async function listCourses(ctx: ServiceContext, workspaceId: string, query: ListCoursesQuery): Promise<PageResult<Course>> {
  const page = parseListQuery('courses', workspaceId, query, courseSorts, 'created_at');
  const filters = { updatedSince: query.updated_since, published: query.published };
  const [rows, total] = await Promise.all([
    repo.listCourses(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? repo.countCourses(ctx.db, workspaceId, filters) : undefined,
  ]);
  return toPageResult('courses', workspaceId, page, rows, total, (row) => row[page.sort.column], toCourse);
}

export async function getCourse(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<Course>> {
  const row = await repo.findCourse(ctx.db, workspaceId, id);
  if (!row) throw notFound('Course', id);
  return versionedCourse(row);
}

/** The row of a new course (created, or imported from an export). */
export function newCourseRow(clock: Clock, workspaceId: string, body: CreateCourseBody): CoursesTable {
  const now = nowIso(clock);
  return {
    id: newId('crs', clock.now()),
    workspace_id: workspaceId,
    title: body.title,
    description: body.description ?? '',
    // Left out, `published` is false (documented in CreateCourseRequest; the validator adds no defaults).
    published: (body.published ?? false) ? 1 : 0,
    enrollment_count: 0,
    metadata: JSON.stringify(body.metadata ?? {}),
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

export async function createCourse(ctx: ServiceContext, workspaceId: string, body: CreateCourseBody): Promise<Versioned<Course>> {
  const row = newCourseRow(ctx.clock, workspaceId, body);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertCourse(trx, row);
    await recordEvent(trx, ctx.clock, workspaceId, 'course.created', toCourse(row));
  });
  return versionedCourse(row);
}

/**
 * Applies the given fields and leaves the rest. With If-Match, the update only happens if the
 * course is still the version the caller read; without it, the last write wins.
 */
export async function updateCourse(
  ctx: ServiceContext,
  workspaceId: string,
  id: string,
  body: UpdateCourseBody,
  ifMatch?: string,
): Promise<Versioned<Course>> {
  return updateVersioned({
    load: () => repo.findCourse(ctx.db, workspaceId, id),
    missing: () => notFound('Course', id),
    present: versionedCourse,
    changes: (current) => ({
      ...(body.title !== undefined && { title: body.title }),
      ...(body.description !== undefined && { description: body.description }),
      // Publishing a published course changes nothing (and reports nothing).
      ...(body.published !== undefined && (body.published ? 1 : 0) !== current.published && { published: body.published ? 1 : 0 }),
      ...(body.metadata !== undefined && { metadata: JSON.stringify(body.metadata) }),
    }),
    write: (version, changes, next) =>
      ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.updateCourse(trx, workspaceId, id, version, changes))) return false;
        await recordEvents(trx, ctx.clock, workspaceId, courseChangeEvents(changes, toCourse(next)));
        return true;
      }),
    ifMatch,
    now: () => nowIso(ctx.clock),
  });
}

/**
 * What an update reports: `course.published` / `course.unpublished` when `published` changed, and
 * `course.updated` when any other field did.
 */
function courseChangeEvents(changes: Partial<CoursesTable>, course: Course): NewEvent[] {
  const events: NewEvent[] = [];
  if (changes.published !== undefined) events.push({ type: changes.published === 1 ? 'course.published' : 'course.unpublished', object: course });
  if (Object.keys(changes).some((field) => field !== 'published' && field !== 'updated_at')) events.push({ type: 'course.updated', object: course });
  return events;
}

export async function setPublished(ctx: ServiceContext, workspaceId: string, id: string, published: boolean): Promise<Versioned<Course>> {
  return updateCourse(ctx, workspaceId, id, { published });
}

export async function deleteCourse(ctx: ServiceContext, workspaceId: string, id: string, force: boolean): Promise<{ id: string; deleted: true }> {
  const current = await repo.findCourse(ctx.db, workspaceId, id);
  if (!current) throw notFound('Course', id);
  if (current.enrollment_count > 0 && !force) {
    throw new AppError('course_has_enrollments', `Course ${id} has ${current.enrollment_count} enrollments; pass force=true to delete it anyway`, {
      enrollment_count: current.enrollment_count,
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteCourse(trx, workspaceId, id))) throw notFound('Course', id);
    await recordEvent(trx, ctx.clock, workspaceId, 'course.deleted', toCourse(current));
  });
  return { id, deleted: true };
}
