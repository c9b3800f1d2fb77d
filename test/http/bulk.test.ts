import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('bulk creation [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const bulk = (url: string, records: unknown, key?: string) => t.request({ method: 'POST', url, body: { records }, ...(key ? { key } : {}) });
  const students = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com`, name: `${prefix} ${i}` }));

  it('creates 100 students in one request: 201 with one result per record, in order', async () => {
    const response = await bulk('/api/v1/students/bulk', students(100, 'hundred'));
    expect(response.status, show(response)).toBe(201);
    expect(response.body.data).toHaveLength(100);
    response.body.data.forEach((result: { index: number; status: string; data: { email: string } }, i: number) => {
      expect(result).toMatchObject({ index: i, status: 'created', data: { email: `hundred${i}@example.com` } });
    });
    const list = await t.request({ url: '/api/v1/students?per_page=1' });
    expect(list.body.pagination.total).toBe(100);
  });

  it('refuses an empty body, 101 records, or records that are not a list, creating nothing', async () => {
    for (const records of [[], students(101, 'toomany'), 'nope']) {
      const response = await bulk('/api/v1/students/bulk', records);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
    expect((await t.request({ url: '/api/v1/students?email=toomany0@example.com' })).body.data).toEqual([]);
  });

  it('fails records alone: invalid ones, duplicates within the body and emails already taken → 207', async () => {
    const taken = (await t.request({ method: 'POST', url: '/api/v1/students', body: { email: 'taken@example.com', name: 'Taken' } })).body.data;
    const response = await bulk('/api/v1/students/bulk', [
      { email: 'ok1@example.com', name: 'Ok 1' },
      { email: 'not-an-email', name: 'Bad' },
      { email: 'OK1@example.com', name: 'Same as the first' },
      { email: 'TAKEN@example.com', name: 'Already there' },
      { email: 'ok2@example.com', name: 'Ok 2', role: 'admin' },
      { email: 'ok3@example.com', name: 'Ok 3' },
    ]);
    expect(response.status, show(response)).toBe(207);
    const [r0, r1, r2, r3, r4, r5] = response.body.data;
    expect(r0).toMatchObject({ index: 0, status: 'created' });
    expect(r1).toMatchObject({ index: 1, status: 'error', error: { code: 'validation_error' } });
    expect(r2).toMatchObject({ index: 2, status: 'error', error: { code: 'student_exists', details: { student_id: r0.data.id, field: 'email' } } });
    expect(r3).toMatchObject({ index: 3, status: 'error', error: { code: 'student_exists', details: { student_id: taken.id } } });
    expect(r4).toMatchObject({ index: 4, status: 'error', error: { code: 'validation_error' } });
    expect(r5).toMatchObject({ index: 5, status: 'created' });
    for (const email of ['ok1@example.com', 'ok3@example.com']) {
      expect((await t.request({ url: `/api/v1/students?email=${email}` })).body.data).toHaveLength(1);
    }
    expect((await t.request({ url: '/api/v1/students?email=ok2@example.com' })).body.data).toEqual([]);
  });

  it('bulk-enrolls 100 students with an exact enrollment_count', async () => {
    const course = await createCourse(t, { published: true });
    const ids = (await bulk('/api/v1/students/bulk', students(100, 'learner'))).body.data.map((r: { data: { id: string } }) => r.data.id);
    const response = await bulk('/api/v1/enrollments/bulk', ids.map((id: string) => ({ student_id: id, course_id: course.id })));
    expect(response.status, show(response)).toBe(201);
    expect(response.body.data.every((r: { status: string; data: { status: string; course_id: string } }) => r.status === 'created' && r.data.status === 'active' && r.data.course_id === course.id)).toBe(true);
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.enrollment_count).toBe(100);
  });

  it('fails enrollment records alone: unknown or foreign ids, unpublished course, duplicates; reactivates cancelled', async () => {
    const [course, draft] = [await createCourse(t, { published: true }), await createCourse(t)];
    const other = await t.newKey();
    const foreignCourse = await createCourse(t, { published: true }, other.key);
    const made = (await bulk('/api/v1/students/bulk', students(3, 'mixed'))).body.data.map((r: { data: { id: string } }) => r.data.id);
    const [a, b, c] = made as [string, string, string];
    await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: b, course_id: course.id } });
    const cancelled = (await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: c, course_id: course.id } })).body.data;
    await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${cancelled.id}` });
    const response = await bulk('/api/v1/enrollments/bulk', [
      { student_id: a, course_id: course.id },
      { student_id: 'stu_00000000000000000000000000', course_id: course.id },
      { student_id: a, course_id: foreignCourse.id },
      { student_id: a, course_id: draft.id },
      { student_id: a, course_id: course.id },
      { student_id: b, course_id: course.id },
      { student_id: c, course_id: course.id },
      { student_id: a },
    ]);
    expect(response.status, show(response)).toBe(207);
    const codes = response.body.data.map((r: { status: string; error?: { code: string } }) => r.error?.code ?? r.status);
    expect(codes).toEqual(['created', 'resource_not_found', 'resource_not_found', 'course_not_published', 'already_enrolled', 'already_enrolled', 'created', 'validation_error']);
    expect(response.body.data[6].data).toMatchObject({ id: cancelled.id, status: 'active' });
    expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.enrollment_count).toBe(3);
    expect((await t.request({ url: `/api/v1/courses/${draft.id}` })).body.data.enrollment_count).toBe(0);
  });

  it('replays a bulk request with its Idempotency-Key instead of creating twice', async () => {
    const body = { records: students(2, 'idem') };
    const first = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body, headers: { 'idempotency-key': 'bulk-1' } });
    const again = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body, headers: { 'idempotency-key': 'bulk-1' } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await t.request({ url: '/api/v1/students?email=idem0@example.com' })).body.data).toHaveLength(1);
  });
});
