import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('events [%s]', (dialect) => {
  let t: TestApp;
  const courseIds: string[] = [];
  const studentIds: string[] = [];
  let start: string;
  let middle: string;

  beforeAll(async () => {
    t = await setupApp(dialect);
    start = new Date(t.clock.now()).toISOString();
    for (let i = 0; i < 5; i++) {
      courseIds.push((await createCourse(t, { title: `Course ${i}` })).id);
      t.clock.advance(1_000);
    }
    middle = new Date(t.clock.now()).toISOString();
    const records = Array.from({ length: 25 }, (_, i) => ({ email: `evt${i}@example.com`, name: `Learner ${i}` }));
    const bulk = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body: { records } });
    if (bulk.status !== 201) throw new Error(show(bulk));
    studentIds.push(...bulk.body.data.map((r: any) => r.data.id));
    t.clock.advance(1_000);
    await t.request({ method: 'PATCH', url: `/api/v1/courses/${courseIds[0]}`, body: { description: 'changed' } });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.request({ url: `/api/v1/events${query}` });
    expect(response.status, show(response)).toBe(200);
    return response.body;
  };

  it('lists every event newest first, one student.created per bulk record', async () => {
    const body = await list('?per_page=100');
    expect(body.pagination).toMatchObject({ page: 1, per_page: 100, total: 31, total_pages: 1, next_cursor: null });
    expect(body.data[0]).toMatchObject({ type: 'course.updated', data: { object: { id: courseIds[0], description: 'changed' } } });
    const types = body.data.map((e: any) => e.type);
    expect(types.filter((x: string) => x === 'student.created')).toHaveLength(25);
    expect(body.data.filter((e: any) => e.type === 'course.created').map((e: any) => e.data.object.id)).toEqual([...courseIds].reverse());
    expect(body.data.filter((e: any) => e.type === 'student.created').map((e: any) => e.data.object.id).sort()).toEqual([...studentIds].sort());
    const ids = body.data.map((e: any) => e.id);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('filters by exact type, by family, and by time', async () => {
    expect((await list('?type=course.created')).pagination.total).toBe(5);
    expect((await list('?type=course.*')).pagination.total).toBe(6);
    expect((await list('?type=student.*')).pagination.total).toBe(25);
    expect((await list('?type=student.enrolled')).pagination.total).toBe(0);
    const early = await list(`?from=${start}&to=${middle}&sort=created_at`);
    expect(early.data.map((e: any) => e.data.object.id)).toEqual(courseIds);
    expect((await list(`?from=${middle}`)).pagination.total).toBe(26);
    for (const bad of ['type=course', 'type=course.*.x', 'type=COURSE.created', 'from=yesterday', 'sort=type']) {
      const response = await t.request({ url: `/api/v1/events?${bad}` });
      expect(response.status, `${bad}: ${show(response)}`).toBe(400);
    }
  });

  it('walks the log with cursors, oldest first, without gaps or repeats while events are added', async () => {
    const seen: string[] = [];
    let cursor = '';
    let added = false;
    for (;;) {
      const page = await list(`?sort=created_at&per_page=7&cursor=${cursor}`);
      seen.push(...page.data.map((e: any) => e.id));
      if (!added) {
        t.clock.advance(1_000);
        await createCourse(t, { title: 'Added during the walk' });
        added = true;
      }
      if (!page.pagination.has_more) break;
      cursor = page.pagination.next_cursor;
    }
    expect(seen).toHaveLength(32);
    expect(new Set(seen).size).toBe(32);
    expect([...seen].sort()).toEqual(seen);
  });

  it('answers events stored before their resource gained a field, with the value it has for objects from before it (was a 500)', async () => {
    // Events of an earlier release: a course without external_id, a student without status (both came on 2026-11-29).
    const page = (await list('?per_page=100')).data;
    const courseEvent = page.find((e: any) => e.type === 'course.created' && e.data.object.id === courseIds[1]);
    const studentEvent = page.find((e: any) => e.type === 'student.created');
    const { external_id: _course, ...olderCourse } = courseEvent.data.object;
    const { status: _student, ...olderStudent } = studentEvent.data.object;
    await sql`update events set data = ${JSON.stringify(olderCourse)} where id = ${courseEvent.id}`.execute(t.ctx.db);
    await sql`update events set data = ${JSON.stringify(olderStudent)} where id = ${studentEvent.id}`.execute(t.ctx.db);

    expect((await list('?per_page=100')).data).toEqual(page);
    const one = await t.request({ url: `/api/v1/events/${courseEvent.id}` });
    expect(one.status, show(one)).toBe(200);
    expect(one.body.data.data.object).toEqual({ ...olderCourse, external_id: null });
    const other = await t.request({ url: `/api/v1/events/${studentEvent.id}` });
    expect(other.body.data.data.object).toEqual({ ...olderStudent, status: 'active' });
  });

  it('answers one event by id, and keeps 30 days', async () => {
    const [latest] = (await list('?per_page=1')).data;
    const one = await t.request({ url: `/api/v1/events/${latest.id}` });
    expect(one.body.data).toEqual(latest);
    expect((await t.request({ url: '/api/v1/events/evt_00000000000000000000000000' })).status).toBe(404);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await t.request({ url: `/api/v1/events/${latest.id}` })).status).toBe(404);
    expect((await list('')).pagination.total).toBe(0);
  });
});
