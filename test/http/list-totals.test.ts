import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

/**
 * Page mode's `total` without a filter comes from per-workspace counters kept by the database in
 * the transaction of every insert and delete (migration row-counts), not from counting rows. These
 * tests change the rows every way the API can and compare `total` with the rows actually listed.
 */
describe.each(testDialects())('list totals stay exact [%s]', (dialect) => {
  let t: TestApp;
  let other: string;
  beforeAll(async () => {
    t = await setupApp(dialect);
    other = (await t.newKey({ environment: 'development' })).key;
  });
  afterAll(() => t.close());

  /** `total` of the unfiltered page-mode list, checked against the ids of every page. */
  async function total(resource: 'courses' | 'students' | 'enrollments', key = t.key): Promise<number> {
    const first = await t.request({ url: `/api/v1/${resource}?per_page=100`, key });
    expect(first.status, show(first)).toBe(200);
    const ids = first.body.data.map((row: { id: string }) => row.id);
    let cursor = first.body.pagination.next_cursor as string | null;
    while (cursor) {
      const next = await t.request({ url: `/api/v1/${resource}?per_page=100&cursor=${encodeURIComponent(cursor)}`, key });
      ids.push(...next.body.data.map((row: { id: string }) => row.id));
      cursor = next.body.pagination.next_cursor;
    }
    expect(first.body.pagination.total, `${resource}: total against the rows listed`).toBe(ids.length);
    return first.body.pagination.total as number;
  }

  const createStudent = async (email: string, key = t.key) => {
    const response = await t.request({ method: 'POST', url: '/api/v1/students', body: { email, name: email }, key });
    expect(response.status, show(response)).toBe(201);
    return response.body.data.id as string;
  };
  const enroll = async (studentId: string, courseId: string) => {
    const response = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: studentId, course_id: courseId } });
    expect(response.status, show(response)).toBe(201);
    return response.body.data.id as string;
  };

  it('starts at 0 in a new workspace', async () => {
    expect(await total('courses')).toBe(0);
    expect(await total('students')).toBe(0);
    expect(await total('enrollments')).toBe(0);
  });

  it('follows creates, bulk creates, failed creates, idempotent replays and deletes, cascades included', async () => {
    const courses = [await createCourse(t, { title: 'One', published: true }), await createCourse(t, { title: 'Two', published: true })];
    const students = [await createStudent('a@example.com'), await createStudent('b@example.com')];
    // A duplicate email is refused: nothing is counted.
    const duplicate = await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'a@example.com', name: 'A' } });
    expect(duplicate.status, show(duplicate)).toBe(409);
    // Bulk: two created, one refused.
    const bulk = await t.request({
      method: 'POST',
      url: '/api/v1/students/bulk',
      body: { records: [{ email: 'c@example.com', name: 'C' }, { email: 'b@example.com', name: 'B again' }, { email: 'd@example.com', name: 'D' }] },
    });
    expect(bulk.status, show(bulk)).toBe(207);
    // A replayed keyed POST answers the first result and creates nothing.
    for (let i = 0; i < 2; i++) {
      const keyed = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'Keyed' }, headers: { 'idempotency-key': 'totals-once' } });
      expect(keyed.status, show(keyed)).toBe(201);
    }
    expect(await total('courses')).toBe(3);
    expect(await total('students')).toBe(4);

    for (const student of students) for (const course of courses) await enroll(student, course.id);
    expect(await total('enrollments')).toBe(4);

    // Deleting a student deletes its enrollments; deleting a course, the rest of them.
    expect((await t.request({ method: 'DELETE', url: `/api/v1/students/${students[0]}` })).status).toBe(200);
    expect(await total('students')).toBe(3);
    expect(await total('enrollments')).toBe(2);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/courses/${courses[0]!.id}?force=true` })).status).toBe(200);
    expect(await total('courses')).toBe(2);
    expect(await total('enrollments')).toBe(1);
    // A delete that finds nothing changes nothing.
    expect((await t.request({ method: 'DELETE', url: `/api/v1/courses/${courses[0]!.id}?force=true` })).status).toBe(404);
    expect(await total('courses')).toBe(2);
  });

  it("counts each workspace's rows apart", async () => {
    const before = await total('courses');
    await createCourse(t, { title: 'Development only' }, other);
    expect(await total('courses', other)).toBe(1);
    expect(await total('courses')).toBe(before);
  });

  it('still counts the matching rows when a filter is set', async () => {
    await createCourse(t, { title: 'Published', published: true });
    const all = await total('courses');
    const published = await t.request({ url: '/api/v1/courses?published=true' });
    const unpublished = await t.request({ url: '/api/v1/courses?published=false' });
    expect(published.body.pagination.total).toBe(published.body.data.length);
    expect(published.body.pagination.total + unpublished.body.pagination.total).toBe(all);
  });
});
