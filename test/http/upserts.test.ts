import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentsTable } from '../../src/db/types.js';
import { type StudentUpsert, upsertStudentsByExternalId } from '../../src/modules/students/students.repository.js';
import { newId } from '../../src/shared/ids.js';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

/**
 * Upserts by external id (docs/api.md, "Upserts by external id"): PUT /students/by-external-id/{id}
 * and PUT /courses/by-external-id/{id}, with the statuses, headers, conditions and events the
 * contract gives them, on every database; and the students' status that a roster sync sets.
 */
describe.each(testDialects())('upserts by external id [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const putStudent = (externalId: string, body: Record<string, unknown>, headers: Record<string, string> = {}, key?: string) =>
    t.request({ method: 'PUT', url: `/api/v1/students/by-external-id/${encodeURIComponent(externalId)}`, body, headers, ...(key ? { key } : {}) });
  const putCourse = (externalId: string, body: Record<string, unknown>, headers: Record<string, string> = {}, key?: string) =>
    t.request({ method: 'PUT', url: `/api/v1/courses/by-external-id/${encodeURIComponent(externalId)}`, body, headers, ...(key ? { key } : {}) });

  /** The types of an object's events, oldest first (every page of GET /events). */
  const eventsOf = async (id: string): Promise<string[]> => {
    const types: string[] = [];
    for (let cursor = ''; ; ) {
      const response = await t.request({ url: `/api/v1/events?sort=created_at&per_page=100&cursor=${encodeURIComponent(cursor)}` });
      expect(response.status, show(response)).toBe(200);
      for (const event of response.body.data) if (event.data.object.id === id) types.push(event.type);
      if (!response.body.pagination.has_more) return types;
      cursor = response.body.pagination.next_cursor;
    }
  };

  describe('students', () => {
    it('creates (201, Location, created), updates (200, updated) and leaves alone (200, unchanged: same updated_at, no event)', async () => {
      const created = await putStudent('sis-100', { email: 'Ada@Example.com', name: 'Ada', metadata: { cohort: 'a', year: '2026' } });
      expect(created.status, show(created)).toBe(201);
      const student = created.body.data;
      expect(student).toEqual({
        id: expect.stringMatching(/^stu_[0-9a-z]{26}$/),
        email: 'Ada@Example.com',
        name: 'Ada',
        external_id: 'sis-100',
        status: 'active',
        metadata: { cohort: 'a', year: '2026' },
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
      });
      expect(created.headers['lectern-upsert']).toBe('created');
      expect(created.headers.location).toBe(`/api/v1/students/${student.id}`);
      expect(created.headers.etag).toMatch(/^".+"$/);
      const read = await t.request({ url: String(created.headers.location) });
      expect(read.body).toEqual(created.body);
      expect(read.headers.etag).toBe(created.headers.etag);

      t.clock.advance(60_000);
      // The same fields, metadata pairs in another order, and the path's external_id repeated in the body.
      const same = await putStudent('sis-100', { email: 'Ada@Example.com', name: 'Ada', external_id: 'sis-100', metadata: { year: '2026', cohort: 'a' } });
      expect(same.status, show(same)).toBe(200);
      expect(same.headers['lectern-upsert']).toBe('unchanged');
      expect(same.headers.location).toBeUndefined();
      expect(same.body).toEqual(created.body);
      expect(same.headers.etag).toBe(created.headers.etag);

      const renamed = await putStudent('sis-100', { email: 'Ada@Example.com', name: 'Ada King', status: 'inactive' });
      expect(renamed.status, show(renamed)).toBe(200);
      expect(renamed.headers['lectern-upsert']).toBe('updated');
      // Fields left out stay (metadata); updated_at moves; the ETag too.
      expect(renamed.body.data).toEqual({ ...student, name: 'Ada King', status: 'inactive', updated_at: '2026-11-21T12:01:00.000Z' });
      expect(renamed.headers.etag).not.toBe(created.headers.etag);
      expect((await t.request({ url: `/api/v1/students/${student.id}` })).body.data).toEqual(renamed.body.data);

      expect(await eventsOf(student.id)).toEqual(['student.created', 'student.updated']);
      const list = await t.request({ url: '/api/v1/students?external_id=sis-100' });
      expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([student.id]);
    });

    it('keeps external ids as exact text: 00123 is not 123, and case counts', async () => {
      const padded = await putStudent('00123', { email: 'padded@example.com', name: 'Padded' });
      expect(padded.status, show(padded)).toBe(201);
      expect(padded.body.data.external_id).toBe('00123');
      const plain = await putStudent('123', { email: 'plain@example.com', name: 'Plain' });
      expect(plain.status, show(plain)).toBe(201);
      expect(plain.body.data.id).not.toBe(padded.body.data.id);
      const upper = await putStudent('ABC-9', { email: 'upper@example.com', name: 'Upper' });
      const lower = await putStudent('abc-9', { email: 'lower@example.com', name: 'Lower' });
      expect([upper.status, lower.status]).toEqual([201, 201]);
      const list = await t.request({ url: '/api/v1/students?external_id=00123' });
      expect(list.body.data.map((s: { external_id: string }) => s.external_id)).toEqual(['00123']);
      // Any text up to 255 characters, slashes and spaces included, URL-encoded in the path.
      const odd = 'sis/2026 ünïcode #1?';
      const made = await putStudent(odd, { email: 'odd@example.com', name: 'Odd' });
      expect(made.status, show(made)).toBe(201);
      expect(made.body.data.external_id).toBe(odd);
      expect((await putStudent(odd, { email: 'odd@example.com', name: 'Odd' })).headers['lectern-upsert']).toBe('unchanged');
      expect((await putStudent('x'.repeat(255), { email: 'long@example.com', name: 'Long' })).status).toBe(201);
      const tooLong = await putStudent('x'.repeat(256), { email: 'longer@example.com', name: 'Longer' });
      expect(tooLong.status, show(tooLong)).toBe(404);
    });

    it('answers 412 to If-None-Match: * when the student exists and to If-Match: * when it does not, writing nothing', async () => {
      const onlyUpdate = await putStudent('sis-200', { email: 'grace@example.com', name: 'Grace' }, { 'if-match': '*' });
      expect(onlyUpdate.status, show(onlyUpdate)).toBe(412);
      expect(onlyUpdate.body.error.code).toBe('precondition_failed');
      expect((await t.request({ url: '/api/v1/students?external_id=sis-200' })).body.data).toEqual([]);

      const onlyCreate = await putStudent('sis-200', { email: 'grace@example.com', name: 'Grace' }, { 'if-none-match': '*' });
      expect(onlyCreate.status, show(onlyCreate)).toBe(201);
      expect(onlyCreate.headers['lectern-upsert']).toBe('created');
      const again = await putStudent('sis-200', { email: 'grace@example.com', name: 'Grace Hopper' }, { 'if-none-match': '*' });
      expect(again.status, show(again)).toBe(412);
      expect(again.body.error).toMatchObject({ code: 'precondition_failed', details: { etag: onlyCreate.headers.etag } });

      // Events of one millisecond are in no set order (GET /events): each write in a second of its own.
      t.clock.advance(1000);
      const updated = await putStudent('sis-200', { email: 'grace@example.com', name: 'Grace Hopper' }, { 'if-match': '*' });
      expect(updated.status, show(updated)).toBe(200);
      expect(updated.headers['lectern-upsert']).toBe('updated');
      // If-Match with an ETag: only that version.
      const stale = await putStudent('sis-200', { email: 'grace@example.com', name: 'Stale' }, { 'if-match': String(onlyCreate.headers.etag) });
      expect(stale.status, show(stale)).toBe(412);
      expect(stale.body.error.details.etag).toBe(updated.headers.etag);
      t.clock.advance(1000);
      const current = await putStudent('sis-200', { email: 'grace@example.com', name: 'Current' }, { 'if-match': String(updated.headers.etag) });
      expect(current.status, show(current)).toBe(200);
      expect((await t.request({ url: `/api/v1/students/${onlyCreate.body.data.id}` })).body.data.name).toBe('Current');
      expect(await eventsOf(onlyCreate.body.data.id)).toEqual(['student.created', 'student.updated', 'student.updated']);
    });

    it('refuses a body external_id that is not the path\'s (400), and other invalid bodies as POST does', async () => {
      const mismatch = await putStudent('sis-300', { email: 'm@example.com', name: 'M', external_id: 'sis-301' });
      expect(mismatch.status, show(mismatch)).toBe(400);
      expect(mismatch.body.error).toMatchObject({ code: 'validation_error', details: { errors: [{ path: '/external_id' }] } });
      const missing = await putStudent('sis-300', { name: 'No email' });
      expect(missing.status).toBe(400);
      const unknown = await putStudent('sis-300', { email: 'm@example.com', name: 'M', id: 'stu_01jd4z3q1r2s3t4v5w6x7y8z9a' });
      expect(unknown.status).toBe(400);
      const badStatus = await putStudent('sis-300', { email: 'm@example.com', name: 'M', status: 'gone' });
      expect(badStatus.status).toBe(400);
      expect((await t.request({ url: '/api/v1/students?external_id=sis-300' })).body.data).toEqual([]);
    });

    it('answers 409 student_exists for an email another student holds, on create and on update', async () => {
      const holder = (await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'taken@example.com', name: 'Holder' } })).body.data;
      const create = await putStudent('sis-400', { email: 'TAKEN@example.com', name: 'Other' });
      expect(create.status, show(create)).toBe(409);
      expect(create.body.error).toMatchObject({ code: 'student_exists', details: { student_id: holder.id, field: 'email' } });
      expect((await putStudent('sis-400', { email: 'free@example.com', name: 'Other' })).status).toBe(201);
      const update = await putStudent('sis-400', { email: 'taken@example.com', name: 'Other' });
      expect(update.status, show(update)).toBe(409);
      expect(update.body.error.details.student_id).toBe(holder.id);
    });

    it('keeps workspaces apart: another workspace\'s same external id is its own student', async () => {
      const here = await putStudent('shared-7', { email: 'same@example.com', name: 'Here' });
      const other = await t.newKey();
      const there = await putStudent('shared-7', { email: 'same@example.com', name: 'There' }, {}, other.key);
      expect([here.status, there.status]).toEqual([201, 201]);
      expect(there.body.data.id).not.toBe(here.body.data.id);
      const thereAgain = await putStudent('shared-7', { email: 'same@example.com', name: 'There, renamed' }, {}, other.key);
      expect(thereAgain.headers['lectern-upsert']).toBe('updated');
      expect((await t.request({ url: `/api/v1/students/${here.body.data.id}` })).body.data.name).toBe('Here');
      expect((await t.request({ url: `/api/v1/students/${here.body.data.id}`, key: other.key })).status).toBe(404);
    });

    it('makes one student of fifty concurrent PUTs of one new external id', async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => putStudent('race-1', { email: 'race@example.com', name: 'Race' })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201), statuses.join(',')).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(49);
      expect(answers.filter((a) => a.headers['lectern-upsert'] === 'unchanged')).toHaveLength(49);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const list = await t.request({ url: '/api/v1/students?external_id=race-1' });
      expect(list.body.pagination.total).toBe(1);
      expect(await eventsOf(answers[0]!.body.data.id)).toEqual(['student.created']);
    });

    it('makes one student of fifty concurrent PUTs with different names, each answer a version it made or met', async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => putStudent('race-2', { email: 'race2@example.com', name: `Racer ${i}` })),
      );
      expect(answers.every((a) => a.status === 200 || a.status === 201), answers.map(show).join('\n')).toBe(true);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const id = answers[0]!.body.data.id;
      const events = await eventsOf(id);
      expect(events[0]).toBe('student.created');
      expect(events.length).toBe(1 + answers.filter((a) => a.headers['lectern-upsert'] === 'updated').length);
      expect((await t.request({ url: '/api/v1/students?external_id=race-2' })).body.pagination.total).toBe(1);
    });

    it('needs students:write', async () => {
      const reader = await t.newKey({ accountId: t.accountId, scopes: ['students:read'] });
      const refused = await putStudent('sis-500', { email: 'r@example.com', name: 'R' }, {}, reader.key);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'insufficient_permissions', details: { required_scope: 'students:write' } });
    });
  });

  describe('student status', () => {
    it('is active by default, settable on POST and PATCH, filterable; an inactive student takes no new enrollment (409 student_inactive)', async () => {
      const course = await createCourse(t, { title: 'Roster course', published: true });
      const other = await createCourse(t, { title: 'Other roster course', published: true });
      const made = await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'inactive@example.com', name: 'Leaver', status: 'inactive' } });
      expect(made.status, show(made)).toBe(201);
      expect(made.body.data.status).toBe('inactive');
      const student = made.body.data;

      const refused = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: student.id, course_id: course.id } });
      expect(refused.status, show(refused)).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'student_inactive', details: { student_id: student.id } });

      const inactive = await t.request({ url: '/api/v1/students?status=inactive&per_page=100' });
      expect(inactive.body.data.map((s: { id: string }) => s.id)).toContain(student.id);
      expect(inactive.body.data.every((s: { status: string }) => s.status === 'inactive')).toBe(true);

      const active = await t.request({ method: 'PATCH', url: `/api/v1/students/${student.id}`, body: { status: 'active' } });
      expect(active.status, show(active)).toBe(200);
      expect(active.body.data.status).toBe('active');
      const enrolled = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: student.id, course_id: course.id } });
      expect(enrolled.status, show(enrolled)).toBe(201);

      // Deactivated, the student keeps their data and enrollments; enrolling again is still already_enrolled.
      const off = await t.request({ method: 'PUT', url: `/api/v1/students/${student.id}`, body: { status: 'inactive' } });
      expect(off.body.data).toMatchObject({ status: 'inactive', email: 'inactive@example.com' });
      expect((await t.request({ url: `/api/v1/enrollments/${enrolled.body.data.id}` })).body.data.status).toBe('active');
      const twice = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: student.id, course_id: course.id } });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toMatchObject({ code: 'already_enrolled', details: { enrollment_id: enrolled.body.data.id } });
      // A cancelled enrollment is not reactivated for an inactive student.
      expect((await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${enrolled.body.data.id}` })).status).toBe(200);
      const reactivate = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: student.id, course_id: course.id } });
      expect(reactivate.status, show(reactivate)).toBe(409);
      expect(reactivate.body.error.code).toBe('student_inactive');

      // The bulk endpoint reports it per record.
      const fresh = (await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'fresh@example.com', name: 'Fresh' } })).body.data;
      const bulk = await t.request({
        method: 'POST',
        url: '/api/v1/enrollments/bulk',
        body: { records: [{ student_id: student.id, course_id: other.id }, { student_id: fresh.id, course_id: other.id }, { student_id: student.id, course_id: course.id }] },
      });
      expect(bulk.status, show(bulk)).toBe(207);
      expect(bulk.body.data.map((r: { status: string; error?: { code: string } }) => r.error?.code ?? r.status)).toEqual(['student_inactive', 'created', 'student_inactive']);
      expect(bulk.body.data[0].error.details).toEqual({ student_id: student.id });
      const counted = await t.request({ url: `/api/v1/courses/${other.id}` });
      expect(counted.body.data.enrollment_count).toBe(1);
    });

    it('changing nothing but sending the same status changes nothing', async () => {
      const s = (await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'steady@example.com', name: 'Steady' } })).body;
      t.clock.advance(1000);
      const same = await t.request({ method: 'PATCH', url: `/api/v1/students/${s.data.id}`, body: { status: 'active' } });
      expect(same.body.data.updated_at).toBe(s.data.updated_at);
      expect(await eventsOf(s.data.id)).toEqual(['student.created']);
    });
  });

  describe('set-based upserts (the repository function imports run)', () => {
    const rowsOf = (workspaceId: string, n: number, name: (i: number) => string): StudentUpsert[] =>
      Array.from({ length: n }, (_, i) => {
        const now = '2026-11-21T13:00:00.000Z';
        const insert: StudentsTable & { external_id: string } = {
          id: newId('stu'),
          workspace_id: workspaceId,
          email: `bulk${i}@example.com`,
          email_normalized: `bulk${i}@example.com`,
          name: name(i),
          external_id: `bulk-${String(i).padStart(5, '0')}`,
          status: 'active',
          metadata: '{}',
          version: 1,
          created_at: now,
          updated_at: now,
        };
        return { insert, set: { name: insert.name } };
      });

    it('upserts more rows than one statement takes, in chunks, each row created, updated, unchanged or skipped', async () => {
      const key = await t.newKey();
      const workspaceId = await workspaceOf(key.key);
      const n = 6_000;
      const first = await t.ctx.db.transaction().execute((trx) => upsertStudentsByExternalId(trx, workspaceId, rowsOf(workspaceId, n, (i) => `Bulk ${i}`), { now: '2026-11-21T13:00:00.000Z' }));
      expect(first.every((o) => o.action === 'created')).toBe(true);
      const total = async () => (await t.request({ url: '/api/v1/students?per_page=1', key: key.key })).body.pagination.total;
      expect(await total()).toBe(n);

      // A re-run renaming every third row: those are updated, the others unchanged; new ids proposed are not used.
      const second = await t.ctx.db
        .transaction()
        .execute((trx) => upsertStudentsByExternalId(trx, workspaceId, rowsOf(workspaceId, n, (i) => (i % 3 === 0 ? `Renamed ${i}` : `Bulk ${i}`)), { now: '2026-11-21T14:00:00.000Z' }));
      expect(second.filter((o) => o.action === 'updated')).toHaveLength(n / 3);
      expect(second.filter((o) => o.action === 'unchanged')).toHaveLength((2 * n) / 3);
      expect(second.map((o) => o.row!.id)).toEqual(first.map((o) => o.row!.id));
      const renamed = second[3]!;
      expect(renamed).toMatchObject({ action: 'updated', changes: { name: 'Renamed 3' }, previous: { name: 'Bulk 3', version: 1 } });
      expect(renamed.row).toMatchObject({ name: 'Renamed 3', version: 2, updated_at: '2026-11-21T14:00:00.000Z' });
      const read = await t.request({ url: `/api/v1/students/${renamed.row!.id}`, key: key.key });
      expect(read.body.data).toMatchObject({ name: 'Renamed 3', updated_at: '2026-11-21T14:00:00.000Z' });
      expect((await t.request({ url: `/api/v1/students/${second[1]!.row!.id}`, key: key.key })).body.data.updated_at).toBe('2026-11-21T13:00:00.000Z');

      // Modes: create_only passes over what exists, update_only over what does not.
      const mixed = rowsOf(workspaceId, n + 2, (i) => `Other ${i}`).slice(n - 2);
      const createOnly = await t.ctx.db.transaction().execute((trx) => upsertStudentsByExternalId(trx, workspaceId, mixed, { mode: 'create_only', now: '2026-11-21T15:00:00.000Z' }));
      expect(createOnly.map((o) => o.action)).toEqual(['skipped', 'skipped', 'created', 'created']);
      expect(createOnly[0]!.row!.name).toBe(`Bulk ${n - 2}`);
      const updateOnly = await t.ctx.db
        .transaction()
        .execute((trx) => upsertStudentsByExternalId(trx, workspaceId, rowsOf(workspaceId, n + 4, () => 'Late').slice(n + 1), { mode: 'update_only', now: '2026-11-21T15:00:00.000Z' }));
      expect(updateOnly.map((o) => o.action)).toEqual(['updated', 'skipped', 'skipped']);
      expect(updateOnly[1]!.row).toBeUndefined();
      expect(await total()).toBe(n + 2);
    }, 120_000);

    /** The workspace of a key, from a student it makes. */
    async function workspaceOf(key: string): Promise<string> {
      const made = await t.request({ method: 'POST', url: '/api/v1/students', key, body: { email: `probe-${Math.random()}@example.com`, name: 'Probe' } });
      const row = await t.ctx.db.selectFrom('students').select('workspace_id').where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
      await t.request({ method: 'DELETE', url: `/api/v1/students/${made.body.data.id}`, key });
      return row.workspace_id;
    }
  });

  describe('courses', () => {
    it('creates, updates and leaves alone, with the events of POST and PATCH', async () => {
      const created = await putCourse('crs-ext-1', { title: 'Algebra', metadata: { level: 'one' } });
      expect(created.status, show(created)).toBe(201);
      const course = created.body.data;
      expect(course).toEqual({
        id: expect.stringMatching(/^crs_[0-9a-z]{26}$/),
        title: 'Algebra',
        description: '',
        published: false,
        enrollment_count: 0,
        external_id: 'crs-ext-1',
        metadata: { level: 'one' },
        created_at: expect.any(String),
        updated_at: course.created_at,
      });
      expect(created.headers['lectern-upsert']).toBe('created');
      expect(created.headers.location).toBe(`/api/v1/courses/${course.id}`);

      t.clock.advance(1000);
      const same = await putCourse('crs-ext-1', { title: 'Algebra', published: false });
      expect(same.status, show(same)).toBe(200);
      expect(same.headers['lectern-upsert']).toBe('unchanged');
      expect(same.body).toEqual(created.body);

      const published = await putCourse('crs-ext-1', { title: 'Algebra', published: true });
      expect(published.headers['lectern-upsert']).toBe('updated');
      expect(published.body.data).toMatchObject({ published: true, metadata: { level: 'one' } });
      expect(published.body.data.updated_at).not.toBe(course.updated_at);
      t.clock.advance(1000);
      const renamed = await putCourse('crs-ext-1', { title: 'Algebra I', description: 'Equations' });
      expect(renamed.headers['lectern-upsert']).toBe('updated');
      expect(renamed.body.data).toMatchObject({ title: 'Algebra I', description: 'Equations', published: true });
      expect(await eventsOf(course.id)).toEqual(['course.created', 'course.published', 'course.updated']);
    });

    it('filters the list by external id, exactly', async () => {
      const padded = (await putCourse('00123', { title: 'Padded' })).body.data;
      await putCourse('123', { title: 'Plain' });
      const list = await t.request({ url: '/api/v1/courses?external_id=00123' });
      expect(list.status, show(list)).toBe(200);
      expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([padded.id]);
      expect(list.body.pagination.total).toBe(1);
      const none = await t.request({ url: '/api/v1/courses?external_id=0123' });
      expect(none.body.data).toEqual([]);
    });

    it('takes external_id on POST and PATCH, unique in the workspace (409 course_exists), and null removes it', async () => {
      const first = await createCourse(t, { title: 'With id', external_id: 'post-1' });
      expect(first.external_id).toBe('post-1');
      const clash = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'Clash', external_id: 'post-1' } });
      expect(clash.status, show(clash)).toBe(409);
      expect(clash.body.error).toMatchObject({ code: 'course_exists', details: { course_id: first.id, field: 'external_id' } });
      const second = await createCourse(t, { title: 'Without id' });
      expect(second.external_id).toBeNull();
      const patchClash = await t.request({ method: 'PATCH', url: `/api/v1/courses/${second.id}`, body: { external_id: 'post-1' } });
      expect(patchClash.status, show(patchClash)).toBe(409);
      expect(patchClash.body.error.details.course_id).toBe(first.id);
      const cleared = await t.request({ method: 'PATCH', url: `/api/v1/courses/${first.id}`, body: { external_id: null } });
      expect(cleared.body.data.external_id).toBeNull();
      const taken = await t.request({ method: 'PATCH', url: `/api/v1/courses/${second.id}`, body: { external_id: 'post-1' } });
      expect(taken.status, show(taken)).toBe(200);
      // The upsert finds it by its new id.
      const upsert = await putCourse('post-1', { title: 'Without id' });
      expect(upsert.headers['lectern-upsert']).toBe('unchanged');
      expect(upsert.body.data.id).toBe(second.id);
    });

    it('answers 412 under its conditions and 400 to a body external_id other than the path\'s', async () => {
      expect((await putCourse('crs-cond', { title: 'C' }, { 'if-match': '*' })).status).toBe(412);
      expect((await putCourse('crs-cond', { title: 'C' }, { 'if-none-match': '*' })).status).toBe(201);
      expect((await putCourse('crs-cond', { title: 'C' }, { 'if-none-match': '*' })).status).toBe(412);
      const mismatch = await putCourse('crs-cond', { title: 'C', external_id: 'crs-other' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.error.details.errors[0].path).toBe('/external_id');
      expect((await t.request({ url: '/api/v1/courses?external_id=crs-other' })).body.data).toEqual([]);
    });

    it('keeps workspaces apart', async () => {
      const here = await putCourse('shared-course', { title: 'Here' });
      const other = await t.newKey();
      const there = await putCourse('shared-course', { title: 'There' }, {}, other.key);
      expect([here.status, there.status]).toEqual([201, 201]);
      expect((await t.request({ url: '/api/v1/courses?external_id=shared-course', key: other.key })).body.data.map((c: { id: string }) => c.id)).toEqual([
        there.body.data.id,
      ]);
    });

    it('makes one course of fifty concurrent PUTs of one new external id', async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => putCourse('race-course', { title: 'Race', published: true })));
      expect(answers.filter((a) => a.status === 201), answers.map((a) => a.status).join(',')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200 && a.headers['lectern-upsert'] === 'unchanged')).toHaveLength(49);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect((await t.request({ url: '/api/v1/courses?external_id=race-course' })).body.pagination.total).toBe(1);
      expect(await eventsOf(answers[0]!.body.data.id)).toEqual(['course.created']);
    });

    it('needs courses:write', async () => {
      const reader = await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] });
      const refused = await putCourse('crs-scope', { title: 'R' }, {}, reader.key);
      expect(refused.status).toBe(403);
      expect(refused.body.error.details.required_scope).toBe('courses:write');
    });
  });
});
