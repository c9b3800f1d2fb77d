import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';
import { AGS_SCORE_SCOPE, launch, PlatformSimulator } from './platform-simulator.js';

/**
 * LTI grades (AGS) against the platform simulator, on every database: a learner launched with a
 * line item submits quizzes or completes the course, and the simulator receives the course score
 * with a bearer token it issued for a valid client assertion; failures are retried on the
 * schedule, refused sends fail for good, and every send shows in the registration's grade sends.
 */

const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let sim: PlatformSimulator;
beforeAll(async () => {
  sim = await PlatformSimulator.start();
});
afterAll(async () => {
  await sim.close();
});

interface Quiz {
  id: string;
  quiz: { questions: { id: string }[] };
}

describe.each(testDialects())('LTI grade sends (%s)', (dialect) => {
  let t: TestApp;
  let registrationId: string;
  /** Two quizzes (two questions each) and a text lesson. */
  let quizCourse: { id: string; quizzes: Quiz[]; text: string };
  /** Two text lessons, no quiz. */
  let plainCourse: { id: string; lessons: string[] };
  const drain = () => t.app.background.drain();

  const post = async (url: string, body?: unknown) => {
    const response = await t.request({ method: 'POST', url, body });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response.body.data;
  };
  const quizBody = (title: string) => ({
    title,
    type: 'quiz',
    quiz: {
      passing_score: 100,
      questions: [
        { prompt: 'Angles in a triangle', kind: 'single_choice', choices: ['90', '180', '360'], answer: 1 },
        { prompt: 'A square is a rectangle', kind: 'true_false', answer: true },
      ],
    },
  });

  beforeAll(async () => {
    t = await setupApp(dialect, { config: { webhooks: { ...loadConfig({}).webhooks, retrySchedule: [1_000, 1_000, 1_000], allowPrivate: true } } });
    sim.now = () => Math.floor(t.clock.now() / 1000);
    sim.toolJwks = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/lti/jwks' })).body) as { keys: never[] };
    const registration = await t.request({ method: 'POST', url: '/api/v1/lti/registrations', body: sim.registration() });
    if (registration.status !== 201) throw new Error(show(registration));
    registrationId = registration.body.data.id;

    const courseId = (await post('/api/v1/courses', { title: 'Algebra' })).id as string;
    const moduleId = (await post(`/api/v1/courses/${courseId}/modules`, { title: 'Module' })).id as string;
    const quizzes = [(await post(`/api/v1/modules/${moduleId}/lessons`, quizBody('Quiz 1'))) as Quiz, (await post(`/api/v1/modules/${moduleId}/lessons`, quizBody('Quiz 2'))) as Quiz];
    const text = (await post(`/api/v1/modules/${moduleId}/lessons`, { title: 'Reading', type: 'text' })).id as string;
    await post(`/api/v1/courses/${courseId}/publish`);
    quizCourse = { id: courseId, quizzes, text };

    const plainId = (await post('/api/v1/courses', { title: 'Reading list' })).id as string;
    const plainModule = (await post(`/api/v1/courses/${plainId}/modules`, { title: 'Module' })).id as string;
    const lessons = [(await post(`/api/v1/modules/${plainModule}/lessons`, { title: 'One', type: 'text' })).id, (await post(`/api/v1/modules/${plainModule}/lessons`, { title: 'Two', type: 'text' })).id];
    await post(`/api/v1/courses/${plainId}/publish`);
    plainCourse = { id: plainId, lessons };
  });
  afterAll(async () => {
    sim.toolJwks = undefined;
    await t.close();
  });

  let subs = 0;
  /** A learner launched into `courseId` with a line item of their own (or the one given, or none); answers the student and the line item. */
  async function learner(courseId: string, options: { lineitem?: string | null; scopes?: string[] } = {}) {
    const sub = `grader-${dialect}-${++subs}`;
    const lineitem = options.lineitem === undefined ? `${sim.origin}/lineitems/${sub}` : options.lineitem;
    const claims = lineitem === null ? {} : { [AGS_CLAIM]: { lineitem, lineitems: `${sim.origin}/lineitems`, scope: options.scopes ?? [AGS_SCORE_SCOPE] } };
    const response = await launch(t.app, sim, { courseId, claims: { sub, ...claims } });
    expect(response.status, response.text).toBe(303);
    const students = await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(`lti:${sim.issuer}:${sub}`)}` });
    expect(students.body.data, show(students)).toHaveLength(1);
    return { sub, studentId: students.body.data[0].id as string, lineitemPath: lineitem === null ? '' : lineitem.slice(sim.origin.length) };
  }

  /** Answers a quiz: `right` of its two questions right, a second after whatever came before (the latest attempt is the latest by time). */
  async function attempt(studentId: string, quiz: Quiz, right: 0 | 1 | 2) {
    t.clock.advance(1_000);
    const [q1, q2] = quiz.quiz.questions.map((q) => q.id);
    const answers = [
      { question_id: q1, answer: right >= 1 ? 1 : 0 },
      { question_id: q2, answer: right >= 2 },
    ];
    const response = await t.request({ method: 'POST', url: `/api/v1/lessons/${quiz.id}/quiz-attempts`, body: { student_id: studentId, answers } });
    expect(response.status, show(response)).toBe(201);
  }

  const complete = async (studentId: string, lessonId: string) => {
    t.clock.advance(1_000);
    const response = await t.request({ method: 'POST', url: `/api/v1/students/${studentId}/progress`, body: { lesson_id: lessonId, status: 'completed' } });
    expect(response.status, show(response)).toBe(201);
  };

  async function sendsOf(studentId: string) {
    const response = await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends?student_id=${studentId}&sort=created_at` });
    expect(response.status, show(response)).toBe(200);
    return response.body.data as Record<string, any>[];
  }
  const scoresAt = (lineitemPath: string) => sim.scores.filter((s) => s.lineitem === lineitemPath);

  it('a quiz attempt sends the course score with a token from a valid client assertion; the token is kept for the next send', async () => {
    const { sub, studentId, lineitemPath } = await learner(quizCourse.id);
    const assertionsBefore = sim.assertions.length;
    await attempt(studentId, quizCourse.quizzes[0]!, 1); // 50 on quiz 1, quiz 2 not attempted: 25
    await drain();
    let scores = scoresAt(lineitemPath);
    expect(scores).toHaveLength(1);
    expect(scores[0]!.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(scores[0]!.score).toEqual({ userId: sub, scoreGiven: 25, scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'FullyGraded', timestamp: expect.stringMatching(ISO_MS) });
    expect(scores[0]!.score.timestamp).toBe(new Date(t.clock.now()).toISOString());
    expect(sim.issuedTokens.get(scores[0]!.token)?.scopes).toEqual([AGS_SCORE_SCOPE]);
    // One new assertion at most (an earlier test of this file may have left a token of the scope in the cache).
    expect(sim.assertions.length - assertionsBefore).toBeLessThanOrEqual(1);
    const assertion = sim.assertions.at(-1)!;
    expect(assertion).toMatchObject({ iss: sim.clientId, sub: sim.clientId, aud: sim.tokenUrl });
    expect(assertion.exp! - assertion.iat!).toBeLessThanOrEqual(300);
    const assertionsAfterFirst = sim.assertions.length;

    await attempt(studentId, quizCourse.quizzes[0]!, 2); // 100 on quiz 1: 50
    await attempt(studentId, quizCourse.quizzes[1]!, 1); // 50 on quiz 2: 75
    await drain();
    scores = scoresAt(lineitemPath);
    expect(scores.at(-1)!.score).toMatchObject({ scoreGiven: 75, activityProgress: 'InProgress' });
    expect(new Set(scores.map((s) => s.token)).size).toBe(1);
    expect(sim.assertions.length).toBe(assertionsAfterFirst);

    const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${studentId}` });
    expect(enrollments.body.data, show(enrollments)).toEqual([expect.objectContaining({ course_id: quizCourse.id, score: 75, status: 'active' })]);
    const sends = await sendsOf(studentId);
    expect(sends.find((s) => s.score_given === 25)).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 200, last_error: null, next_attempt_at: null, score_given: 25, user_id: sub, lineitem_url: `${sim.origin}${lineitemPath}`, course_id: quizCourse.id, registration_id: registrationId });
    expect(sends.find((s) => s.score_given === 75)).toMatchObject({ status: 'succeeded', activity_progress: 'InProgress', grading_progress: 'FullyGraded', score_maximum: 100 });
    // Two attempts in one drain: the older pending send may have been superseded by the newer one, never sent after it.
    expect(sends.map((s) => s.status).every((s) => s === 'succeeded' || s === 'superseded')).toBe(true);
  });

  it('completion sends Completed; a course without quizzes sends its progress percent', async () => {
    const quizzer = await learner(quizCourse.id);
    await complete(quizzer.studentId, quizCourse.text);
    await drain();
    expect(scoresAt(quizzer.lineitemPath)).toHaveLength(0); // a text lesson is not a quiz attempt, and not the completion
    await attempt(quizzer.studentId, quizCourse.quizzes[0]!, 2);
    await attempt(quizzer.studentId, quizCourse.quizzes[1]!, 2); // both passed: the course is completed
    await drain();
    expect(scoresAt(quizzer.lineitemPath).at(-1)!.score).toMatchObject({ scoreGiven: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });

    const reader = await learner(plainCourse.id);
    await complete(reader.studentId, plainCourse.lessons[0]!);
    await drain();
    expect(scoresAt(reader.lineitemPath)).toHaveLength(0);
    await complete(reader.studentId, plainCourse.lessons[1]!);
    await drain();
    expect(scoresAt(reader.lineitemPath).map((s) => s.score)).toEqual([expect.objectContaining({ scoreGiven: 100, activityProgress: 'Completed' })]);
    const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${reader.studentId}` });
    expect(enrollments.body.data[0]).toMatchObject({ status: 'completed', score: 100 });
  });

  it('a 500 is retried on the schedule and then succeeds', async () => {
    const { studentId, lineitemPath } = await learner(quizCourse.id);
    sim.scoreFailures = [{ status: 500 }];
    await attempt(studentId, quizCourse.quizzes[0]!, 2);
    await drain();
    let [send] = await sendsOf(studentId);
    expect(send).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: 500, last_error: 'HTTP 500' });
    const wait = Date.parse(send!.next_attempt_at) - t.clock.now();
    expect(wait).toBeGreaterThanOrEqual(900);
    expect(wait).toBeLessThanOrEqual(1_100);
    expect(scoresAt(lineitemPath)).toHaveLength(0);
    t.clock.advance(wait);
    await drain();
    [send] = await sendsOf(studentId);
    expect(send).toMatchObject({ status: 'succeeded', attempt_count: 2, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(scoresAt(lineitemPath)).toHaveLength(1);
  });

  it('a 400 fails for good; a network error or a token endpoint that fails is retried', async () => {
    const refused = await learner(quizCourse.id);
    sim.scoreFailures = [{ status: 400, body: { error: 'bad score' } }];
    await attempt(refused.studentId, quizCourse.quizzes[0]!, 1);
    await drain();
    t.clock.advance(10_000);
    await drain();
    expect(await sendsOf(refused.studentId)).toEqual([expect.objectContaining({ status: 'failed', attempt_count: 1, last_status_code: 400, last_error: 'HTTP 400', next_attempt_at: null })]);

    // A line item on a port nobody listens on: no answer, retried.
    const unreachable = await learner(quizCourse.id, { lineitem: 'http://127.0.0.1:9/lineitems/nowhere' });
    await attempt(unreachable.studentId, quizCourse.quizzes[0]!, 1);
    await drain();
    const [lost] = await sendsOf(unreachable.studentId);
    expect(lost).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: null });
    expect(lost!.last_error).toMatch(/connection/);
    expect(lost!.next_attempt_at).not.toBeNull();
  });

  it('a 429 waits as long as its Retry-After says', async () => {
    const { studentId, lineitemPath } = await learner(quizCourse.id);
    sim.scoreFailures = [{ status: 429, headers: { 'retry-after': '7' } }];
    await attempt(studentId, quizCourse.quizzes[0]!, 2);
    await drain();
    let [send] = await sendsOf(studentId);
    expect(send).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: 429 });
    expect(Date.parse(send!.next_attempt_at)).toBe(t.clock.now() + 7_000);
    t.clock.advance(6_999);
    await drain();
    expect((await sendsOf(studentId))[0]).toMatchObject({ status: 'pending', attempt_count: 1 });
    t.clock.advance(1);
    await drain();
    [send] = await sendsOf(studentId);
    expect(send).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect(scoresAt(lineitemPath)).toHaveLength(1);
  });

  it('a newer score supersedes a pending older one: the older is never sent after it', async () => {
    const { studentId, lineitemPath } = await learner(quizCourse.id);
    sim.scoreFailures = [{ status: 503, headers: { 'retry-after': '60' } }]; // pending a minute: the next attempt comes first
    await attempt(studentId, quizCourse.quizzes[0]!, 1);
    await drain();
    await attempt(studentId, quizCourse.quizzes[0]!, 2);
    await drain();
    const sends = await sendsOf(studentId);
    expect(sends.map((s) => [s.status, s.score_given])).toEqual([
      ['superseded', 25],
      ['succeeded', 50],
    ]);
    t.clock.advance(120_000);
    await drain();
    expect(scoresAt(lineitemPath).map((s) => s.score.scoreGiven)).toEqual([50]);
  });

  it('a line item URL with a query string gets /scores before its query', async () => {
    const lineitem = `${sim.origin}/lineitems/with-query?course_id=12&type=quiz`;
    const { studentId } = await learner(quizCourse.id, { lineitem });
    await attempt(studentId, quizCourse.quizzes[1]!, 2);
    await drain();
    const score = sim.scores.find((s) => s.lineitem === '/lineitems/with-query?course_id=12&type=quiz');
    expect(score?.url).toBe('/lineitems/with-query/scores?course_id=12&type=quiz');
  });

  it('no AGS claim, or no score scope: nothing is sent, the enrollment still has its score', async () => {
    const before = sim.received('/lineitems').length;
    const plain = await learner(quizCourse.id, { lineitem: null });
    const readOnly = await learner(quizCourse.id, { scopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly'] });
    for (const { studentId } of [plain, readOnly]) await attempt(studentId, quizCourse.quizzes[0]!, 2);
    await drain();
    expect(sim.received('/lineitems').length).toBe(before);
    for (const { studentId } of [plain, readOnly]) {
      expect(await sendsOf(studentId)).toEqual([]);
      const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${studentId}` });
      expect(enrollments.body.data[0]).toMatchObject({ score: 50 });
    }
    const untouched = await learner(quizCourse.id);
    const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${untouched.studentId}` });
    expect(enrollments.body.data[0]).toMatchObject({ score: null });
  });

  it('the grade sends list: filters, pages, its scope, and 404 for another workspace', async () => {
    const all = await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends?per_page=2` });
    expect(all.status, show(all)).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.pagination.total).toBeGreaterThan(2);
    expect(all.body.data[0].created_at >= all.body.data[1].created_at).toBe(true);
    const failed = await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends?status=failed` });
    expect(failed.body.data.length).toBeGreaterThan(0);
    expect(failed.body.data.every((s: { status: string }) => s.status === 'failed')).toBe(true);

    const reader = await t.newKey({ accountId: t.accountId, scopes: ['lti:read'] });
    const stranger = await t.newKey({ accountId: t.accountId, scopes: ['courses:write'] });
    expect((await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends`, key: reader.key })).status).toBe(200);
    const refused = await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends`, key: stranger.key });
    expect(refused.status, show(refused)).toBe(403);
    const other = await t.newKey();
    const hidden = await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends`, key: other.key });
    expect(hidden.status, show(hidden)).toBe(404);
    expect(hidden.body.error.code).toBe('resource_not_found');
    expect((await t.request({ url: '/api/v1/lti/registrations/ltr_nope/grade-sends' })).status).toBe(404);
  });
});
