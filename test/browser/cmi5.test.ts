import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import type { buildRichCourse } from '../exports-support.js';
import { setupApp, type TestApp } from '../harness.js';
import { exportRichCourse, guardNetwork, type LocalServer, openChromium, poll, serve } from './browser-support.js';

/**
 * An exported cmi5 package run as a cmi5 LMS runs it: a local test LMS (a fetch URL issuing a
 * token once, the state API holding LMS.LaunchData, a statements resource storing what arrives
 * and refusing requests without the token) launches each AU from the unzipped package with the
 * cmi5 launch parameters; the tests act as a learner and assert the statements the LMS received.
 */

// Page-side code in evaluate() callbacks runs in the browser, whose globals Node's types do not know.
declare const document: any;

/** xapi-validation (Learning Locker's statement validator, conformance-tested): the problems of a statement, none when valid. */
const validateStatement = (createRequire(import.meta.url)('xapi-validation') as { default: (statement: unknown) => unknown[] }).default;

const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const VERB = (name: string) => `http://adlnet.gov/expapi/verbs/${name}`;

interface Launch {
  code: string;
  token: string;
  fetched: boolean;
  registration: string;
  sessionId: string;
  activityId: string;
  launchMode: 'Normal' | 'Browse' | 'Review';
  masteryScore?: number;
  statements: any[];
}

describe.each(testDialects().slice(0, 1))('a cmi5 package in Chromium with a test LMS [%s]', (dialect) => {
  let t: TestApp;
  let browser: Browser | null = null; // null only without Chromium (the tests then skip); .ci/run sets REQUIRE_CHROMIUM=1, which fails instead
  let context: BrowserContext;
  let page: Page;
  let server: LocalServer;
  let folder: string;
  let foreign: string[];
  let lessons: Awaited<ReturnType<typeof buildRichCourse>>['lessons'];
  /** AU id and masteryScore by lesson page, from cmi5.xml, as the LMS imported them. */
  const aus = new Map<string, { id: string; masteryScore?: number }>();
  const launches = new Map<string, Launch>();
  let refused = 0;
  const actor = { objectType: 'Agent', name: 'Ann Learner', account: { homePage: 'http://lms.test', name: 'learner-1' } };

  /** The test LMS's routes: the fetch URL, the state API's LMS.LaunchData, and the statements resource. */
  async function lms(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse, body: string): Promise<boolean> {
    const url = new URL(request.url ?? '/', server.origin);
    const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/lms/fetch') {
      const launch = launches.get(url.searchParams.get('code') ?? '');
      // cmi5: a fetch URL answers its token once; a second call is an error.
      if (request.method !== 'POST' || !launch || launch.fetched) json(200, { 'error-code': '1', 'error-text': 'The fetch URL was already used' });
      else {
        launch.fetched = true;
        json(200, { 'auth-token': launch.token });
      }
      return true;
    }
    if (!url.pathname.startsWith('/xapi/')) return false;
    const launch = [...launches.values()].find((l) => request.headers.authorization === `Basic ${l.token}`);
    if (!launch) {
      refused++;
      json(401, { error: 'missing or unknown token' });
      return true;
    }
    if (url.pathname === '/xapi/activities/state' && request.method === 'GET' && url.searchParams.get('stateId') === 'LMS.LaunchData') {
      expect(url.searchParams.get('registration')).toBe(launch.registration);
      expect(url.searchParams.get('activityId')).toBe(launch.activityId);
      json(200, {
        contextTemplate: { contextActivities: { grouping: [{ id: launch.activityId }] }, extensions: { [SESSION_ID]: launch.sessionId } },
        launchMode: launch.launchMode,
        moveOn: launch.masteryScore === undefined ? 'Completed' : 'Passed',
        ...(launch.masteryScore === undefined ? {} : { masteryScore: launch.masteryScore }),
      });
      return true;
    }
    if (url.pathname === '/xapi/statements' && (request.method === 'POST' || request.method === 'PUT')) {
      const arrived = JSON.parse(body);
      const statements = Array.isArray(arrived) ? arrived : [arrived];
      launch.statements.push(...statements);
      json(200, statements.map((s: { id?: string }) => s.id ?? randomUUID()));
      return true;
    }
    response.writeHead(404).end();
    return true;
  }

  beforeAll(async () => {
    t = await setupApp(dialect);
    ({ folder, lessons } = await exportRichCourse(t, 'cmi5'));
    const structure = fs.readFileSync(`${folder}/cmi5.xml`, 'utf8');
    for (const [, attributes, url] of structure.matchAll(/<au ([^>]*)>.*?<url>([^<]*)<\/url><\/au>/g)) {
      const mastery = / masteryScore="([^"]+)"/.exec(` ${attributes}`)?.[1];
      aus.set(url!, { id: / id="([^"]+)"/.exec(` ${attributes}`)![1]!, ...(mastery ? { masteryScore: Number(mastery) } : {}) });
    }

    server = await serve({ '/package/': folder }, lms);
    browser = await openChromium();
    if (!browser) return;
    context = await browser.newContext({ viewport: { width: 375, height: 700 } });
    foreign = await guardNetwork(context, [server.origin]);
    page = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    await t?.close();
  });

  /** Launches a lesson's AU as a cmi5 LMS does (a new registration and session) and waits for its player to start. */
  async function launch(lessonId: string, options: { launchMode?: Launch['launchMode']; masteryScore?: number } = {}): Promise<Launch> {
    const au = aus.get(`lessons/${lessonId}.html`)!;
    const run: Launch = {
      code: randomBytes(8).toString('hex'),
      token: randomBytes(16).toString('base64'),
      fetched: false,
      registration: randomUUID(),
      sessionId: randomUUID(),
      activityId: au.id,
      launchMode: options.launchMode ?? 'Normal',
      statements: [],
      ...('masteryScore' in options ? { masteryScore: options.masteryScore } : au.masteryScore === undefined ? {} : { masteryScore: au.masteryScore }),
    };
    launches.set(run.code, run);
    const query = new URLSearchParams({
      endpoint: `${server.origin}/xapi/`,
      fetch: `${server.origin}/lms/fetch?code=${run.code}`,
      actor: JSON.stringify(actor),
      registration: run.registration,
      activityId: run.activityId,
    });
    await page.goto(`${server.origin}/package/lessons/${lessonId}.html?${query.toString()}`);
    await poll(() => page.locator('body').getAttribute('data-ready')).toBe('true');
    return run;
  }

  const verbs = (run: Launch) => run.statements.map((s) => s.verb.id.replace('http://adlnet.gov/expapi/verbs/', ''));

  /** What every statement of a launch must carry, and xapi-validation's verdict on each. */
  function checkStatements(run: Launch) {
    for (const statement of run.statements) {
      expect(validateStatement(statement), JSON.stringify(statement)).toEqual([]);
      expect(statement.actor).toEqual(actor);
      expect(statement.object.id).toBe(run.activityId);
      expect(statement.context.registration).toBe(run.registration);
      expect(statement.context.extensions[SESSION_ID]).toBe(run.sessionId);
      expect(statement.context.contextActivities.category.map((c: { id: string }) => c.id)).toContain(CMI5_CATEGORY);
      if (statement.verb.id !== VERB('initialized')) expect(statement.result.duration).toMatch(/^P/);
    }
    const times = run.statements.map((s) => Date.parse(s.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }

  async function exit(run: Launch) {
    await page.locator('#lectern-exit').focus();
    await page.keyboard.press('Enter');
    await poll(() => verbs(run).at(-1)).toBe('terminated');
  }

  it('sends initialized, completed once the lesson is read to the end, and terminated on Exit', async (ctx) => {
    if (!browser) return ctx.skip();
    const run = await launch(lessons.text.id);
    await poll(() => verbs(run)).toEqual(['initialized']);
    await page.locator('#lectern-end').scrollIntoViewIfNeeded();
    await poll(() => verbs(run)).toEqual(['initialized', 'completed']);
    await exit(run);
    expect(verbs(run)).toEqual(['initialized', 'completed', 'terminated']);
    expect(run.statements[1].context.contextActivities.category.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([CMI5_CATEGORY, MOVEON_CATEGORY]));
    expect(run.statements[1].result.completion).toBe(true);
    checkStatements(run);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  it('sends passed with the score for a quiz answered right, failed for one answered wrong', async (ctx) => {
    if (!browser) return ctx.skip();
    let run = await launch(lessons.quiz.id);
    for (const id of ['q0-c2', 'q1-c0', 'q1-c2', 'q2-c1']) await page.locator(`#${id}`).check();
    await page.locator('#q3-text').fill('Seine');
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => verbs(run)).toEqual(['initialized', 'passed']);
    expect(run.statements[1].result).toMatchObject({ score: { scaled: 1, raw: 100, min: 0, max: 100 }, success: true });
    await exit(run);
    checkStatements(run);

    run = await launch(lessons.quiz.id);
    await page.locator('#q0-c0').check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => verbs(run)).toEqual(['initialized', 'failed']);
    expect(run.statements[1].result).toMatchObject({ score: { scaled: 0, raw: 0, min: 0, max: 100 }, success: false });
    await exit(run);
    checkStatements(run);
  });

  it('takes the mastery score from the LMS over the package\'s', async (ctx) => {
    if (!browser) return ctx.skip();
    const run = await launch(lessons.quiz.id, { masteryScore: 0.5 });
    for (const id of ['q0-c2', 'q2-c1']) await page.locator(`#${id}`).check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await poll(() => verbs(run)).toEqual(['initialized', 'passed']);
    expect(run.statements[1].result).toMatchObject({ score: { scaled: 0.5 }, success: true });
    expect(await page.locator('#lectern-result').innerText()).toContain('Your score: 50% (pass mark 50%): passed');
    await exit(run);
    checkStatements(run);
  });

  it('sends no completed in Browse mode', async (ctx) => {
    if (!browser) return ctx.skip();
    const run = await launch(lessons.text.id, { launchMode: 'Browse' });
    expect(await page.locator('#lectern-status').innerText()).toContain('Browse mode: your result is not recorded.');
    await page.locator('#lectern-end').scrollIntoViewIfNeeded();
    await exit(run);
    expect(verbs(run)).toEqual(['initialized', 'terminated']);
    checkStatements(run);
  });

  it('sends terminated when the learner leaves the page, with a request that outlives it', async (ctx) => {
    if (!browser) return ctx.skip();
    const run = await launch(lessons.assignment.id);
    await page.locator('#lectern-end').scrollIntoViewIfNeeded();
    await poll(() => verbs(run)).toEqual(['initialized', 'completed']);
    await page.goto('about:blank');
    await poll(() => verbs(run)).toEqual(['initialized', 'completed', 'terminated']);
    checkStatements(run);
  });

  it('refuses requests without the token, and the AU made none; no request went to another host', async (ctx) => {
    if (!browser) return ctx.skip();
    expect(refused).toBe(0);
    const anonymous = await fetch(`${server.origin}/xapi/statements`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(refused).toBe(1);
    expect(foreign).toEqual([]);
  });
});
