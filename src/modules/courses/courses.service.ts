import { type Clock, nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { type Upserted, type UpsertConditions, upsertPlan } from '../../shared/upsert.js';
import { updateVersioned, type Versioned } from '../../shared/versioned.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { UpsertOutcome } from '../../db/upsert.js';
import type { CoursesTable } from '../../db/types.js';
import type { NewEvent } from '../events/event-types.js';
import { recordEvent, recordEvents } from '../events/record-events.js';
import * as repo from './courses.repository.js';
import type { CourseListRow, CourseRow } from './courses.repository.js';
import { parseMetadata } from '../../shared/schemas.js';
import { type Course, type CreateCourseBody, courseSorts, type ListCoursesQuery, type UpdateCourseBody } from './courses.schemas.js';

export function toCourse(row: CourseListRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    published: row.published === 1,
    enrollment_count: row.enrollment_count,
    external_id: row.external_id,
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
  const filters = { updatedSince: query.updated_since, published: query.published, externalId: query.external_id };
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
    external_id: body.external_id ?? null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

export async function createCourse(ctx: ServiceContext, workspaceId: string, body: CreateCourseBody): Promise<Versioned<Course>> {
  const row = newCourseRow(ctx.clock, workspaceId, body);
  await withUniqueExternalId(ctx, workspaceId, row.external_id, () =>
    ctx.db.transaction().execute(async (trx) => {
      await repo.insertCourse(trx, row);
      await recordEvent(trx, ctx.clock, workspaceId, 'course.created', toCourse(row));
    }),
  );
  return versionedCourse(row);
}

/**
 * `PUT /courses/by-external-id/{external_id}`: makes the course of this external id, or gives the
 * existing one the body's fields (those left out stay), in one transaction whose unique index
 * decides which (src/db/upsert.ts): fifty concurrent calls make one course. The events are those of
 * POST and PATCH (`course.created`; `course.updated`, `course.published`, `course.unpublished`); a
 * call that changes nothing writes nothing (the course keeps its updated_at) and sends no event.
 */
export async function upsertCourse(
  ctx: ServiceContext,
  workspaceId: string,
  externalId: string,
  body: CreateCourseBody,
  conditions: UpsertConditions,
): Promise<Upserted<Course>> {
  const plan = upsertPlan<CourseRow>('Course', externalId, body.external_id, conditions, (row) => versionedCourse(row).etag);
  const insert = { ...newCourseRow(ctx.clock, workspaceId, body), external_id: externalId };
  const set: Partial<CourseRow> = {
    title: body.title,
    ...(body.description !== undefined && { description: insert.description }),
    ...(body.published !== undefined && { published: insert.published }),
    ...(body.metadata !== undefined && { metadata: insert.metadata }),
  };
  const [outcome] = await ctx.db.transaction().execute(async (trx) => {
    const outcomes = await repo.upsertCoursesByExternalId(trx, workspaceId, [{ insert, set }], { ...plan, now: insert.updated_at });
    await recordEvents(trx, ctx.clock, workspaceId, courseUpsertEvents(outcomes));
    return outcomes;
  });
  if (outcome!.action === 'skipped') throw plan.refused(outcome!.row);
  return { ...versionedCourse(outcome!.row!), outcome: outcome!.action };
}

/** The events of upserted courses, as POST and PATCH send them. */
export function courseUpsertEvents(outcomes: readonly UpsertOutcome<CourseRow>[]): NewEvent[] {
  return outcomes.flatMap((o): NewEvent[] => {
    if (o.action === 'created') return [{ type: 'course.created', object: toCourse(o.row!) }];
    if (o.action === 'updated') return courseChangeEvents(o.changes!, toCourse(o.row!));
    return [];
  });
}

/** Runs a write that may give a course an external id another course holds: 409 `course_exists` naming it. */
async function withUniqueExternalId<T>(ctx: ServiceContext, workspaceId: string, externalId: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!externalId || !isUniqueViolation(error)) throw error;
    const holder = await repo.findCourseByExternalId(ctx.db, workspaceId, externalId);
    if (!holder) throw error;
    throw new AppError('course_exists', `Course ${holder.id} already has this external_id`, { course_id: holder.id, field: 'external_id' });
  }
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
      ...(body.external_id !== undefined && body.external_id !== current.external_id && { external_id: body.external_id }),
      ...(body.metadata !== undefined && { metadata: JSON.stringify(body.metadata) }),
    }),
    write: (version, changes, next) =>
      withUniqueExternalId(ctx, workspaceId, changes.external_id, () =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await repo.updateCourse(trx, workspaceId, id, version, changes))) return false;
          await recordEvents(trx, ctx.clock, workspaceId, courseChangeEvents(changes, toCourse(next)));
          return true;
        }),
      ),
    ifMatch,
    now: () => nowIso(ctx.clock),
  });
}

/**
 * What an update reports: `course.published` / `course.unpublished` when `published` changed, and
 * `course.updated` when any other field did.
 */
function courseChangeEvents(changes: Partial<CourseRow>, course: Course): NewEvent[] {
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
