import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceOf } from '../../src/modules/accounts/accounts.service.js';
import { createPlayerSession, PLAYER_SESSION_TTL_MS, playerSessionOf } from '../../src/modules/player/player-sessions.service.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/** The live learner player (/play/) through HTTP: sessions, the page, its API, isolation and expiry. */
describe.each(testDialects())('live learner player [%s]', (dialect) => {
  let t: TestApp;
  let workspaceId: string;
  let courseId: string;
  let otherCourseId: string;
  let textLessonId: string;
  let quizLesson: { id: string; quiz: { questions: { id: string }[] } };
  let otherLessonId: string;
  let studentId: string;
  let learner: { token: string; url: string; expiresAt: string };
  let preview: { token: string; url: string; expiresAt: string };

  const post = async (url: string, body?: unknown, key?: string) => {
    const response = await t.request({ method: 'POST', url, body, ...(key ? { key } : {}) });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response.body.data;
  };
  const play = (token: string | null, url: string, body?: unknown) =>
    t.request({ method: body === undefined ? 'GET' : 'POST', url, key: token, ...(body !== undefined ? { body } : {}) });
  const rightAnswers = () => [
    { question_id: quizLesson.quiz.questions[0]!.id, answer: 1 },
    { question_id: quizLesson.quiz.questions[1]!.id, answer: true },
    { question_id: quizLesson.quiz.questions[2]!.id, answer: ' Zebra-Crossing ' },
  ];
  const count = async (table: 'lesson_progress' | 'quiz_attempts') =>
    Number((await t.database.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await setupApp(dialect);
    workspaceId = await workspaceOf(t.ctx, t.accountId, 'production');
    courseId = (await post('/api/v1/courses', { title: 'Road safety', description: 'Cross <safely>.' })).id;
    const moduleId = (await post(`/api/v1/courses/${courseId}/modules`, { title: 'Crossing' })).id;
    textLessonId = (await post(`/api/v1/modules/${moduleId}/lessons`, { title: 'Look both ways', type: 'text', content: '# Left\n\n<script>alert(1)</script> then **right**.' })).id;
    quizLesson = await post(`/api/v1/modules/${moduleId}/lessons`, {
      title: 'Check',
      type: 'quiz',
      quiz: {
        passing_score: 60,
        questions: [
          { prompt: 'Which way first?', kind: 'single_choice', choices: ['Up', 'Left', 'Down'], answer: 1 },
          { prompt: 'Look again before crossing', kind: 'true_false', answer: true },
          { prompt: 'Name the striped crossing', kind: 'short_answer', answer: ['zebra-crossing'] },
        ],
      },
    });
    await post(`/api/v1/courses/${courseId}/publish`);
    otherCourseId = (await post('/api/v1/courses', { title: 'Another course' })).id;
    const otherModule = (await post(`/api/v1/courses/${otherCourseId}/modules`, { title: 'M' })).id;
    otherLessonId = (await post(`/api/v1/modules/${otherModule}/lessons`, { title: 'Elsewhere', type: 'text' })).id;
    studentId = (await post('/api/v1/students', { email: 'ada@example.com', name: 'Ada' })).id;
    await post('/api/v1/enrollments', { student_id: studentId, course_id: courseId });
    learner = await createPlayerSession(t.ctx, { workspaceId, courseId, studentId, mode: 'learner', launchId: null, baseUrl: 'https://lectern.example/' });
    preview = await createPlayerSession(t.ctx, { workspaceId, courseId, studentId: null, mode: 'preview', baseUrl: 'https://lectern.example' });
  });
  afterAll(() => t.close());

  it('makes a session whose token travels in the URL fragment and is stored only as a hash', async () => {
    expect(learner.url).toBe(`https://lectern.example/play/#${learner.token}`);
    expect(learner.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(learner.expiresAt) - t.clock.now()).toBe(PLAYER_SESSION_TTL_MS);
    const rows = await t.database.selectFrom('player_sessions').select(['token_hash', 'student_id', 'mode']).execute();
    expect(rows).toHaveLength(2);
    expect(rows.some((row) => row.token_hash === learner.token)).toBe(false);
    expect(await playerSessionOf(t.ctx, learner.token)).toMatchObject({ workspaceId, courseId, studentId, mode: 'learner' });
    // Learner sessions need a student, previews have none; a course of another workspace is not found.
    await expect(createPlayerSession(t.ctx, { workspaceId, courseId, studentId: null, mode: 'learner', baseUrl: 'https://x' })).rejects.toMatchObject({ code: 'validation_error' });
    const other = await t.newKey();
    const foreign = await post('/api/v1/courses', { title: 'Theirs' }, other.key);
    await expect(createPlayerSession(t.ctx, { workspaceId, courseId: foreign.id, studentId: null, mode: 'preview', baseUrl: 'https://x' })).rejects.toMatchObject({ code: 'resource_not_found' });
  });

  it('serves the page with a strict CSP, no inline script, and the packages\' player script', async () => {
    const page = await play(null, '/play/');
    expect(page.status, show(page)).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    for (const script of page.text.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/ src="/);
    expect(page.text).toContain('data-runtime="live"');
    const script = await play(null, '/play/assets/player.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.text).toContain('liveRuntime');
    expect((await play(null, '/play/assets/player.css')).status).toBe(200);
    expect((await play(null, '/play')).headers.location).toBe('/play/');
  });

  it('answers the course and its lessons, quizzes without their answers', async () => {
    const course = await play(learner.token, '/play/api/course');
    expect(course.status, show(course)).toBe(200);
    expect(course.body.data).toMatchObject({ mode: 'learner', progress_percent: 0, course: { id: courseId, title: 'Road safety' } });
    expect(course.body.data.course.description_html).toContain('&lt;safely&gt;');
    const lessons = course.body.data.course.modules[0].lessons;
    expect(lessons.map((l: { id: string }) => l.id)).toEqual([textLessonId, quizLesson.id]);
    expect(lessons[1].quiz.questions[0]).toEqual({ id: quizLesson.quiz.questions[0]!.id, kind: 'single_choice', prompt: 'Which way first?', choices: ['Up', 'Left', 'Down'] });
    expect(course.text).not.toContain('"answer"');
    expect(course.text.toLowerCase()).not.toContain('zebra');

    const text = await play(learner.token, `/play/api/lessons/${textLessonId}`);
    expect(text.status, show(text)).toBe(200);
    expect(text.body.data.html).toContain('<h2>Left</h2>');
    expect(text.body.data.html).toContain('&lt;script&gt;');
    expect(text.body.data.html).not.toContain('<script');
    const quiz = await play(learner.token, `/play/api/lessons/${quizLesson.id}`);
    expect(quiz.body.data.quiz).toEqual({ passing_score: 60, questions: quizLesson.quiz.questions.map((q, i) => ({ id: q.id, kind: ['single_choice', 'true_false', 'short_answer'][i] })) });
    expect(quiz.body.data.html).toContain('id="lectern-quiz"');
    expect(quiz.text).not.toContain('"answer"');
    expect(quiz.text.toLowerCase()).not.toContain('zebra');
  });

  it('records progress and graded attempts for the session\'s student, visible through the API', async () => {
    const progress = await play(learner.token, '/play/api/progress', { lesson_id: textLessonId, status: 'completed', time_spent_seconds: 30 });
    expect(progress.status, show(progress)).toBe(200);
    expect(progress.body.data).toEqual({ lesson_id: textLessonId, status: 'completed', recorded: true, progress_percent: 50 });
    const wrong = await play(learner.token, '/play/api/quiz-attempts', { lesson_id: quizLesson.id, answers: [{ question_id: quizLesson.quiz.questions[0]!.id, answer: 0 }] });
    expect(wrong.body.data).toMatchObject({ score: 0, passed: false, recorded: true });
    const attempt = await play(learner.token, '/play/api/quiz-attempts', { lesson_id: quizLesson.id, answers: rightAnswers() });
    expect(attempt.status, show(attempt)).toBe(200);
    expect(attempt.body.data).toMatchObject({ lesson_id: quizLesson.id, score: 100, passed: true, recorded: true, progress_percent: 100 });
    expect(attempt.body.data.attempt_id).toMatch(/^att_/);
    expect(attempt.body.data.per_question).toHaveLength(3);

    const seen = await t.request({ url: `/api/v1/students/${studentId}/progress?course_id=${courseId}` });
    expect(seen.body.data.courses[0], show(seen)).toMatchObject({ status: 'completed', progress_percent: 100, time_spent_seconds: 30 });
    t.clock.advance(1_000); // the analytics' period ends at now, exclusive
    const analytics = await t.request({ url: `/api/v1/students/${studentId}/analytics` });
    expect(analytics.body.data, show(analytics)).toMatchObject({ quiz_attempts: 2, quiz_average_score: 50, courses_completed: 1 });
    const results = await t.request({ url: `/api/v1/analytics/quiz-results?lesson_id=${quizLesson.id}` });
    expect(results.body.data.quizzes[0], show(results)).toMatchObject({ attempts: 2, unique_students: 1 });
    const course = await play(learner.token, '/play/api/course');
    expect(course.body.data.progress_percent).toBe(100);
    expect(course.body.data.course.modules[0].lessons.map((l: { status: string }) => l.status)).toEqual(['completed', 'completed']);
  });

  it('takes no student id from the page, and checks answers as the API does', async () => {
    const smuggled = await play(learner.token, '/play/api/progress', { lesson_id: textLessonId, status: 'started', student_id: 'stu_other' });
    expect(smuggled.status, show(smuggled)).toBe(400);
    const twice = await play(learner.token, '/play/api/quiz-attempts', { lesson_id: quizLesson.id, answers: [rightAnswers()[0], rightAnswers()[0]] });
    expect(twice.status, show(twice)).toBe(400);
    const notQuiz = await play(learner.token, '/play/api/quiz-attempts', { lesson_id: textLessonId, answers: [] });
    expect(notQuiz.status, show(notQuiz)).toBe(400);
  });

  it('grades a preview\'s answers and writes nothing', async () => {
    const before = { progress: await count('lesson_progress'), attempts: await count('quiz_attempts') };
    const course = await play(preview.token, '/play/api/course');
    expect(course.body.data).toMatchObject({ mode: 'preview', progress_percent: null });
    expect(course.body.data.course.modules[0].lessons.every((l: { status: string }) => l.status === 'not_started')).toBe(true);
    const progress = await play(preview.token, '/play/api/progress', { lesson_id: textLessonId, status: 'completed' });
    expect(progress.body.data, show(progress)).toEqual({ lesson_id: textLessonId, status: 'completed', recorded: false, progress_percent: null });
    const attempt = await play(preview.token, '/play/api/quiz-attempts', { lesson_id: quizLesson.id, answers: rightAnswers().slice(0, 2) });
    expect(attempt.body.data, show(attempt)).toMatchObject({ attempt_id: null, score: 67, passed: true, recorded: false, progress_percent: null });
    expect(await count('lesson_progress')).toBe(before.progress);
    expect(await count('quiz_attempts')).toBe(before.attempts);
  });

  it('keeps a session to its course and workspace', async () => {
    for (const token of [learner.token, preview.token]) {
      const other = await play(token, `/play/api/lessons/${otherLessonId}`);
      expect(other.status, show(other)).toBe(404);
      expect(other.body.error.code).toBe('resource_not_found');
      expect((await play(token, '/play/api/progress', { lesson_id: otherLessonId, status: 'started' })).status).toBe(404);
    }
    const theirs = await t.newKey();
    const theirCourse = await post('/api/v1/courses', { title: 'Theirs' }, theirs.key);
    const theirModule = (await post(`/api/v1/courses/${theirCourse.id}/modules`, { title: 'M' }, theirs.key)).id;
    const theirLesson = (await post(`/api/v1/modules/${theirModule}/lessons`, { title: 'Private', type: 'text', content: 'secret' }, theirs.key)).id;
    const theirSession = await createPlayerSession(t.ctx, {
      workspaceId: await workspaceOf(t.ctx, theirs.accountId, 'production'),
      courseId: theirCourse.id,
      studentId: null,
      mode: 'preview',
      baseUrl: 'https://x',
    });
    expect((await play(learner.token, `/play/api/lessons/${theirLesson}`)).status).toBe(404);
    expect((await play(theirSession.token, `/play/api/lessons/${textLessonId}`)).status).toBe(404);
    const theirView = await play(theirSession.token, '/play/api/course');
    expect(theirView.body.data.course.id).toBe(theirCourse.id);
  });

  it('refuses missing and unknown tokens, API keys, and player tokens on the API', async () => {
    for (const token of [null, 'not-a-token', 'A'.repeat(43), t.key]) {
      const response = await play(token, '/play/api/course');
      expect(response.status, show(response)).toBe(401);
      expect(response.headers['content-type']).toMatch(/json/);
      expect(response.body.error.code).toBe('invalid_credentials');
    }
    const asKey = await t.request({ url: '/api/v1/courses', key: learner.token });
    expect(asKey.status, show(asKey)).toBe(401);
    expect(asKey.body.error.code).toBe('invalid_api_key');
  });

  it('lists the environment\'s courses in the console and opens a preview of one, for any role', async () => {
    const { signInToken } = await createUser(t.ctx, { accountId: t.accountId, email: 'viewer@school.example', role: 'viewer' });
    const signedIn = await t.request({ method: 'POST', url: '/console/api/session/link', key: null, body: { token: signInToken } });
    expect(signedIn.status, show(signedIn)).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const headers = { cookie, 'x-csrf-token': signedIn.body.data.csrf_token as string };
    const list = await t.request({ url: '/console/api/environments/production/courses', key: null, headers });
    expect(list.status, show(list)).toBe(200);
    // Both courses (their order is the ids', and ids made in one manual-clock millisecond between other ids need not sort by creation).
    expect(list.body.data.map((c: { id: string }) => c.id).sort()).toEqual([courseId, otherCourseId].sort());
    expect((await t.request({ url: '/console/api/environments/staging/courses', key: null, headers })).body.data).toEqual([]);

    const made = await t.request({ method: 'POST', url: `/console/api/environments/production/courses/${courseId}/preview`, key: null, headers });
    expect(made.status, show(made)).toBe(200);
    expect(made.body.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/play\/#[\w-]{43}$/);
    expect(made.body.data.expires_at).toBe(new Date(t.clock.now() + PLAYER_SESSION_TTL_MS).toISOString());
    const token = made.body.data.url.split('#')[1];
    expect((await play(token, '/play/api/course')).body.data).toMatchObject({ mode: 'preview', course: { id: courseId } });
    // Another environment's (or account's) course is not found; a preview needs the session's CSRF token.
    expect((await t.request({ method: 'POST', url: `/console/api/environments/staging/courses/${courseId}/preview`, key: null, headers })).status).toBe(404);
    expect((await t.request({ method: 'POST', url: `/console/api/environments/production/courses/${courseId}/preview`, key: null, headers: { cookie } })).status).toBe(403);
    expect((await t.request({ method: 'POST', url: `/console/api/environments/production/courses/${courseId}/preview`, key: null })).status).toBe(401);
  });

  it('limits each session to a burst of 120 requests a minute', async () => {
    const busy = await createPlayerSession(t.ctx, { workspaceId, courseId, studentId: null, mode: 'preview', baseUrl: 'https://x' });
    for (let i = 0; i < 120; i++) {
      const response = await play(busy.token, `/play/api/lessons/${textLessonId}`);
      if (response.status !== 200) throw new Error(`request ${i + 1}: ${show(response)}`);
    }
    const refused = await play(busy.token, `/play/api/lessons/${textLessonId}`);
    expect(refused.status, show(refused)).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session's budget is its own.
    expect((await play(preview.token, '/play/api/course')).status).toBe(200);
  });

  it('ends a session when it expires', async () => {
    const short = await createPlayerSession(t.ctx, { workspaceId, courseId, studentId: null, mode: 'preview', baseUrl: 'https://x' });
    expect((await play(short.token, '/play/api/course')).status).toBe(200);
    t.clock.advance(PLAYER_SESSION_TTL_MS);
    const expired = await play(short.token, '/play/api/course');
    expect(expired.status, show(expired)).toBe(401);
    expect(expired.body.error.code).toBe('invalid_credentials');
    expect((await play(learner.token, '/play/api/progress', { lesson_id: textLessonId, status: 'started' })).status).toBe(401);
    // A new session sweeps the ended ones away.
    await createPlayerSession(t.ctx, { workspaceId, courseId, studentId: null, mode: 'preview', baseUrl: 'https://x' });
    expect(await t.database.selectFrom('player_sessions').select('token_hash').execute()).toHaveLength(1);
  });
});
