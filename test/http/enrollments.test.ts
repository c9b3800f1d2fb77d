import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('enrollments [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  let n = 0;
  async function student(key?: string): Promise<string> {
    n++;
    const response = await t.request({ method: 'POST', url: '/api/v1/students', body: { email: `s${n}@example.com`, name: `Student ${n}` }, ...(key ? { key } : {}) });
    if (response.status !== 201) throw new Error(show(response));
    return response.body.data.id;
  }
  const enroll = (student_id: string, course_id: string, key?: string) =>
    t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id, course_id }, ...(key ? { key } : {}) });
  const countOf = async (courseId: string) => (await t.request({ url: `/api/v1/courses/${courseId}` })).body.data.enrollment_count as number;

  it('enrolls a student in a published course and counts it', async () => {
    const course = await createCourse(t, { published: true });
    const s = await student();
    const response = await enroll(s, course.id);
    expect(response.status, show(response)).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.stringMatching(/^enr_/),
      student_id: s,
      course_id: course.id,
      status: 'active',
      progress_percent: 0,
      score: null,
      enrolled_at: expect.any(String),
      completed_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await countOf(course.id)).toBe(1);
    expect((await t.request({ url: `/api/v1/enrollments/${response.body.data.id}` })).body.data).toEqual(response.body.data);
  });

  it('answers 409 already_enrolled with the enrollment id, and 409 course_not_published', async () => {
    const course = await createCourse(t, { published: true });
    const s = await student();
    const first = await enroll(s, course.id);
    const again = await enroll(s, course.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'already_enrolled', details: { enrollment_id: first.body.data.id } });
    const draft = await createCourse(t);
    const refused = await enroll(s, draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('course_not_published');
    expect(await countOf(course.id)).toBe(1);
    expect(await countOf(draft.id)).toBe(0);
  });

  it('cancels with DELETE (history kept), is idempotent, and reactivates on a new enrollment', async () => {
    const course = await createCourse(t, { published: true });
    const s = await student();
    const enrollment = (await enroll(s, course.id)).body.data;
    const cancelled = await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${enrollment.id}` });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id: enrollment.id, status: 'cancelled' });
    expect(await countOf(course.id)).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${enrollment.id}` })).body.data.status).toBe('cancelled');
    expect(await countOf(course.id)).toBe(0);
    t.clock.advance(60_000);
    const back = await enroll(s, course.id);
    expect(back.status, show(back)).toBe(201);
    expect(back.body.data).toMatchObject({ id: enrollment.id, status: 'active', created_at: enrollment.created_at });
    expect(back.body.data.enrolled_at).not.toBe(enrollment.enrolled_at);
    expect(await countOf(course.id)).toBe(1);
  });

  it('lists with student, course and status filters', async () => {
    const course = await createCourse(t, { published: true });
    const [a, b, c] = [await student(), await student(), await student()];
    for (const s of [a, b, c]) await enroll(s, course.id);
    const toCancel = (await t.request({ url: `/api/v1/enrollments?course_id=${course.id}&student_id=${c}` })).body.data[0].id;
    await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${toCancel}` });
    const all = await t.request({ url: `/api/v1/enrollments?course_id=${course.id}` });
    expect(all.body.pagination.total).toBe(3);
    const active = await t.request({ url: `/api/v1/enrollments?course_id=${course.id}&status=active` });
    expect(active.body.data.map((e: { student_id: string }) => e.student_id).sort()).toEqual([a, b].sort());
    const bad = await t.request({ url: '/api/v1/enrollments?status=paused' });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for another workspace\'s student, course or enrollment, writing nothing', async () => {
    const other = await t.newKey();
    const foreignStudent = await student(other.key);
    const foreignCourse = await createCourse(t, { published: true }, other.key);
    const mine = await createCourse(t, { published: true });
    const s = await student();
    const byStudent = await enroll(foreignStudent, mine.id);
    expect(byStudent.status).toBe(404);
    expect(byStudent.body.error.message).toBe(`Student ${foreignStudent} not found`);
    const byCourse = await enroll(s, foreignCourse.id);
    expect(byCourse.status).toBe(404);
    expect(byCourse.body.error.message).toBe(`Course ${foreignCourse.id} not found`);
    expect(await countOf(mine.id)).toBe(0);
    const enrollment = (await enroll(s, mine.id)).body.data;
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.request({ method, url: `/api/v1/enrollments/${enrollment.id}`, key: other.key });
      expect(response.status).toBe(404);
    }
    expect(await countOf(mine.id)).toBe(1);
    expect((await t.request({ url: '/api/v1/enrollments', key: other.key })).body.data).toEqual([]);
  });

  it('validates the body and requires the enrollments scopes', async () => {
    for (const body of [{}, { student_id: 'stu_x' }, { student_id: 'stu_x', course_id: 'crs_y', status: 'active' }, { student_id: 1, course_id: 2 }]) {
      const response = await t.request({ method: 'POST', url: '/api/v1/enrollments', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['enrollments:read'] });
    const write = await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: 'stu_x', course_id: 'crs_y' }, key: reader.key });
    expect(write.body.error.details.required_scope).toBe('enrollments:write');
  });

  it('deletes a course with enrollments only with force=true, taking its enrollments along', async () => {
    const course = await createCourse(t, { published: true });
    const s = await student();
    const enrollment = (await enroll(s, course.id)).body.data;
    expect((await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}` })).status).toBe(409);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/courses/${course.id}?force=true` })).status).toBe(200);
    expect((await t.request({ url: `/api/v1/enrollments/${enrollment.id}` })).status).toBe(404);
  });

  it('erases a student with their enrollments and lowers every course count', async () => {
    const [c1, c2] = [await createCourse(t, { published: true }), await createCourse(t, { published: true })];
    const [gone, stays] = [await student(), await student()];
    for (const c of [c1, c2]) {
      await enroll(gone, c.id);
      await enroll(stays, c.id);
    }
    const cancelledOne = (await t.request({ url: `/api/v1/enrollments?student_id=${gone}&course_id=${c2.id}` })).body.data[0].id;
    await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${cancelledOne}` });
    expect([await countOf(c1.id), await countOf(c2.id)]).toEqual([2, 1]);
    const erased = await t.request({ method: 'DELETE', url: `/api/v1/students/${gone}` });
    expect(erased.status, show(erased)).toBe(200);
    expect([await countOf(c1.id), await countOf(c2.id)]).toEqual([1, 1]);
    expect((await t.request({ url: `/api/v1/enrollments?student_id=${gone}` })).body.data).toEqual([]);
    const left = await t.ctx.db.selectFrom('enrollments').select('id').where('student_id', '=', gone).execute();
    expect(left).toEqual([]);
  });

  it('keeps enrollment_count exact under 50 concurrent enrollments and cancellations', async () => {
    const course = await createCourse(t, { published: true });
    const students = await Promise.all(Array.from({ length: 25 }, () => student()));
    // Half are enrolled up front so that cancellations race with new enrollments.
    const initial = await Promise.all(students.slice(0, 12).map((s) => enroll(s, course.id)));
    const operations = [
      ...students.map((s) => enroll(s, course.id)),
      ...initial.map((e) => t.request({ method: 'DELETE', url: `/api/v1/enrollments/${e.body.data.id}` })),
      ...students.slice(0, 13).map((s) => enroll(s, course.id)),
    ];
    const responses = await Promise.all(operations);
    for (const response of responses) expect([200, 201, 409], show(response)).toContain(response.status);
    const rows = await t.ctx.db.selectFrom('enrollments').select(['status']).where('course_id', '=', course.id).execute();
    const counted = rows.filter((r) => r.status !== 'cancelled').length;
    expect(await countOf(course.id)).toBe(counted);
    expect(rows).toHaveLength(25);
  });
  it('erases a student while their enrollments are being cancelled, without a deadlock, and counts right', async () => {
    // Erasing locks the student's courses to lower their counts; a cancel locks its enrollment and
    // then the course. Both now lock the enrollment first, so the two can never wait on each other.
    const courses = await Promise.all([1, 2, 3].map(() => createCourse(t, { published: true })));
    for (let round = 0; round < 15; round++) {
      const s = await student();
      const enrollments = await Promise.all(courses.map(async (c) => (await enroll(s, c.id)).body.data.id as string));
      const answers = await Promise.all([
        t.request({ method: 'DELETE', url: `/api/v1/students/${s}` }),
        ...enrollments.map((id) => t.request({ method: 'DELETE', url: `/api/v1/enrollments/${id}` })),
      ]);
      for (const answer of answers) expect([200, 404], show(answer)).toContain(answer.status);
    }
    for (const c of courses) expect(await countOf(c.id)).toBe(0);
  });
});
