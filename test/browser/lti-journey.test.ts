import { type Browser, type BrowserContext, chromium, type Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { setupApp, show, type TestApp } from '../harness.js';
import { AGS_SCORE_SCOPE, LTI, PlatformSimulator } from '../lti/platform-simulator.js';
import { CHROMIUM, chromiumAvailable, guardNetwork, poll } from './browser-support.js';

/**
 * The whole learner journey of an LTI 1.3 launch in Chromium with third-party cookies blocked:
 * the simulated LMS's course page (127.0.0.1) frames Lectern (localhost, another site) and starts
 * the OIDC login with the AGS claim; the launch completes on the Partitioned state cookie; the
 * learner reads a lesson and answers the quiz in the live player inside the frame and sees the
 * score; the job runner sends the course score to the line item, and the simulator receives it with
 * a bearer token it issued for a client assertion verified against Lectern's /lti/jwks. The API then
 * shows the student, the enrollment's score and the send.
 */

const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const AGS_LINEITEM_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem';

// Skipped only without Chromium; .ci/run installs it and sets REQUIRE_CHROMIUM=1, which fails instead of skipping.
describe.skipIf(!chromiumAvailable())('the LTI learner journey in Chromium, third-party cookies blocked', () => {
  let t: TestApp;
  let sim: PlatformSimulator;
  let browser: Browser;
  let context: BrowserContext;
  let lectern: string;
  let courseId: string;
  let quizLessonId: string;
  let registrationId: string;
  let foreign: string[];
  const problems: string[] = [];
  const sub = 'journey-learner-1';
  const lineitemPath = '/lineitems/journey?course=crossing';

  const post = async (url: string, body?: unknown) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response.body.data;
  };

  beforeAll(async () => {
    // The simulator listens on 127.0.0.1: platform calls to private addresses are allowed, as in development.
    t = await setupApp('sqlite', { config: { webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    sim = await PlatformSimulator.start();
    sim.now = () => Math.floor(t.clock.now() / 1000);
    // The token endpoint takes only client assertions signed by a key of Lectern's /lti/jwks.
    sim.toolJwks = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/lti/jwks' })).body) as { keys: never[] };

    courseId = (await post('/courses', { title: 'Crossing the road' })).id;
    const moduleId = (await post(`/courses/${courseId}/modules`, { title: 'Kerb drill' })).id;
    await post(`/modules/${moduleId}/lessons`, { title: 'Look both ways', type: 'text', content: 'Look **left**, then right, then left again.' });
    quizLessonId = (
      await post(`/modules/${moduleId}/lessons`, {
        title: 'Check',
        type: 'quiz',
        quiz: {
          passing_score: 50,
          questions: [
            { prompt: 'Which way first?', kind: 'single_choice', choices: ['Up', 'Left', 'Down'], answer: 1 },
            { prompt: 'Look again before crossing', kind: 'true_false', answer: true },
          ],
        },
      })
    ).id;
    await post(`/courses/${courseId}/publish`);
    registrationId = (await post('/lti/registrations', sim.registration())).id;

    const port = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port;
    lectern = `http://localhost:${port}`;
    // What the LMS's auth endpoint puts in the id_token for this link: the learner, the course, the line item.
    sim.nextClaims = {
      sub,
      [`${LTI}target_link_uri`]: `${lectern}/lti/launch`,
      [`${LTI}custom`]: { course_id: courseId },
      [AGS_CLAIM]: { lineitem: `${sim.origin}${lineitemPath}`, lineitems: `${sim.origin}/lineitems`, scope: [AGS_LINEITEM_SCOPE, AGS_SCORE_SCOPE] },
    };

    // Chromium's third-party cookie phase-out (as lti-launch.test.ts): a frame of another site keeps only Partitioned cookies.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--test-third-party-cookie-phaseout'],
    });
    context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    foreign = await guardNetwork(context, [sim.origin, lectern]);
  });
  afterAll(async () => {
    await browser?.close();
    if (sim) sim.toolJwks = undefined;
    await sim?.close();
    await t?.close();
  });

  it('launches from the LMS frame, plays the course, and the LMS receives the score', async () => {
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    const login = new URLSearchParams({ iss: sim.issuer, login_hint: sub, target_link_uri: `${lectern}/lti/launch`, client_id: sim.clientId, lti_deployment_id: sim.deploymentId });
    await page.goto(`${sim.origin}/lms?tool=${encodeURIComponent(`${lectern}/lti/login?${login.toString()}`)}`);
    const tool: Frame = page.frame({ name: 'tool' })!;
    await tool.waitForURL(/\/play\//);
    // The player took its token from the fragment and cleared it.
    expect(tool.url()).toBe(`${lectern}/play/`);
    await tool.waitForSelector('body[data-ready="true"]');

    // Third-party cookies are blocked in this frame: an unpartitioned cookie does not stick, a Partitioned one does.
    const kept = await tool.evaluate(() => {
      const doc = (globalThis as unknown as { document: { cookie: string } }).document;
      doc.cookie = 'probe=1; SameSite=None; Secure; Path=/';
      doc.cookie = 'probe_partitioned=1; SameSite=None; Secure; Partitioned; Path=/';
      return doc.cookie;
    });
    expect(kept).not.toMatch(/(^|; )probe=1/);
    expect(kept).toMatch(/(^|; )probe_partitioned=1/);

    // The auth request carried the login's parameters, and the launch took the Partitioned state cookie.
    const auth = sim.received('/auth');
    expect(auth).toHaveLength(1);
    expect(Object.fromEntries(new URL(auth[0]!.url, sim.origin).searchParams)).toMatchObject({ client_id: sim.clientId, login_hint: sub, redirect_uri: `${lectern}/lti/launch`, response_mode: 'form_post' });

    // Read the lesson (it fits the frame: read to the end), then the quiz, all answers right.
    await poll(() => tool.locator('h1').textContent()).toBe('Look both ways');
    await poll(() => tool.locator('#lectern-nav button', { hasText: 'Look both ways' }).getAttribute('data-status')).toBe('completed');
    await tool.locator('#lectern-next').click();
    await tool.waitForSelector('body[data-ready="true"][data-type="quiz"]');
    await poll(() => tool.locator('h1').textContent()).toBe('Check');
    await tool.getByLabel('Left').check();
    await tool.getByLabel('True').check();
    await tool.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => tool.locator('#lectern-result').textContent()).toBe('Your score: 100% (pass mark 50%): passed.');
    await poll(() => tool.locator('#lectern-mode').textContent()).toBe('Course progress: 100%');

    // The job runner sends the course score to the line item.
    await t.app.background.drain();
    const scores = sim.scores.filter((s) => s.lineitem === lineitemPath);
    expect(scores.length).toBeGreaterThanOrEqual(1);
    const last = scores.at(-1)!;
    expect(last.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(last.score).toEqual({
      userId: sub,
      scoreGiven: 100,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Its bearer token was issued by the token endpoint, for the score scope, on a verified client assertion.
    expect(sim.issuedTokens.get(last.token)?.scopes).toContain(AGS_SCORE_SCOPE);
    expect(sim.assertions.length).toBeGreaterThanOrEqual(1);
    expect(sim.assertions.at(-1)).toMatchObject({ iss: sim.clientId, sub: sim.clientId, aud: sim.tokenUrl });

    // Through the API: the student of the platform's user, the enrollment's score, the send succeeded.
    const students = await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(`lti:${sim.issuer}:${sub}`)}` });
    expect(students.body.data, show(students)).toHaveLength(1);
    expect(students.body.data[0]).toMatchObject({ external_id: `lti:${sim.issuer}:${sub}`, name: 'Ada Lovelace', email: `${sub}@school.example` });
    const studentId = students.body.data[0].id as string;
    const enrollments = await t.request({ url: `/api/v1/enrollments?student_id=${studentId}` });
    expect(enrollments.body.data, show(enrollments)).toEqual([expect.objectContaining({ course_id: courseId, score: 100 })]);
    const sends = await t.request({ url: `/api/v1/lti/registrations/${registrationId}/grade-sends?student_id=${studentId}&sort=created_at` });
    expect(sends.status, show(sends)).toBe(200);
    expect(sends.body.data.at(-1)).toMatchObject({
      status: 'succeeded',
      score_given: 100,
      score_maximum: 100,
      activity_progress: 'Completed',
      grading_progress: 'FullyGraded',
      user_id: sub,
      lineitem_url: `${sim.origin}${lineitemPath}`,
      course_id: courseId,
      student_id: studentId,
      last_status_code: 200,
    });
    expect(sends.body.data.every((s: { status: string }) => s.status === 'succeeded' || s.status === 'superseded'), show(sends)).toBe(true);
    const results = await t.request({ url: `/api/v1/analytics/quiz-results?lesson_id=${quizLessonId}` });
    expect(results.body.data.quizzes[0], show(results)).toMatchObject({ attempts: 1, average_score: 100 });

    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });
});
