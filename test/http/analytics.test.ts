import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/**
 * One course with known activity; every figure below is computed by hand in the comments.
 * Lessons (course order): L0 text, L1 quiz (3 questions, passing 60), L2 text — 3 lessons.
 */
describe.each(testDialects())('analytics [%s]', (dialect) => {
  let t: TestApp;
  let courseId: string;
  let L0: string, L1: string, L2: string;
  let q: string[];
  const s: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', string> = { A: '', B: '', C: '', D: '', E: '', F: '' };
  const at = (iso: string) => t.clock.set(Date.parse(iso));

  const post = async (url: string, body?: unknown) => {
    const response = await t.request({ method: 'POST', url, body });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response.body.data;
  };
  const progress = (who: string, lesson: string, status: string, time = 0) =>
    post(`/api/v1/students/${who}/progress`, { lesson_id: lesson, status, time_spent_seconds: time });
  const attempt = (who: string, right: boolean[]) =>
    post(`/api/v1/lessons/${L1}/quiz-attempts`, {
      student_id: who,
      answers: right.map((r, i) => ({ question_id: q[i], answer: r ? 1 : 0 })),
    });

  beforeAll(async () => {
    t = await setupApp(dialect);
    at('2026-10-30T09:00:00.000Z');
    courseId = (await post('/api/v1/courses', { title: 'Statistics' })).id;
    const m0 = (await post(`/api/v1/courses/${courseId}/modules`, { title: 'One' })).id;
    const m1 = (await post(`/api/v1/courses/${courseId}/modules`, { title: 'Two' })).id;
    L0 = (await post(`/api/v1/modules/${m0}/lessons`, { title: 'Mean', type: 'text' })).id;
    const choice = { kind: 'single_choice', choices: ['no', 'yes'], answer: 1 };
    const quiz = await post(`/api/v1/modules/${m0}/lessons`, {
      title: 'Check',
      type: 'quiz',
      quiz: { passing_score: 60, questions: [{ prompt: 'a', ...choice }, { prompt: 'b', ...choice }, { prompt: 'c', ...choice }] },
    });
    L1 = quiz.id;
    q = quiz.quiz.questions.map((x: { id: string }) => x.id);
    L2 = (await post(`/api/v1/modules/${m1}/lessons`, { title: 'Median', type: 'text' })).id;
    await post(`/api/v1/courses/${courseId}/publish`);
    for (const name of Object.keys(s) as (keyof typeof s)[]) s[name] = (await post('/api/v1/students', { email: `${name}@example.com`, name })).id;
    const enroll = (who: string) => post('/api/v1/enrollments', { student_id: who, course_id: courseId });

    at('2026-11-01T10:00:00.000Z');
    await enroll(s.A);
    await enroll(s.B);
    await enroll(s.C);
    at('2026-11-01T12:00:00.000Z');
    await progress(s.A, L0, 'completed', 600);
    at('2026-11-01T13:00:00.000Z');
    await attempt(s.A, [true, true, true]); // 100, passed
    at('2026-11-01T14:00:00.000Z');
    await progress(s.A, L2, 'completed', 300); // A completes the course: 4 h after enrolling
    at('2026-11-02T10:00:00.000Z');
    await enroll(s.D);
    await enroll(s.E);
    at('2026-11-02T11:00:00.000Z');
    await progress(s.B, L0, 'started', 120);
    at('2026-11-02T12:00:00.000Z');
    await attempt(s.B, [true, false, true]); // 2 of 3 = 67, passed
    at('2026-11-03T10:00:00.000Z');
    await enroll(s.F);
    at('2026-11-05T10:00:00.000Z');
    await progress(s.C, L0, 'completed', 200);
    at('2026-11-05T10:30:00.000Z');
    await attempt(s.C, [false, false, false]); // 0, failed
    at('2026-11-05T11:00:00.000Z');
    await attempt(s.C, [true, true, true]); // 100, passed
    at('2026-11-05T16:00:00.000Z');
    await progress(s.C, L2, 'completed', 100); // C completes: 4 days 6 h after enrolling
    at('2026-11-06T10:00:00.000Z');
    await progress(s.D, L2, 'started', 50);
    at('2026-11-06T11:00:00.000Z');
    expect((await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${(await t.request({ url: `/api/v1/enrollments?student_id=${s.E}` })).body.data[0].id}` })).status).toBe(200);
    at('2026-11-20T10:00:00.000Z');
    await progress(s.F, L0, 'completed', 400);
    at('2026-11-21T12:00:00.000Z'); // now
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.request({ url });
    expect(response.status, show(response)).toBe(200);
    return response.body.data;
  };

  // The whole history, as of now (2026-11-21T12:00Z).
  const wholeCourse = () => ({
    course_id: courseId,
    from: null,
    to: '2026-11-21T12:00:00.000Z',
    // A, B, C, D, E, F enrolled; A and C completed; E cancelled; B, D, F active.
    enrollments: { total: 6, active: 3, completed: 2, cancelled: 1 },
    // Latest activity: A 11-01, B 11-02, C 11-05, D 11-06, F 11-20, E none.
    // 7 days back from now: [11-14T12:00, now) → F. 30 days: [10-22T12:00, now) → A, B, C, D, F.
    active_students: { last_7_days: 1, last_30_days: 5 },
    completion_rate: 0.4, // 2 completed ÷ (3 active + 2 completed)
    // progress_percent of A, B, C, D, F: 3/3 → 100, 1/3 → 33 (the quiz), 100, 0, 1/3 → 33; E cancelled.
    average_progress_percent: (100 + 33 + 100 + 0 + 33) / 5, // 53.2
    // A: 14:00 − 10:00 = 14,400 s; C: 11-05T16:00 − 11-01T10:00 = 4 d 6 h = 367,200 s; median of two = their mean.
    median_time_to_complete_seconds: (14_400 + 367_200) / 2,
    lessons: [
      // L0: progress by A, B (started), C, F; completed by A, C, F.
      { lesson_id: L0, title: 'Mean', started: 4, completed: 3 },
      // L1: attempts record activity: A, B, C; all three passed once.
      { lesson_id: L1, title: 'Check', started: 3, completed: 3 },
      // L2: A, C completed; D started.
      { lesson_id: L2, title: 'Median', started: 3, completed: 2 },
    ],
    enrollments_per_day: [
      { date: '2026-11-01', enrollments: 3 },
      { date: '2026-11-02', enrollments: 2 },
      { date: '2026-11-03', enrollments: 1 },
    ],
  });

  it('computes every course figure over the whole history', async () => {
    expect(await get(`/api/v1/courses/${courseId}/analytics`)).toMatchObject(wholeCourse());
  });

  it('computes the same figures from raw rows for a period spanning everything', async () => {
    const data = await get(`/api/v1/courses/${courseId}/analytics?from=2026-01-01T00:00:00Z&to=2026-11-21T12:00:00Z`);
    expect(data).toMatchObject({ ...wholeCourse(), from: '2026-01-01T00:00:00.000Z' });
  });

  it('restricts course figures to a period', async () => {
    const data = await get(`/api/v1/courses/${courseId}/analytics?from=2026-11-02T00:00:00.000Z&to=2026-11-04T00:00:00.000Z`);
    expect(data).toMatchObject({
      from: '2026-11-02T00:00:00.000Z',
      to: '2026-11-04T00:00:00.000Z',
      // Enrolled in the period: D, E (11-02), F (11-03); E cancelled.
      enrollments: { total: 3, active: 2, completed: 0, cancelled: 1 },
      // Any activity in [10-28, 11-04) and [10-05, 11-04): A (11-01), B (11-02).
      active_students: { last_7_days: 2, last_30_days: 2 },
      completion_rate: 0, // 0 ÷ (2 + 0)
      average_progress_percent: (0 + 33) / 2, // D 0, F 33 → 16.5
      median_time_to_complete_seconds: null, // none of them completed
      lessons: [
        { lesson_id: L0, started: 1, completed: 0 }, // B started L0 on 11-02
        { lesson_id: L1, started: 1, completed: 1 }, // B passed the quiz on 11-02
        { lesson_id: L2, started: 0, completed: 0 },
      ],
      enrollments_per_day: [
        { date: '2026-11-02', enrollments: 2 },
        { date: '2026-11-03', enrollments: 1 },
      ],
    });
  });

  it('computes student figures', async () => {
    expect(await get(`/api/v1/students/${s.C}/analytics`)).toMatchObject({
      student_id: s.C,
      from: null,
      courses_enrolled: 1,
      courses_completed: 1,
      average_progress_percent: 100,
      time_spent_seconds: 200 + 100, // L0 and L2; attempts add no time
      quiz_attempts: 2,
      quiz_average_score: (0 + 100) / 2,
      last_active_at: '2026-11-05T16:00:00.000Z',
    });
    expect(await get(`/api/v1/students/${s.B}/analytics`)).toMatchObject({
      courses_enrolled: 1,
      courses_completed: 0,
      average_progress_percent: 33,
      time_spent_seconds: 120,
      quiz_attempts: 1,
      quiz_average_score: 67,
      last_active_at: '2026-11-02T12:00:00.000Z',
    });
    // E's only enrollment is cancelled; no activity at all.
    expect(await get(`/api/v1/students/${s.E}/analytics`)).toMatchObject({
      courses_enrolled: 0,
      courses_completed: 0,
      average_progress_percent: null,
      time_spent_seconds: 0,
      quiz_attempts: 0,
      quiz_average_score: null,
      last_active_at: null,
    });
    // [10:45, 12:00) on 11-05: C's quiz lesson (last activity 11:00, 0 s) and the 11:00 attempt.
    expect(await get(`/api/v1/students/${s.C}/analytics?from=2026-11-05T10:45:00Z&to=2026-11-05T12:00:00Z`)).toMatchObject({
      courses_enrolled: 0, // enrolled 11-01
      average_progress_percent: null,
      time_spent_seconds: 0,
      quiz_attempts: 1,
      quiz_average_score: 100,
      last_active_at: '2026-11-05T11:00:00.000Z',
    });
  });

  it('computes quiz results: attempts, students, average, median, pass rate, per question', async () => {
    // Attempts: A 100 (✓✓✓), B 67 (✓✗✓), C 0 (✗✗✗), C 100 (✓✓✓).
    const whole = {
      lesson_id: L1,
      course_id: courseId,
      title: 'Check',
      attempts: 4,
      unique_students: 3,
      average_score: (100 + 67 + 0 + 100) / 4, // 66.75
      median_score: (67 + 100) / 2, // sorted 0, 67, 100, 100
      pass_rate: 0.75, // 3 of 4 ≥ 60
      questions: [
        { question_id: q[0], attempts: 4, correct_rate: 0.75 },
        { question_id: q[1], attempts: 4, correct_rate: 0.5 },
        { question_id: q[2], attempts: 4, correct_rate: 0.75 },
      ],
    };
    expect((await get(`/api/v1/analytics/quiz-results?course_id=${courseId}`)).quizzes).toEqual([whole]);
    expect((await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}`)).quizzes).toEqual([whole]);
    expect((await get('/api/v1/analytics/quiz-results')).quizzes).toEqual([whole]);
    // Only C's attempts: 0 and 100.
    expect((await get(`/api/v1/analytics/quiz-results?student_id=${s.C}`)).quizzes).toEqual([
      {
        ...whole,
        attempts: 2,
        unique_students: 1,
        average_score: 50,
        median_score: 50,
        pass_rate: 0.5,
        questions: q.map((id) => ({ question_id: id, attempts: 2, correct_rate: 0.5 })),
      },
    ]);
    // From 11-02: B 67, C 0, C 100.
    expect((await get(`/api/v1/analytics/quiz-results?course_id=${courseId}&from=2026-11-02T00:00:00Z&to=2026-11-06T00:00:00Z`)).quizzes).toEqual([
      {
        ...whole,
        attempts: 3,
        unique_students: 2,
        average_score: 55.67, // 167 ÷ 3
        median_score: 67,
        pass_rate: 0.6667, // 2 ÷ 3
        questions: [
          { question_id: q[0], attempts: 3, correct_rate: 0.6667 },
          { question_id: q[1], attempts: 3, correct_rate: 0.3333 },
          { question_id: q[2], attempts: 3, correct_rate: 0.6667 },
        ],
      },
    ]);
  });

  it('rebuilds stale rollups to the same figures, and keeps them exact after an erasure', async () => {
    await t.ctx.db.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
    expect(await get(`/api/v1/courses/${courseId}/analytics`)).toMatchObject(wholeCourse());
    // Erasing D: 5 enrollments left (2 active, 2 completed, 1 cancelled); D's L2 activity goes.
    expect((await t.request({ method: 'DELETE', url: `/api/v1/students/${s.D}` })).status).toBe(200);
    const data = await get(`/api/v1/courses/${courseId}/analytics`);
    expect(data).toMatchObject({
      enrollments: { total: 5, active: 2, completed: 2, cancelled: 1 },
      active_students: { last_7_days: 1, last_30_days: 4 },
      completion_rate: 0.5, // 2 ÷ (2 + 2)
      average_progress_percent: (100 + 33 + 100 + 33) / 4, // 66.5
      enrollments_per_day: [
        { date: '2026-11-01', enrollments: 3 },
        { date: '2026-11-02', enrollments: 1 },
        { date: '2026-11-03', enrollments: 1 },
      ],
    });
    expect(data.lessons[2]).toMatchObject({ started: 2, completed: 2 });
    // Incremental changes after the rebuild: E enrolls again today (reactivated), F finishes L2 and the quiz.
    expect((await t.request({ method: 'POST', url: '/api/v1/enrollments', body: { student_id: s.E, course_id: courseId } })).status).toBe(201);
    await progress(s.F, L2, 'completed', 10);
    t.clock.advance(60_000);
    await attempt(s.F, [true, true, false]); // 67, passed: F completes the course
    const after = await get(`/api/v1/courses/${courseId}/analytics`);
    expect(after).toMatchObject({
      enrollments: { total: 5, active: 2, completed: 3, cancelled: 0 }, // B, E active; A, C, F completed
      completion_rate: 0.6, // 3 ÷ 5
      average_progress_percent: (100 + 33 + 100 + 0 + 100) / 5, // A, B, C, E (0), F → 66.6
      enrollments_per_day: [
        { date: '2026-11-01', enrollments: 3 },
        { date: '2026-11-03', enrollments: 1 },
        { date: '2026-11-21', enrollments: 1 }, // E's enrolled_at moved to today
      ],
    });
    // The rollups equal a rebuild from raw rows.
    await t.ctx.db.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
    expect(await get(`/api/v1/courses/${courseId}/analytics`)).toEqual(after);
    const quizzes = await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}`);
    await t.ctx.db.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
    expect(await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}`)).toEqual(quizzes);
  });

  it('needs analytics:read, hides other workspaces (404) and refuses bad periods and filters', async () => {
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['courses:read', 'enrollments:read'] });
    for (const url of [`/api/v1/courses/${courseId}/analytics`, `/api/v1/students/${s.A}/analytics`, '/api/v1/analytics/quiz-results']) {
      const denied = await t.request({ url, key: reader.key });
      expect(denied.status, show(denied)).toBe(403);
      expect(denied.body.error.details.required_scope).toBe('analytics:read');
    }
    const analyst = await t.newKey({ accountId: t.accountId, scopes: ['analytics:read'] });
    expect((await t.request({ url: `/api/v1/courses/${courseId}/analytics`, key: analyst.key })).status).toBe(200);

    const other = await t.newKey();
    for (const url of [
      `/api/v1/courses/${courseId}/analytics`,
      `/api/v1/students/${s.A}/analytics`,
      `/api/v1/analytics/quiz-results?course_id=${courseId}`,
      `/api/v1/analytics/quiz-results?lesson_id=${L1}`,
      `/api/v1/analytics/quiz-results?student_id=${s.A}`,
    ]) {
      const hidden = await t.request({ url, key: other.key });
      expect(hidden.status, `${url}: ${show(hidden)}`).toBe(404);
      expect(hidden.body.error.code).toBe('resource_not_found');
    }
    expect((await t.request({ url: '/api/v1/analytics/quiz-results', key: other.key })).body.data.quizzes).toEqual([]);
    expect((await t.request({ url: '/api/v1/courses/crs_missing/analytics' })).status).toBe(404);
    expect((await t.request({ url: `/api/v1/analytics/quiz-results?lesson_id=${L0}` })).status).toBe(400);

    const backwards = await t.request({ url: `/api/v1/courses/${courseId}/analytics?from=2026-11-05T00:00:00Z&to=2026-11-01T00:00:00Z` });
    expect(backwards.status, show(backwards)).toBe(400);
    expect(backwards.body.error.code).toBe('invalid_parameter');
    expect((await t.request({ url: `/api/v1/students/${s.A}/analytics?from=yesterday` })).status).toBe(400);
    expect((await t.request({ url: `/api/v1/analytics/quiz-results?foo=1` })).status).toBe(400);
  });
});
