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
    // A first read makes the course's rollups live: every write below then updates them (whole
    // history and day rollups) in its own transaction; the stale test further down rebuilds them.
    expect((await t.request({ url: `/api/v1/courses/${courseId}/analytics` })).status).toBe(200);
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

  it('computes the same figures from the day rollups for a period spanning everything', async () => {
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

  const course = (query: string) => get(`/api/v1/courses/${courseId}/analytics?${query}`);
  const quiz = async (query: string) => (await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}&${query}`)).quizzes[0];
  const funnel = (...counts: [number, number][]) => [L0, L1, L2].map((id, i) => ({ lesson_id: id, started: counts[i]![0], completed: counts[i]![1] }));
  const questions = (...rates: [number, number | null][]) => q.map((id, i) => ({ question_id: id, attempts: rates[i]![0], correct_rate: rates[i]![1] }));
  const noEnrollments = { enrollments: { total: 0, active: 0, completed: 0, cancelled: 0 }, completion_rate: null, average_progress_percent: null, median_time_to_complete_seconds: null, enrollments_per_day: [] };

  // A period reads its whole days from the day rollups and its partial edge days from their rows:
  // either the part inside the period, or the whole day minus the part outside, whichever is
  // shorter (test/unit/analytics-days.test.ts checks which). Each case below names what it reads.
  it('computes course figures for periods whose edges cut through days', async () => {
    // 11-01 minus [00:00, 11:00) (A, B, C enrolled at 10:00 come off, with A's and C's completions),
    // 11-02 to 11-04 whole, and [00:00, 10:45) of 11-05.
    expect(await course('from=2026-11-01T11:00:00Z&to=2026-11-05T10:45:00Z')).toMatchObject({
      from: '2026-11-01T11:00:00.000Z',
      to: '2026-11-05T10:45:00.000Z',
      enrollments: { total: 3, active: 2, completed: 0, cancelled: 1 }, // D, E (cancelled), F
      active_students: { last_7_days: 3, last_30_days: 3 }, // A, B, C; D and F not before 11-06
      completion_rate: 0,
      average_progress_percent: 16.5, // D 0, F 33
      median_time_to_complete_seconds: null,
      // L0: A (11-01 12:00), B, C (11-05 10:00) started, A and C completed. L1: A, B, C (10:30) started;
      // A, B completed (C at 11:00, after the period). L2: A.
      lessons: funnel([3, 2], [3, 2], [1, 1]),
      enrollments_per_day: [
        { date: '2026-11-02', enrollments: 2 },
        { date: '2026-11-03', enrollments: 1 },
      ],
    });
    // 11-01 minus [00:00, 09:30) (nothing there), 11-02 to 11-05 whole minus [15:00, 24:00) of 11-05 (C's L2 at 16:00).
    expect(await course('from=2026-11-01T09:30:00Z&to=2026-11-05T15:00:00Z')).toMatchObject({
      enrollments: { total: 6, active: 3, completed: 2, cancelled: 1 },
      active_students: { last_7_days: 3, last_30_days: 3 },
      completion_rate: 0.4,
      average_progress_percent: 53.2,
      median_time_to_complete_seconds: (14_400 + 367_200) / 2, // A and C
      lessons: funnel([3, 2], [3, 3], [1, 1]),
      enrollments_per_day: [
        { date: '2026-11-01', enrollments: 3 },
        { date: '2026-11-02', enrollments: 2 },
        { date: '2026-11-03', enrollments: 1 },
      ],
    });
  });

  it('computes course figures for a period of whole days only', async () => {
    expect(await course('from=2026-11-01T00:00:00Z&to=2026-11-06T00:00:00Z')).toMatchObject({
      enrollments: { total: 6, active: 3, completed: 2, cancelled: 1 },
      active_students: { last_7_days: 3, last_30_days: 3 }, // [10-30, 11-06): A, B, C
      completion_rate: 0.4,
      average_progress_percent: 53.2,
      median_time_to_complete_seconds: (14_400 + 367_200) / 2,
      lessons: funnel([3, 2], [3, 3], [2, 2]), // D's L2 is on 11-06
      enrollments_per_day: [
        { date: '2026-11-01', enrollments: 3 },
        { date: '2026-11-02', enrollments: 2 },
        { date: '2026-11-03', enrollments: 1 },
      ],
    });
  });

  it('computes course figures for a period inside one day', async () => {
    // [09:00, 12:00) of 11-01, read directly: A, B, C enrolled; A's first activity is at 12:00, outside.
    expect(await course('from=2026-11-01T09:00:00Z&to=2026-11-01T12:00:00Z')).toMatchObject({
      enrollments: { total: 3, active: 1, completed: 2, cancelled: 0 },
      active_students: { last_7_days: 0, last_30_days: 0 },
      completion_rate: 0.6667, // 2 ÷ 3
      average_progress_percent: 77.67, // (100 + 33 + 100) ÷ 3
      median_time_to_complete_seconds: (14_400 + 367_200) / 2,
      lessons: funnel([0, 0], [0, 0], [0, 0]),
      enrollments_per_day: [{ date: '2026-11-01', enrollments: 3 }],
    });
    // [10:15, 23:30) of 11-05: the day minus [00:00, 10:15) (C's L0 at 10:00) and [23:30, 24:00).
    expect(await course('from=2026-11-05T10:15:00Z&to=2026-11-05T23:30:00Z')).toMatchObject({
      ...noEnrollments,
      active_students: { last_7_days: 3, last_30_days: 3 },
      lessons: funnel([0, 0], [1, 1], [1, 1]),
    });
    // Ending now: today's rollup as is (no row lies after now). F's L0 on 11-20.
    expect(await course('from=2026-11-20T00:00:00Z')).toMatchObject({
      ...noEnrollments,
      to: '2026-11-21T12:00:00.000Z',
      active_students: { last_7_days: 1, last_30_days: 5 },
      lessons: funnel([1, 1], [0, 0], [0, 0]),
    });
  });

  it('computes quiz results for periods whose edges cut through days', async () => {
    // 11-05 minus [00:00, 10:45) (C's 0 at 10:30), then whole days: C's 100.
    expect(await quiz('from=2026-11-05T10:45:00Z&to=2026-11-21T00:00:00Z')).toMatchObject({
      attempts: 1,
      unique_students: 1,
      average_score: 100,
      median_score: 100,
      pass_rate: 1,
      questions: questions([1, 1], [1, 1], [1, 1]),
    });
    // [12:30, 24:00) of 11-01 (A's 100), 11-02 to 11-04 (B's 67), [00:00, 10:45) of 11-05 (C's 0).
    expect(await quiz('from=2026-11-01T12:30:00Z&to=2026-11-05T10:45:00Z')).toMatchObject({
      attempts: 3,
      unique_students: 3,
      average_score: 55.67,
      median_score: 67,
      pass_rate: 0.6667,
      questions: questions([3, 0.6667], [3, 0.3333], [3, 0.6667]),
    });
    // Inside 11-05: [10:15, 10:45) directly (C's 0); [10:15, 23:30) as the day minus its ends (C's 0 and 100).
    expect(await quiz('from=2026-11-05T10:15:00Z&to=2026-11-05T10:45:00Z')).toMatchObject({
      attempts: 1,
      unique_students: 1,
      average_score: 0,
      median_score: 0,
      pass_rate: 0,
      questions: questions([1, 0], [1, 0], [1, 0]),
    });
    expect(await quiz('from=2026-11-05T10:15:00Z&to=2026-11-05T23:30:00Z')).toMatchObject({
      attempts: 2,
      unique_students: 1,
      average_score: 50,
      median_score: 50,
      pass_rate: 0.5,
      questions: questions([2, 0.5], [2, 0.5], [2, 0.5]),
    });
    // Nothing in the period: zero counts and null figures.
    expect(await quiz('from=2026-11-10T06:00:00Z&to=2026-11-12T18:00:00Z')).toMatchObject({
      attempts: 0,
      unique_students: 0,
      average_score: null,
      median_score: null,
      pass_rate: null,
      questions: questions([0, null], [0, null], [0, null]),
    });
  });

  /** Count columns of each rollup table of a course; a rebuild writes no row whose counts are all 0. */
  const rollupCounts = {
    course_rollups: ['ready'],
    course_enrollment_days: ['active', 'completed', 'cancelled'],
    course_progress_buckets: ['enrollments'],
    course_progress_days: ['enrollments'],
    course_completion_buckets: ['enrollments'],
    course_completion_days: ['enrollments'],
    course_activity_days: ['enrollments'],
    lesson_rollups: ['started', 'completed', 'attempts', 'attempt_students', 'passed', 'score_sum'],
    lesson_days: ['started', 'completed', 'attempts', 'passed', 'score_sum'],
    quiz_score_counts: ['attempts'],
    quiz_score_days: ['attempts'],
    quiz_question_rollups: ['attempts', 'correct'],
    quiz_question_days: ['attempts', 'correct'],
  } as const;
  /** Every rollup row of the course, comparable across databases (bigint strings as numbers). */
  const rollupRows = async () => {
    const rows: Record<string, string[]> = {};
    for (const [table, counts] of Object.entries(rollupCounts)) {
      const all = (await t.ctx.db.selectFrom(table as keyof typeof rollupCounts).selectAll().where('course_id', '=', courseId).execute()) as Record<string, unknown>[];
      rows[table] = all
        .filter((row) => counts.some((c) => Number(row[c]) !== 0))
        // course_rollups.version counts changes, which a rebuild is one of: not a figure.
        .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => column !== 'version').map(([column, value]) => [column, typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value])))
        .sort();
    }
    return rows;
  };
  /** The rollups as kept by the writes since the last build equal a rebuild from the rows they count. */
  const expectRollupsEqualRebuild = async () => {
    const kept = await rollupRows();
    await t.ctx.db.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
    expect((await t.request({ url: `/api/v1/courses/${courseId}/analytics` })).status).toBe(200);
    expect(await rollupRows()).toEqual(kept);
  };

  it('drops an erased student from every period, from whole days and edge days alike', async () => {
    const periods = [
      'from=2026-11-04T08:15:00Z&to=2026-11-05T10:45:00Z', // 11-04 minus [00:00, 08:15), [00:00, 10:45) of 11-05
      'from=2026-11-03T00:00:00Z&to=2026-11-05T00:00:00Z', // whole days
      'from=2026-11-04T08:45:00Z&to=2026-11-04T23:00:00Z', // 11-04 minus [00:00, 08:45) and [23:00, 24:00)
      'from=2026-11-01T10:30:00Z&to=2026-11-05T00:00:00Z', // 11-01 minus [00:00, 10:30): A's and C's completions come off
    ];
    const before = await Promise.all(periods.map(course));
    const quizBefore = await Promise.all(periods.map(quiz));
    const student = async (name: string) => (await post('/api/v1/students', { email: `${name}@example.com`, name })).id as string;
    const [g, h] = [await student('G'), await student('H')];
    // 11-04: G enrolls at 08:00, completes L0 at 08:30, the quiz (100) at 09:00 and L2 at 23:30: 15 h 30 min.
    // H enrolls at 10:00 and completes L0, the quiz (100) and L2 at 10:10, 10:20, 10:30: 30 min.
    at('2026-11-04T08:00:00.000Z');
    const enrollmentOfG = (await post('/api/v1/enrollments', { student_id: g, course_id: courseId })).id;
    at('2026-11-04T08:30:00.000Z');
    await progress(g, L0, 'completed');
    at('2026-11-04T09:00:00.000Z');
    await attempt(g, [true, true, true]);
    at('2026-11-04T10:00:00.000Z');
    await post('/api/v1/enrollments', { student_id: h, course_id: courseId });
    at('2026-11-04T10:10:00.000Z');
    await progress(h, L0, 'completed');
    at('2026-11-04T10:20:00.000Z');
    await attempt(h, [true, true, true]);
    at('2026-11-04T10:30:00.000Z');
    await progress(h, L2, 'completed');
    at('2026-11-04T23:30:00.000Z');
    await progress(g, L2, 'completed');
    at('2026-11-21T12:00:00.000Z');

    // G enrolled before the period, H in it; L0: G, H, C; L1: G, H completed, C started; L2: G, H.
    expect(before[0]).toMatchObject({ ...noEnrollments, active_students: { last_7_days: 3, last_30_days: 3 }, lessons: funnel([1, 1], [1, 0], [0, 0]) });
    expect(await course(periods[0]!)).toMatchObject({
      enrollments: { total: 1, active: 0, completed: 1, cancelled: 0 },
      active_students: { last_7_days: 5, last_30_days: 5 }, // A, B, C, G, H
      completion_rate: 1,
      average_progress_percent: 100,
      median_time_to_complete_seconds: 1_800, // H's; G's comes off with 11-04's first hours
      lessons: funnel([3, 3], [3, 2], [2, 2]),
      enrollments_per_day: [{ date: '2026-11-04', enrollments: 1 }],
    });
    expect(await quiz(periods[0]!)).toMatchObject({ attempts: 3, unique_students: 3, average_score: 66.67, median_score: 100, pass_rate: 0.6667 }); // G 100, H 100, C 0
    // F (11-03, active, 33), G and H.
    expect(before[1]).toMatchObject({ enrollments: { total: 1, active: 1, completed: 0, cancelled: 0 }, median_time_to_complete_seconds: null, active_students: { last_7_days: 2, last_30_days: 2 } });
    expect(await course(periods[1]!)).toMatchObject({
      enrollments: { total: 3, active: 1, completed: 2, cancelled: 0 },
      active_students: { last_7_days: 4, last_30_days: 4 }, // A, B, G, H
      completion_rate: 0.6667,
      average_progress_percent: 77.67, // (33 + 100 + 100) ÷ 3
      median_time_to_complete_seconds: (55_800 + 1_800) / 2,
      lessons: funnel([2, 2], [2, 2], [2, 2]),
      enrollments_per_day: [
        { date: '2026-11-03', enrollments: 1 },
        { date: '2026-11-04', enrollments: 2 },
      ],
    });
    // H; G's enrollment, L0 and L2 are in the parts of 11-04 taken off, G's quiz is not.
    expect(await course(periods[2]!)).toMatchObject({
      enrollments: { total: 1, active: 0, completed: 1, cancelled: 0 },
      active_students: { last_7_days: 4, last_30_days: 4 }, // A, B, G, H
      median_time_to_complete_seconds: 1_800,
      lessons: funnel([1, 1], [2, 2], [1, 1]),
    });
    expect(await quiz(periods[2]!)).toMatchObject({ attempts: 2, unique_students: 2, average_score: 100, median_score: 100, pass_rate: 1 });
    // D, E (cancelled), F, G, H.
    expect(before[3]).toMatchObject({ enrollments: { total: 3, active: 2, completed: 0, cancelled: 1 }, median_time_to_complete_seconds: null });
    expect(await course(periods[3]!)).toMatchObject({
      enrollments: { total: 5, active: 2, completed: 2, cancelled: 1 },
      completion_rate: 0.5,
      average_progress_percent: 58.25, // D 0, F 33, G 100, H 100
      median_time_to_complete_seconds: (55_800 + 1_800) / 2,
    });
    // G's completed enrollment cancelled: G's completion and progress leave the figures.
    expect((await t.request({ method: 'DELETE', url: `/api/v1/enrollments/${enrollmentOfG}` })).status).toBe(200);
    expect(await course(periods[1]!)).toMatchObject({
      enrollments: { total: 3, active: 1, completed: 1, cancelled: 1 },
      completion_rate: 0.5,
      average_progress_percent: 66.5, // F 33, H 100
      median_time_to_complete_seconds: 1_800,
    });
    await expectRollupsEqualRebuild();

    // Erased: rebuilt from the rows, every period is as before G and H.
    for (const id of [g, h]) expect((await t.request({ method: 'DELETE', url: `/api/v1/students/${id}` })).status).toBe(200);
    expect(await Promise.all(periods.map(course))).toEqual(before);
    expect(await Promise.all(periods.map(quiz))).toEqual(quizBefore);
    expect(await get(`/api/v1/courses/${courseId}/analytics`)).toMatchObject(wholeCourse());
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
    // The rollups equal a rebuild from the rows they count.
    await t.ctx.db.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
    expect(await get(`/api/v1/courses/${courseId}/analytics`)).toEqual(after);
    const quizzes = await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}`);
    await t.ctx.db.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
    expect(await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}`)).toEqual(quizzes);

    // Periods after the rebuild and the writes since: hand-computed, then equal to a rebuild.
    t.clock.advance(60_000); // now 12:02: F's attempt at 12:01 is before `to`
    const periods = ['from=2026-11-21T00:00:00Z', 'from=2026-11-01T09:30:00Z&to=2026-11-05T15:00:00Z', 'from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z'];
    const live = await Promise.all(periods.map(course));
    const liveQuiz = await Promise.all(periods.map(quiz));
    // Today: E enrolled again (0 lessons); F started and completed L2 (12:00) and the quiz (12:01, 67: ✓✓✗).
    expect(live[0]).toMatchObject({
      enrollments: { total: 1, active: 1, completed: 0, cancelled: 0 },
      completion_rate: 0,
      average_progress_percent: 0,
      median_time_to_complete_seconds: null,
      lessons: funnel([0, 0], [1, 1], [1, 1]),
      enrollments_per_day: [{ date: '2026-11-21', enrollments: 1 }],
    });
    expect(liveQuiz[0]).toMatchObject({ attempts: 1, unique_students: 1, average_score: 67, median_score: 67, pass_rate: 1, questions: questions([1, 1], [1, 1], [1, 0]) });
    // A, B, C (11-01) and F (11-03), F now completed: 18 d 2 h 1 min after enrolling; D erased, E moved.
    expect(live[1]).toMatchObject({
      enrollments: { total: 4, active: 1, completed: 3, cancelled: 0 },
      completion_rate: 0.75,
      average_progress_percent: (100 + 33 + 100 + 100) / 4, // 83.25
      median_time_to_complete_seconds: 367_200, // of 14,400, 367,200 and 1,562,460
      lessons: funnel([3, 2], [3, 3], [1, 1]),
      enrollments_per_day: [
        { date: '2026-11-01', enrollments: 3 },
        { date: '2026-11-03', enrollments: 1 },
      ],
    });
    expect(live[2]).toMatchObject({ enrollments: { total: 1, completed: 1 }, median_time_to_complete_seconds: 1_562_460 });
    await expectRollupsEqualRebuild();
    expect(await Promise.all(periods.map(course))).toEqual(live);
    expect(await Promise.all(periods.map(quiz))).toEqual(liveQuiz);
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

  it('counts active students up to now by the day of their latest activity', async () => {
    // Latest activity now: A 11-01, B 11-02, C 11-05, F 11-21 (E none; D erased). J: 11-22 at 09:00 and 09:30.
    const j = (await post('/api/v1/students', { email: 'J@example.com', name: 'J' })).id;
    at('2026-11-22T09:00:00.000Z');
    await post('/api/v1/enrollments', { student_id: j, course_id: courseId });
    await progress(j, L0, 'started');
    at('2026-11-22T09:30:00.000Z');
    await progress(j, L0, 'completed');
    // 7 days back from 11-29 10:00: 11-22 minus its first 10 h, where J's activity lies.
    at('2026-11-29T10:00:00.000Z');
    expect((await course('')).active_students).toEqual({ last_7_days: 0, last_30_days: 5 });
    at('2026-11-29T10:05:00.000Z');
    await progress(j, L2, 'started'); // J's latest activity moves to 11-29
    at('2026-11-29T10:10:00.000Z');
    expect((await course('')).active_students).toEqual({ last_7_days: 1, last_30_days: 5 });
    expect((await course('from=2026-11-22T00:00:00Z')).active_students).toEqual({ last_7_days: 1, last_30_days: 5 });
    await expectRollupsEqualRebuild();
  });

  it('answers the whole history with every write counted at once, and the same answer while nothing is written', async () => {
    const first = await get(`/api/v1/courses/${courseId}/analytics`);
    // A write that changes no rollup (a lesson renamed) shows at once: lessons are always read.
    const renamed = await t.request({ method: 'PATCH', url: `/api/v1/lessons/${L2}`, body: { title: 'Renamed' } });
    expect(renamed.status, show(renamed)).toBe(200);
    const again = await get(`/api/v1/courses/${courseId}/analytics`);
    expect(again.lessons[2]).toMatchObject({ lesson_id: L2, title: 'Renamed', started: first.lessons[2].started, completed: first.lessons[2].completed });
    expect({ ...again, to: first.to, lessons: first.lessons }).toEqual(first);
    // A write that changes the counts: the next answer counts it.
    const k = (await post('/api/v1/students', { email: 'K@example.com', name: 'K' })).id;
    await post('/api/v1/enrollments', { student_id: k, course_id: courseId });
    const after = await get(`/api/v1/courses/${courseId}/analytics`);
    expect(after.enrollments).toEqual({ ...first.enrollments, total: first.enrollments.total + 1, active: first.enrollments.active + 1 });
    await progress(k, L0, 'completed');
    expect((await get(`/api/v1/courses/${courseId}/analytics`)).lessons[0].completed).toBe(after.lessons[0].completed + 1);
  });

  it('answers a period with every write counted at once: the same period asked again, another from, a write, a past to', async () => {
    const since = (from: string, to = '') => get(`/api/v1/courses/${courseId}/analytics?from=${from}${to && `&to=${to}`}`);
    const first = await since('2026-11-01T11:00:00.000Z'); // a partial first day
    expect(await since('2026-11-01T11:00:00.000Z')).toEqual(first);
    // Another from is another period: A, B and C (enrolled 11-01T10:00) count from 09:00.
    const wider = await since('2026-11-01T09:00:00.000Z');
    expect(wider.enrollments.total).toBe(first.enrollments.total + 3);
    // An hour later, with nothing written, the same period ends at the new now with the same counts.
    at('2026-11-29T11:10:00.000Z');
    expect(await since('2026-11-01T11:00:00.000Z')).toEqual({ ...first, to: '2026-11-29T11:10:00.000Z' });
    // A write: the next answers count it, in either period.
    const m = (await post('/api/v1/students', { email: 'M@example.com', name: 'M' })).id;
    await post('/api/v1/enrollments', { student_id: m, course_id: courseId });
    const { total, active } = first.enrollments;
    expect((await since('2026-11-01T10:30:00.000Z')).enrollments).toEqual({ ...first.enrollments, total: total + 1, active: active + 1 });
    expect((await since('2026-11-01T11:00:00.000Z')).enrollments).toEqual({ ...first.enrollments, total: total + 1, active: active + 1 });
    expect((await since('2026-11-01T09:00:00.000Z')).enrollments.total).toBe(wider.enrollments.total + 1);
    // A period that ended in the past: A, B and C.
    const past = await since('2026-11-01T09:00:00.000Z', '2026-11-01T12:00:00.000Z');
    expect(past.enrollments.total).toBe(3);
    expect(await since('2026-11-01T09:00:00.000Z', '2026-11-01T12:00:00.000Z')).toEqual(past);
    // Another from on the same edge day: 10:45 takes in nothing more than 10:30 did.
    expect((await since('2026-11-01T10:45:00.000Z')).enrollments).toEqual({ ...first.enrollments, total: total + 1, active: active + 1 });
    // A write inside that edge day (N, enrolled 11-01T05:00, before any of these froms) changes none of them.
    at('2026-11-01T05:00:00.000Z');
    const n = (await post('/api/v1/students', { email: 'N@example.com', name: 'N' })).id;
    await post('/api/v1/enrollments', { student_id: n, course_id: courseId });
    at('2026-11-29T11:20:00.000Z');
    // Nobody enrolled between 11-01T11:30 and 11-02: the same as the whole days from 11-02.
    const wholeDays = await since('2026-11-02T00:00:00.000Z', '2026-11-10T00:00:00.000Z');
    expect((await since('2026-11-01T11:30:00.000Z', '2026-11-10T00:00:00.000Z')).enrollments).toEqual(wholeDays.enrollments);
    expect((await since('2026-11-01T11:30:00.000Z')).enrollments).toEqual({ ...first.enrollments, total: total + 1, active: active + 1 });
  });

  it('answers quiz results with an attempt counted at once, in every period that holds it', async () => {
    const since = async (from: string, to = '') => (await get(`/api/v1/analytics/quiz-results?lesson_id=${L1}&from=${from}${to && `&to=${to}`}`)).quizzes[0];
    const first = await since('2026-11-02T00:00:00.000Z');
    expect(await since('2026-11-02T00:00:00.000Z')).toEqual(first);
    // From 11-01T12:00, A's attempt (11-01T13:00) counts too.
    const wider = await since('2026-11-01T12:00:00.000Z');
    expect(wider).toMatchObject({ attempts: first.attempts + 1, unique_students: first.unique_students + 1 });
    at('2026-11-29T12:10:00.000Z');
    expect(await since('2026-11-02T00:00:00.000Z')).toEqual(first);
    // An attempt: counted in the next answers of both periods.
    await attempt(s.B, [true, true, true]);
    expect(await since('2026-11-02T00:00:00.000Z')).toMatchObject({ attempts: first.attempts + 1, unique_students: first.unique_students });
    expect((await since('2026-11-01T12:00:00.000Z')).attempts).toBe(wider.attempts + 1);
    // A period that ended in the past: A's attempt alone.
    const past = await since('2026-11-01T12:00:00.000Z', '2026-11-01T14:00:00.000Z');
    expect(past).toMatchObject({ attempts: 1, unique_students: 1, average_score: 100 });
    expect(await since('2026-11-01T12:00:00.000Z', '2026-11-01T14:00:00.000Z')).toEqual(past);
  });

  it("counts a student's concurrent activity once: one lesson reported twice at once, a quiz attempt beside progress reports", async () => {
    at('2026-11-29T13:00:00.000Z');
    for (let round = 0; round < 5; round++) {
      const student = (await post('/api/v1/students', { email: `concurrent${round}@example.com`, name: `Concurrent ${round}` })).id;
      await post('/api/v1/enrollments', { student_id: student, course_id: courseId });
      const report = (lesson: string, status: string) => t.request({ method: 'POST', url: `/api/v1/students/${student}/progress`, body: { lesson_id: lesson, status } });
      const answers = await Promise.all([
        report(L0, 'completed'),
        report(L0, 'completed'),
        report(L2, 'started'),
        t.request({ method: 'POST', url: `/api/v1/lessons/${L1}/quiz-attempts`, body: { student_id: student, answers: q.map((id) => ({ question_id: id, answer: 1 })) } }),
      ]);
      for (const answer of answers) expect(answer.status, show(answer)).toBeLessThan(300);
    }
    // Each write read what it changes (first activity, latest activity, first attempt) after the others committed.
    await expectRollupsEqualRebuild();
  });
});
