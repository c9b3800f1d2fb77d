import { countSiblings, moveWithin, shiftPositions } from '../../db/positions.js';
import { recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import type { ModulesTable } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { notFound } from '../../shared/errors.js';
import { assertIfMatch, etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { insertPosition, movePosition } from '../../shared/positions.js';
import type { Versioned } from '../../shared/versioned.js';
import { findCourse, touchCourse } from '../courses/courses.repository.js';
import { lockForCurriculumEdit } from '../courses/curriculum-lock.js';
import { touchEnrollmentsWithCompletions } from '../enrollments/enrollments.repository.js';
import { recordEvent } from '../events/record-events.js';
import * as repo from './modules.repository.js';
import { type CreateModuleBody, type ListModulesQuery, type Module, moduleSorts, type UpdateModuleBody } from './modules.schemas.js';

export function toModule(row: ModulesTable): Module {
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    description: row.description,
    position: row.position,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function versioned(row: ModulesTable): Versioned<Module> {
  return { data: toModule(row), etag: etagOf(row.version) };
}

export async function listModules(ctx: ServiceContext, workspaceId: string, courseId: string, query: ListModulesQuery): Promise<PageResult<Module>> {
  if (!(await findCourse(ctx.db, workspaceId, courseId))) throw notFound('Course', courseId);
  const page = parseListQuery(`modules:${courseId}`, workspaceId, query, moduleSorts, 'position');
  const [rows, total] = await Promise.all([
    repo.listModules(ctx.db, workspaceId, courseId, query.updated_since, page),
    page.mode === 'page' ? repo.countModules(ctx.db, workspaceId, courseId, query.updated_since) : undefined,
  ]);
  return toPageResult(`modules:${courseId}`, workspaceId, page, rows, total, (row) => row.position, toModule);
}

export async function getModule(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<Module>> {
  const row = await repo.findModule(ctx.db, workspaceId, id);
  if (!row) throw notFound('Module', id);
  return versioned(row);
}

/** Adds a module at `position` (default: the end); the modules from there on move down one. */
export async function createModule(ctx: ServiceContext, workspaceId: string, courseId: string, body: CreateModuleBody): Promise<Versioned<Module>> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso(ctx.clock);
    if (!(await touchCourse(trx, workspaceId, courseId, now))) throw notFound('Course', courseId);
    const position = insertPosition(await countSiblings(trx, 'modules', courseId), body.position);
    await shiftPositions(trx, 'modules', courseId, position, undefined, 1, now);
    const row: ModulesTable = {
      id: newId('mod', ctx.clock.now()),
      workspace_id: workspaceId,
      course_id: courseId,
      title: body.title,
      description: body.description ?? '',
      position,
      version: 1,
      created_at: now,
      updated_at: now,
    };
    await repo.insertModule(trx, row);
    await recordEvent(trx, ctx.clock, workspaceId, 'module.created', toModule(row));
    return versioned(row);
  });
}

/** Changes the fields given; a new `position` moves the module and closes the gap it leaves. */
export async function updateModule(
  ctx: ServiceContext,
  workspaceId: string,
  id: string,
  body: UpdateModuleBody,
  ifMatch?: string,
): Promise<Versioned<Module>> {
  if (Object.keys(body).length === 0) {
    const unchanged = await getModule(ctx, workspaceId, id);
    assertIfMatch(ifMatch, unchanged.etag);
    return unchanged;
  }
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso(ctx.clock);
    const current = await lockForCurriculumEdit(trx, workspaceId, () => repo.findModule(trx, workspaceId, id), () => notFound('Module', id), now);
    assertIfMatch(ifMatch, versioned(current).etag);
    const changes: Partial<ModulesTable> = {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.description !== undefined && { description: body.description }),
      updated_at: now,
      version: current.version + 1,
    };
    if (body.position !== undefined) {
      const position = movePosition(await countSiblings(trx, 'modules', current.course_id), body.position);
      await moveWithin(trx, 'modules', current.course_id, current.position, position, now);
      changes.position = position;
    }
    await repo.updateModule(trx, workspaceId, id, changes);
    const next = { ...current, ...changes };
    await recordEvent(trx, ctx.clock, workspaceId, 'module.updated', toModule(next));
    return versioned(next);
  });
}

/** Deletes a module with its lessons; the modules after it move up one. */
export async function deleteModule(ctx: ServiceContext, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso(ctx.clock);
    // Its lessons go: the progress_percent of every enrollment with a completed lesson moves.
    const current = await lockForCurriculumEdit(trx, workspaceId, () => repo.findModule(trx, workspaceId, id), () => notFound('Module', id), now, async (found) => {
      if ((await countSiblings(trx, 'lessons', found.id)) > 0) await touchEnrollmentsWithCompletions(trx, workspaceId, found.course_id, now);
    });
    await recordAnalyticsChange(trx, workspaceId, { kind: 'lessons_deleted', courseId: current.course_id });
    await repo.deleteModule(trx, workspaceId, id);
    await shiftPositions(trx, 'modules', current.course_id, current.position + 1, undefined, -1, now);
    await recordEvent(trx, ctx.clock, workspaceId, 'module.deleted', toModule(current));
  });
  return { id, deleted: true };
}
