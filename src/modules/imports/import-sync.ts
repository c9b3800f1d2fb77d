import type { Kysely } from 'kysely';
import type { DB, ImportsTable } from '../../db/types.js';
import { type Clock, toIso } from '../../shared/clock.js';
import { recordEvents } from '../events/record-events.js';
import { toStudent } from '../students/students.service.js';
import { settleEnrollments } from './import-apply.js';
import type { Scan } from './import-scan.js';
import * as repo from './imports.repository.js';

/**
 * A full sync's deactivations: the objects that earlier imports of the source created, that are
 * still active, and that this file does not name. Students become inactive, enrollments
 * cancelled; objects made any other way are never among them (import_created_objects says who
 * made what).
 */

export interface Deactivation {
  type: 'student' | 'enrollment';
  id: string;
  /** As a result line shows it. */
  externalId: string | null;
}

/** Whether an enrollment the source made is named by this file, by any of the references a row may use. */
function named(scan: Scan, e: repo.OwnedEnrollment): boolean {
  const students = [`i:${e.student_id}`, ...(e.student_external_id !== null ? [`e:${e.student_external_id}`] : [])];
  const courses = [`i:${e.course_id}`, ...(e.course_external_id !== null ? [`e:${e.course_external_id}`] : [])];
  return students.some((s) => courses.some((c) => scan.enrollments.has(`${s}\u0000${c}`)));
}

/**
 * The source's active objects of the types this file has, a page at a time (keyset on id), each
 * marked whether the sync deactivates it: the ones this file does not name.
 */
export async function* ownedObjects(db: Kysely<DB>, imp: ImportsTable, scan: Scan, pageSize: number): AsyncGenerator<{ object: Deactivation; deactivate: boolean }[]> {
  if (scan.rows.student > 0) {
    for (let after = ''; ; ) {
      const page = await repo.ownedActiveStudents(db, imp.workspace_id, imp.source!, after, pageSize);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      yield page.map((s) => ({ object: { type: 'student', id: s.id, externalId: s.external_id }, deactivate: s.external_id === null || !scan.students.has(s.external_id) }));
    }
  }
  if (scan.rows.enrollment > 0) {
    for (let after = ''; ; ) {
      const page = await repo.ownedActiveEnrollments(db, imp.workspace_id, imp.source!, after, pageSize);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const shown = (e: repo.OwnedEnrollment) => `${e.student_external_id ?? e.student_id}/${e.course_external_id ?? e.course_id}`;
      yield page.map((e) => ({ object: { type: 'enrollment', id: e.id, externalId: shown(e) }, deactivate: !named(scan, e) }));
    }
  }
}

/** Deactivates objects of a full sync (students inactive, enrollments cancelled) with their events; answers those it changed. */
export async function deactivate(db: Kysely<DB>, clock: Clock, imp: ImportsTable, objects: Deactivation[]): Promise<Deactivation[]> {
  if (imp.dry_run) return objects;
  const now = toIso(clock.now());
  const students = await repo.deactivateStudents(db, imp.workspace_id, objects.filter((o) => o.type === 'student').map((o) => o.id), now);
  const enrollmentIds = objects.filter((o) => o.type === 'enrollment').map((o) => o.id);
  const cancelled = await repo.cancelEnrollments(db, imp.workspace_id, enrollmentIds, now);
  const rows = await repo.enrollmentsByIds(db, imp.workspace_id, [...cancelled]);
  const deltas = new Map<string, number>();
  for (const row of rows) deltas.set(row.course_id, (deltas.get(row.course_id) ?? 0) - 1);
  await recordEvents(db, clock, imp.workspace_id, students.map((s) => ({ type: 'student.updated' as const, object: toStudent(s) })));
  await settleEnrollments(db, clock, imp.workspace_id, deltas, [...cancelled].map((id) => ({ id, change: 'cancel' as const })), now);
  const changed = new Set([...students.map((s) => s.id), ...cancelled]);
  return objects.filter((o) => changed.has(o.id));
}
