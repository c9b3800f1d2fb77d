import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceOf } from '../../src/modules/accounts/accounts.service.js';
import { createPlayerSession } from '../../src/modules/player/player-sessions.service.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { ensureConsoleBuilt } from '../built.js';
import { pageWidth, viewports } from '../console/console-harness.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';
import { guardNetwork, openChromium, poll } from './browser-support.js';

/**
 * The live learner player (/play/) in Chromium, served by Lectern on a real port: a learner opens
 * the URL a launch makes, reads a lesson, answers a quiz and sees the score; the API then shows the
 * progress and the attempt. A preview shows the same course and records nothing.
 */
describe.each(testDialects().slice(0, 1))('the live learner player in Chromium [%s]', (dialect) => {
  let t: TestApp;
  let browser: Browser | null = null;
  let context: BrowserContext;
  let origin: string;
  let workspaceId: string;
  let courseId: string;
  let studentId: string;
  let quizLessonId: string;
  let foreign: string[];
  const problems: string[] = [];

  const post = async (url: string, body?: unknown) => {
    const response = await t.request({ method: 'POST', url: `/api/v1${url}`, body });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${url}: ${show(response)}`);
    return response.body.data;
  };

  beforeAll(async () => {
    ensureConsoleBuilt(); // the console's Courses page opens the preview
    t = await setupApp(dialect);
    workspaceId = await workspaceOf(t.ctx, t.accountId, 'production');
    courseId = (await post('/courses', { title: 'Road safety' })).id;
    const moduleId = (await post(`/courses/${courseId}/modules`, { title: 'Crossing' })).id;
    await post(`/modules/${moduleId}/lessons`, { title: 'Look both ways', type: 'text', content: 'Look **left**, then right.\n\n<script>alert(1)</script>' });
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
    studentId = (await post('/students', { email: 'ada@example.com', name: 'Ada' })).id;
    await post('/enrollments', { student_id: studentId, course_id: courseId });
    origin = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).origin;
    browser = await openChromium();
    if (!browser) return;
    context = await browser.newContext({ viewport: { width: 375, height: 700 } });
    context.setDefaultTimeout(20_000);
    foreign = await guardNetwork(context, [origin]);
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  /** A page that fails the test on a script error or a refused CSP directive. */
  async function open(url: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  it('takes a learner through a lesson and a quiz, recording both', async ({ skip }) => {
    if (!browser) return skip();
    const session = await createPlayerSession(t.ctx, { workspaceId, courseId, studentId, mode: 'learner', baseUrl: origin });
    const page = await open(session.url);
    // The token left the address bar at once (it stays in this tab's sessionStorage).
    expect(page.url()).toBe(`${origin}/play/`);
    await poll(() => page.locator('h1').textContent()).toBe('Look both ways');
    expect(await page.locator('.content').innerHTML()).toContain('&lt;script&gt;');
    // Read to the end (the lesson fits the screen): completed, and the course's progress says so.
    await poll(() => page.locator('#lectern-mode').textContent()).toBe('Course progress: 50%');
    await poll(() => page.locator('#lectern-nav button', { hasText: 'Look both ways' }).getAttribute('data-status')).toBe('completed');

    await page.locator('#lectern-next').click();
    await page.waitForSelector('body[data-ready="true"][data-type="quiz"]');
    await poll(() => page.locator('h1').textContent()).toBe('Check');
    await page.getByLabel('Left').check();
    await page.getByLabel('True').check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => page.locator('#lectern-result').textContent()).toBe('Your score: 100% (pass mark 50%): passed.');
    await poll(() => page.locator('#q0-feedback').textContent()).toBe('Correct');
    await poll(() => page.locator('#lectern-mode').textContent()).toBe('Course progress: 100%');
    // At 375 px nothing scrolls sideways.
    expect(await page.evaluate(pageWidth)).toSatisfy((w: { scrollWidth: number; innerWidth: number }) => w.scrollWidth <= w.innerWidth);

    const progress = await t.request({ url: `/api/v1/students/${studentId}/progress?course_id=${courseId}` });
    expect(progress.body.data.courses[0], show(progress)).toMatchObject({ status: 'completed', progress_percent: 100 });
    t.clock.advance(1_000);
    const results = await t.request({ url: `/api/v1/analytics/quiz-results?lesson_id=${quizLessonId}` });
    expect(results.body.data.quizzes[0], show(results)).toMatchObject({ attempts: 1, average_score: 100 });

    // A reload keeps the session (this tab's copy of the token) and goes back to the course.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await poll(() => page.locator('#lectern-course-title').textContent()).toBe('Road safety');
    await page.close();
  });

  it('previews the course, grading answers and recording nothing', async ({ skip }) => {
    if (!browser) return skip();
    const attempts = async () => Number((await t.database.selectFrom('quiz_attempts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await attempts();
    const session = await createPlayerSession(t.ctx, { workspaceId, courseId, studentId: null, mode: 'preview', baseUrl: origin });
    const page = await open(session.url);
    await poll(() => page.locator('#lectern-mode').textContent()).toBe('Preview: nothing is recorded.');
    await page.locator('#lectern-nav button', { hasText: 'Check' }).click();
    await page.waitForSelector('body[data-ready="true"][data-type="quiz"]');
    await page.getByLabel('Up').check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => page.locator('#lectern-result').textContent()).toBe('Your score: 0% (pass mark 50%): not passed yet.');
    expect(await attempts()).toBe(before);
    await page.close();
  });

  it('opens a preview from the console\'s Courses page in a new tab', async ({ skip }) => {
    if (!browser) return skip();
    const { signInToken } = await createUser(t.ctx, { accountId: t.accountId, email: 'viewer@school.example', role: 'viewer' });
    const console = await context.newPage();
    console.on('pageerror', (err) => problems.push(`console page error: ${err.message}`));
    await console.goto(`${origin}/console/#/sign-in/${signInToken}`);
    await console.getByRole('heading', { name: 'API keys' }).waitFor();
    await console.getByRole('link', { name: 'Courses' }).click();
    await console.getByRole('heading', { name: 'Courses' }).waitFor();
    await console.getByRole('row', { name: /Road safety/ }).waitFor();
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      await console.setViewportSize(viewport);
      await poll(() => console.evaluate(pageWidth)).toSatisfy((w: { scrollWidth: number; innerWidth: number }) => w.innerWidth === viewport.width && w.scrollWidth <= w.innerWidth);
    }
    const [player] = await Promise.all([context.waitForEvent('page'), console.getByRole('button', { name: 'Preview Road safety' }).click()]);
    await player.waitForSelector('body[data-ready="true"]');
    await poll(() => player.locator('#lectern-mode').textContent()).toBe('Preview: nothing is recorded.');
    await poll(() => player.locator('h1').textContent()).toBe('Look both ways');
    expect(player.url()).toBe(`${origin}/play/`);
    await console.getByRole('link', { name: 'open the preview' }).waitFor();
    await player.close();
    await console.close();
  });

  it('says so when the session has ended, and loads nothing from elsewhere', async ({ skip }) => {
    if (!browser) return skip();
    const page = await open(`${origin}/play/#${'A'.repeat(43)}`);
    await poll(() => page.locator('#lectern-mode').textContent()).toBe('Your session has ended: open the course again from where you started it.');
    await page.close();
    // The 401 above is logged by Chromium as a failed resource; nothing else went wrong.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
