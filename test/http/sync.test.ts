import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * `updated_since` sync sees every change of what GET returns for an object (docs/api.md,
 * Pagination): each test moves the clock, makes one kind of change, then syncs from that instant.
 */
describe.each(testDialects())('updated_since sees every change [%s]', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  async function post(url: string, body?: unknown) {
    const response = await t.request({ method: 'POST', url, ...(body !== undefined ? { body } : {}) });
    if (response.status !== 201 && response.status !== 200) throw new Error(`POST ${url}: ${show(response)}`);
    return response.body.data;
  }

  async function get(url: string) {
    const response = await t.request({ url });
    if (response.status !== 200) throw new Error(`GET ${url}: ${show(response)}`);
    return response;
  }

  /** Moves the clock one second on and answers that instant: the start of the next sync. */
  function tick(): string {
    t.clock.advance(1000);
    return new Date(t.clock.now()).toISOString();
  }

  /** Ids a sync of `list` from `since` answers, walking every page in cursor mode. */
  async function synced(list: string, since: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor = '';
    for (;;) {
      const sep = list.includes('?') ? '&' : '?';
      const page = await get(`${list}${sep}updated_since=${encodeURIComponent(since)}&per_page=100&cursor=${encodeURIComponent(cursor)}`);
      ids.push(...page.body.data.map((item: { id: string }) => item.id));
      if (!page.body.pagination.has_more) return ids;
      cursor = page.body.pagination.next_cursor;
    }
  }

  /** A published course of one module with `lessons` text lessons and a quiz lesson at the end. */
  async function course(lessons = 2) {
    const courseId = (await post('/api/v1/courses', { title: 'Sync course', published: true })).id as string;
    const moduleId = (await post(`/api/v1/courses/${courseId}/modules`, { title: 'Module' })).id as string;
    const lessonIds: string[] = [];
    for (let i = 0; i < lessons; i++) lessonIds.push((await post(`/api/v1/modules/${moduleId}/lessons`, { title: `Lesson ${i}`, type: 'text' })).id);
    const quiz = await post(`/api/v1/modules/${moduleId}/lessons`, {
      title: 'Quiz',
      type: 'quiz',
      quiz: { passing_score: 100, questions: [{ prompt: '1 + 1', kind: 'single_choice', choices: ['1', '2'], answer: 1 }] },
    });
    return { courseId, moduleId, lessonIds, quizId: quiz.id as string, questionId: quiz.quiz.questions[0].id as string };
  }

  let studentCount = 0;
  async function student(): Promise<string> {
    studentCount += 1;
    return (await post('/api/v1/students', { email: `sync${studentCount}@example.com`, name: `Sync ${studentCount}` })).id;
  }

  async function enroll(studentId: string, courseId: string): Promise<string> {
    return (await post('/api/v1/enrollments', { student_id: studentId, course_id: courseId })).id;
  }

  /** The enrollment as GET answers it, with its ETag. */
  async function enrollment(id: string) {
    const response = await get(`/api/v1/enrollments/${id}`);
    return { ...response.body.data, etag: response.headers.etag as string };
  }

  /** Runs `change` after a tick; the enrollment must come back in the sync, with a new updated_at and ETag. */
  async function expectEnrollmentSynced(enrollmentId: string, change: () => Promise<unknown>, others: string[] = []) {
    const before = await enrollment(enrollmentId);
    const since = tick();
    await change();
    const ids = await synced('/api/v1/enrollments', since);
    expect(ids).toContain(enrollmentId);
    for (const other of others) expect(ids, `${other} did not change`).not.toContain(other);
    const after = await enrollment(enrollmentId);
    expect(after.updated_at).toBe(since);
    expect(after.etag).not.toBe(before.etag);
    return after;
  }

  describe('enrollments', () => {
    it('a lesson started', async () => {
      const c = await course();
      const [s, bystander] = [await student(), await student()];
      const [e, other] = [await enroll(s, c.courseId), await enroll(bystander, c.courseId)];
      await expectEnrollmentSynced(e, () => post(`/api/v1/students/${s}/progress`, { lesson_id: c.lessonIds[0], status: 'started', time_spent_seconds: 30 }), [other]);
      // More time on the same lesson is a change of the enrollment's progress too.
      await expectEnrollmentSynced(e, () => post(`/api/v1/students/${s}/progress`, { lesson_id: c.lessonIds[0], status: 'started', time_spent_seconds: 30 }), [other]);
    });

    it('a lesson completed (progress_percent moves)', async () => {
      const c = await course();
      const s = await student();
      const e = await enroll(s, c.courseId);
      const after = await expectEnrollmentSynced(e, () => post(`/api/v1/students/${s}/progress`, { lesson_id: c.lessonIds[0], status: 'completed' }));
      expect(after.progress_percent).toBe(33);
    });

    it('a quiz attempt passed, and one failed', async () => {
      const c = await course();
      const s = await student();
      const e = await enroll(s, c.courseId);
      const attempt = (answer: number) => post(`/api/v1/lessons/${c.quizId}/quiz-attempts`, { student_id: s, answers: [{ question_id: c.questionId, answer }] });
      await expectEnrollmentSynced(e, () => attempt(0));
      const after = await expectEnrollmentSynced(e, () => attempt(1));
      expect(after.progress_percent).toBe(33);
    });

    it('the enrollment completed by its last lesson', async () => {
      const c = await course(1);
      const s = await student();
      const e = await enroll(s, c.courseId);
      await post(`/api/v1/students/${s}/progress`, { lesson_id: c.lessonIds[0], status: 'completed' });
      const after = await expectEnrollmentSynced(e, () =>
        post(`/api/v1/lessons/${c.quizId}/quiz-attempts`, { student_id: s, answers: [{ question_id: c.questionId, answer: 1 }] }),
      );
      expect(after).toMatchObject({ status: 'completed', progress_percent: 100, completed_at: after.updated_at });
    });

    it('cancelled, then reactivated', async () => {
      const c = await course();
      const s = await student();
      const e = await enroll(s, c.courseId);
      const cancelled = await expectEnrollmentSynced(e, () => t.request({ method: 'DELETE', url: `/api/v1/enrollments/${e}` }));
      expect(cancelled.status).toBe('cancelled');
      const reactivated = await expectEnrollmentSynced(e, () => enroll(s, c.courseId));
      expect(reactivated.status).toBe('active');
    });

    it('a lesson added to or deleted from the course changes progress_percent of those with completed lessons', async () => {
      const c = await course();
      const [s, idle] = [await student(), await student()];
      const [e, untouched] = [await enroll(s, c.courseId), await enroll(idle, c.courseId)];
      await post(`/api/v1/students/${s}/progress`, { lesson_id: c.lessonIds[0], status: 'completed' });
      // The idle student's progress stays 0 % whatever the number of lessons: not a change.
      const added = await expectEnrollmentSynced(e, () => post(`/api/v1/modules/${c.moduleId}/lessons`, { title: 'Extra', type: 'text' }), [untouched]);
      expect(added.progress_percent).toBe(25);
      const deleted = await expectEnrollmentSynced(e, () => t.request({ method: 'DELETE', url: `/api/v1/lessons/${c.lessonIds[1]}` }), [untouched]);
      expect(deleted.progress_percent).toBe(33);
      // Deleting the only lesson the student completed takes progress back to 0.
      const gone = await expectEnrollmentSynced(e, () => t.request({ method: 'DELETE', url: `/api/v1/lessons/${c.lessonIds[0]}` }), [untouched]);
      expect(gone.progress_percent).toBe(0);
    });

    it('a module deleted with its lessons', async () => {
      const c = await course();
      const extra = (await post(`/api/v1/courses/${c.courseId}/modules`, { title: 'Extra module' })).id;
      await post(`/api/v1/modules/${extra}/lessons`, { title: 'Extra lesson', type: 'text' });
      const s = await student();
      const e = await enroll(s, c.courseId);
      await post(`/api/v1/students/${s}/progress`, { lesson_id: c.lessonIds[0], status: 'completed' });
      expect((await enrollment(e)).progress_percent).toBe(25);
      const after = await expectEnrollmentSynced(e, () => t.request({ method: 'DELETE', url: `/api/v1/modules/${extra}` }));
      expect(after.progress_percent).toBe(33);
    });
  });

  describe('courses: enrollment_count', () => {
    async function expectCourseSynced(courseId: string, change: () => Promise<unknown>, count: number) {
      const before = await get(`/api/v1/courses/${courseId}`);
      const since = tick();
      await change();
      expect(await synced('/api/v1/courses', since)).toContain(courseId);
      const after = await get(`/api/v1/courses/${courseId}`);
      expect(after.body.data).toMatchObject({ enrollment_count: count, updated_at: since });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }

    it('moves with an enrollment, a cancellation, a reactivation, a bulk enrollment and an erased student', async () => {
      const c = await course();
      const [s1, s2, s3] = [await student(), await student(), await student()];
      let e1 = '';
      await expectCourseSynced(c.courseId, async () => (e1 = await enroll(s1, c.courseId)), 1);
      await expectCourseSynced(c.courseId, () => t.request({ method: 'DELETE', url: `/api/v1/enrollments/${e1}` }), 0);
      await expectCourseSynced(c.courseId, () => enroll(s1, c.courseId), 1);
      await expectCourseSynced(
        c.courseId,
        () => post('/api/v1/enrollments/bulk', { records: [s2, s3].map((s) => ({ student_id: s, course_id: c.courseId })) }),
        3,
      );
      await expectCourseSynced(c.courseId, () => t.request({ method: 'DELETE', url: `/api/v1/students/${s3}` }), 2);
    });

    it('a course nobody enrolled in is not in the sync', async () => {
      const [busy, quiet] = [await course(), await course()];
      const s = await student();
      const since = tick();
      await enroll(s, busy.courseId);
      const ids = await synced('/api/v1/courses', since);
      expect(ids).toContain(busy.courseId);
      expect(ids).not.toContain(quiet.courseId);
    });
  });

  describe('modules and lessons: positions', () => {
    it('modules that shift when a sibling is inserted, moved or deleted', async () => {
      const c = await course();
      const second = (await post(`/api/v1/courses/${c.courseId}/modules`, { title: 'Second' })).id;
      const modules = `/api/v1/courses/${c.courseId}/modules`;
      let since = tick();
      const first = (await post(modules, { title: 'First', position: 0 })).id;
      expect((await synced(modules, since)).sort()).toEqual([c.moduleId, first, second].sort());
      since = tick();
      await t.request({ method: 'PATCH', url: `/api/v1/modules/${second}`, body: { position: 1 } });
      expect((await synced(modules, since)).sort()).toEqual([c.moduleId, second].sort());
      since = tick();
      await t.request({ method: 'DELETE', url: `/api/v1/modules/${first}` });
      expect((await synced(modules, since)).sort()).toEqual([c.moduleId, second].sort());
      expect(await synced('/api/v1/courses', since)).toContain(c.courseId);
    });

    it('lessons that shift when a sibling is inserted, moved or deleted', async () => {
      const c = await course();
      const lessons = `/api/v1/modules/${c.moduleId}/lessons`;
      const [l0, l1] = c.lessonIds as [string, string];
      let since = tick();
      const head = (await post(lessons, { title: 'Head', type: 'text', position: 0 })).id;
      expect((await synced(lessons, since)).sort()).toEqual([head, l0, l1, c.quizId].sort());
      since = tick();
      await t.request({ method: 'PATCH', url: `/api/v1/lessons/${c.quizId}`, body: { position: 2 } });
      expect((await synced(lessons, since)).sort()).toEqual([l1, c.quizId].sort());
      since = tick();
      await t.request({ method: 'DELETE', url: `/api/v1/lessons/${head}` });
      expect((await synced(lessons, since)).sort()).toEqual([l0, c.quizId, l1].sort());
      expect(await synced('/api/v1/courses', since)).toContain(c.courseId);
    });
  });
});
