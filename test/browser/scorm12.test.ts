import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import type { buildRichCourse } from '../exports-support.js';
import { setupApp, type TestApp } from '../harness.js';
import { exportRichCourse, guardNetwork, type LocalServer, openChromium, poll, serve } from './browser-support.js';

/**
 * An exported SCORM 1.2 package run as an LMS runs it: a local test LMS page whose `window.API` is
 * scorm-again's Scorm12API (a widely used LMS-side SCORM run-time), each SCO in an iframe of that
 * page, served from the unzipped package by a local server. The tests act as a learner (through
 * the keyboard where a learner would) and assert what the LMS's API recorded.
 */

// Page-side code in evaluate() callbacks runs in the browser, whose globals Node's types do not know.
declare const window: any;
declare const document: any;

const scormAgain = createRequire(import.meta.url).resolve('scorm-again/scorm12');

/**
 * The LMS page: `launch(url, cmi)` makes a new Scorm12API holding what the LMS knows of the
 * learner (`cmi`, as SCORM LMSs load it before a launch) and opens the SCO in the frame; every
 * call the SCO makes is logged in `window.calls`.
 */
const LMS_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title><script src="/scorm-again.js"></script></head>
<body style="margin:0">
<iframe id="sco" title="Lesson" style="width:375px;height:640px;border:0"></iframe>
<script>
window.launch = function (url, cmi, initializeFirst) {
  window.calls = [];
  var api = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
  if (cmi) api.loadFromJSON(cmi);
  ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) {
    api.on(name, function () { window.calls.push([name]); });
  });
  api.on('LMSSetValue.cmi.*', function (element, value) { window.calls.push(['LMSSetValue', element, value]); });
  window.API = api;
  // An LMS that left the API initialized (a bug, or another SCO still open): the SCO's LMSInitialize is refused.
  if (initializeFirst) api.lmsInitialize();
  document.getElementById('sco').src = url;
};
// What the LMS holds, as it would store it (scorm-again's JSON form includes write-only elements).
window.recorded = function () {
  var cmi = JSON.parse(JSON.stringify(window.API.cmi));
  return {
    lesson_status: cmi.core.lesson_status, exit: cmi.core.exit, session_time: cmi.core.session_time,
    score: { raw: cmi.core.score.raw, min: cmi.core.score.min, max: cmi.core.score.max },
    suspend_data: cmi.suspend_data, calls: window.calls,
  };
};
</script></body></html>`;

describe.each(testDialects().slice(0, 1))('a SCORM 1.2 package in Chromium with scorm-again as the LMS [%s]', (dialect) => {
  let t: TestApp;
  let browser: Browser | null = null; // null only without Chromium (the tests then skip); .ci/run sets REQUIRE_CHROMIUM=1, which fails instead
  let context: BrowserContext;
  let page: Page;
  let server: LocalServer;
  let folder: string;
  let foreign: string[];
  let lessons: Awaited<ReturnType<typeof buildRichCourse>>['lessons'];
  let manifest: string;

  beforeAll(async () => {
    t = await setupApp(dialect);
    ({ folder, lessons } = await exportRichCourse(t, 'scorm12'));
    manifest = fs.readFileSync(`${folder}/imsmanifest.xml`, 'utf8');

    server = await serve({ '/package/': folder }, (request, response) => {
      if (request.url === '/lms.html') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LMS_PAGE);
      else if (request.url === '/scorm-again.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(scormAgain));
      else return false;
      return true;
    });
    browser = await openChromium();
    if (!browser) return;
    context = await browser.newContext({ viewport: { width: 800, height: 700 } });
    foreign = await guardNetwork(context, [server.origin]);
    page = await context.newPage();
    await page.goto(`${server.origin}/lms.html`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    await t?.close();
  });

  /** What the LMS knows of a SCO before launching it: its mastery score from the manifest, as SCORM LMSs do. */
  function lmsData(lessonId: string, kept: { suspend_data?: string; core?: Record<string, string> } = {}) {
    const mastery = new RegExp(`identifierref="R_${lessonId}"[^>]*><title>[^<]*</title><adlcp:masteryscore>(\\d+)<`).exec(manifest)?.[1];
    return {
      core: { student_id: 'learner-1', student_name: 'Learner, Ann', ...kept.core },
      ...(mastery ? { student_data: { mastery_score: mastery } } : {}),
      ...(kept.suspend_data !== undefined ? { suspend_data: kept.suspend_data } : {}),
    };
  }

  let launches = 0;
  /** Opens a lesson's SCO in the LMS's frame and waits until its player has started. */
  async function launch(lessonId: string, cmi: unknown = lmsData(lessonId), initializeFirst = false): Promise<Frame> {
    // Each launch its own URL, so the frame found is the new document, not the one it replaces.
    const url = `/package/lessons/${lessonId}.html?launch=${++launches}`;
    await page.evaluate(([href, data, first]) => window.launch(href, data, first), [url, cmi, initializeFirst] as const);
    let frame: Frame | undefined;
    await poll(async () => {
      frame = page.frames().find((f) => f.url().endsWith(url));
      return frame ? frame.evaluate(() => document.body.dataset.ready ?? '') : '';
    }).toBe('true');
    return frame!;
  }

  const recorded = () => page.evaluate(() => window.recorded());
  /** The session time the SCO set, as it set it (scorm-again keeps it in its own form). */
  const sessionTime = (record: { calls: string[][] }) => record.calls.find((call) => call[1] === 'cmi.core.session_time')?.[2];

  it('completes a text lesson once the learner has read it to the end, and finishes on Exit', async (ctx) => {
    if (!browser) return ctx.skip();
    const frame = await launch(lessons.text.id);
    // Readable at 375 px: nothing wider than the frame, however long the words.
    expect(await frame.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await frame.locator('.content').innerText()).toContain('<script>alert(1)</script>');
    expect((await recorded()).lesson_status).toBe('incomplete');

    await frame.locator('#lectern-end').scrollIntoViewIfNeeded();
    await poll(async () => (await recorded()).lesson_status).toBe('completed');
    await frame.locator('#lectern-exit').focus();
    await page.keyboard.press('Enter');
    await poll(async () => (await recorded()).calls.map((c: string[]) => c[0]).filter((n: string) => n !== 'LMSSetValue')).toEqual(['LMSInitialize', 'LMSCommit', 'LMSCommit', 'LMSFinish']);
    const record = await recorded();
    expect(record).toMatchObject({ lesson_status: 'completed', exit: '' });
    expect(sessionTime(record)).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
    expect(await frame.locator('#lectern-status').innerText()).toContain('Your progress is saved');
  });

  /** Answers the quiz as a learner: choices by keyboard (focus, Space), the short answer typed. */
  async function answer(frame: Frame, choices: string[], text?: string) {
    for (const id of choices) {
      await frame.locator(`#${id}`).focus();
      await page.keyboard.press('Space');
    }
    if (text !== undefined) await frame.locator('#q3-text').fill(text);
  }

  it('passes a quiz answered right with score 100, and fails one answered wrong', async (ctx) => {
    if (!browser) return ctx.skip();
    let frame = await launch(lessons.quiz.id);
    await answer(frame, ['q0-c2', 'q1-c0', 'q1-c2', 'q2-c1'], '  SEINE ');
    await frame.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => frame.locator('#lectern-result').innerText()).toContain('Your score: 100% (pass mark 60%): passed');
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe('lectern-result');
    expect(await recorded()).toMatchObject({ lesson_status: 'passed', score: { raw: '100', min: '0', max: '100' } });
    await frame.locator('#lectern-exit').click();
    await poll(async () => (await recorded()).calls.at(-1)).toEqual(['LMSFinish']);
    expect((await recorded()).exit).toBe('');

    frame = await launch(lessons.quiz.id);
    await answer(frame, ['q0-c1', 'q1-c1', 'q2-c0'], 'Thames');
    await frame.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => frame.locator('#lectern-result').innerText()).toContain('Your score: 0%');
    expect(await frame.locator('.feedback.wrong').count()).toBe(4);
    expect(await recorded()).toMatchObject({ lesson_status: 'failed', score: { raw: '0', min: '0', max: '100' } });
    await frame.locator('#lectern-exit').click();
    await poll(async () => (await recorded()).calls.at(-1)).toEqual(['LMSFinish']);
  });

  it('keeps a quiz left half-way in suspend_data when the LMS closes the frame, and resumes it on the next launch', async (ctx) => {
    if (!browser) return ctx.skip();
    let frame = await launch(lessons.quiz.id);
    await answer(frame, ['q0-c2', 'q1-c0', 'q1-c2']);
    // The LMS navigates the frame away: the page's pagehide commits and finishes.
    await page.evaluate(() => {
      document.getElementById('sco').src = 'about:blank';
    });
    await poll(async () => (await recorded()).calls.at(-1)).toEqual(['LMSFinish']);
    const left = await recorded();
    expect(left).toMatchObject({ lesson_status: 'incomplete', exit: 'suspend', score: { raw: '' } });
    expect(sessionTime(left)).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
    expect(JSON.parse(left.suspend_data)).toEqual({ v: 1, answers: [2, [0, 2], null, null] });

    // The next launch: the LMS hands back what it kept, as a resumed attempt.
    frame = await launch(lessons.quiz.id, lmsData(lessons.quiz.id, { suspend_data: left.suspend_data, core: { entry: 'resume', lesson_status: 'incomplete' } }));
    expect(await frame.locator('#lectern-status').innerText()).toContain('Welcome back');
    expect(await frame.evaluate(() => ['q0-c2', 'q1-c0', 'q1-c2', 'q0-c0', 'q1-c1'].map((id) => document.getElementById(id).checked as boolean))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    await answer(frame, ['q2-c1'], 'la seine');
    await frame.getByRole('button', { name: 'Submit answers' }).click();
    await poll(async () => (await recorded()).lesson_status).toBe('passed');
    await frame.locator('#lectern-exit').click();
    await poll(async () => (await recorded()).calls.at(-1)).toEqual(['LMSFinish']);
    expect(await recorded()).toMatchObject({ exit: '', suspend_data: '', score: { raw: '100' } });
  });

  it('checks the error of every call: a refused LMSInitialize is told to the learner, and the lesson still works', async (ctx) => {
    if (!browser) return ctx.skip();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const frame = await launch(lessons.quiz.id, lmsData(lessons.quiz.id), true);
    expect(await frame.locator('#lectern-status').innerText()).toBe('The LMS refused LMSInitialize(): your progress may not be recorded.');
    expect(messages.some((text) => text.startsWith('Lectern player: The LMS refused LMSInitialize()') && text.includes('101'))).toBe(true);
    await frame.locator('#q0-c2').check();
    await frame.getByRole('button', { name: 'Submit answers' }).click();
    expect(await frame.locator('#lectern-result').innerText()).toContain('Your score: 25%');
    // The LMS's own LMSInitialize is all it saw: the SCO sent nothing more to an LMS that refused it.
    expect((await recorded()).calls).toEqual([['LMSInitialize']]);
  });

  it('plays a video lesson without fetching the video, and works as a preview without an LMS', async (ctx) => {
    if (!browser) return ctx.skip();
    const frame = await launch(lessons.video.id);
    expect(await frame.locator('video').getAttribute('preload')).toBe('none');
    const preview = await context.newPage();
    await preview.goto(`${server.origin}/package/lessons/${lessons.quiz.id}.html`);
    await poll(() => preview.locator('body').getAttribute('data-ready')).toBe('true');
    expect(await preview.locator('#lectern-status').innerText()).toContain('Preview: no LMS found, so your progress is not recorded.');
    await preview.locator('#q0-c2').check();
    await preview.getByRole('button', { name: 'Submit answers' }).click();
    expect(await preview.locator('#lectern-result').innerText()).toContain('Your score: 25%');
    await preview.close();
  });

  it('made no request to any host but the local LMS', async (ctx) => {
    if (!browser) return ctx.skip();
    expect(foreign).toEqual([]);
    // The guard bites: a request elsewhere is refused and recorded.
    await page.evaluate(() => window.fetch('http://example.invalid/beacon').catch(() => null));
    expect(foreign).toEqual(['http://example.invalid/beacon']);
  });
});
