import { type Browser, chromium, type Frame, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createCourse, setupApp, type TestApp } from '../harness.js';
import { LTI, PlatformSimulator } from '../lti/platform-simulator.js';
import { CHROMIUM, chromiumAvailable } from './browser-support.js';

/**
 * A launch in Chromium, inside the simulated LMS's frame, the LMS at 127.0.0.1 and Lectern at
 * localhost (two sites, so Lectern is the third party): with the state cookie, with third-party
 * cookies blocked, and through the LTI platform storage. Each ends on the live player.
 */
// Skipped only without Chromium; .ci/run installs it and sets REQUIRE_CHROMIUM=1, which fails instead of skipping.
describe.skipIf(!chromiumAvailable())('LTI launch in Chromium', () => {
  let t: TestApp;
  let sim: PlatformSimulator;
  let lectern: string;
  let courseId: string;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    t = await setupApp('sqlite', { config: { webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
    sim = await PlatformSimulator.start();
    sim.now = () => Math.floor(t.clock.now() / 1000);
    courseId = (await createCourse(t, { title: 'Crossing', published: true })).id;
    const registered = await t.request({ method: 'POST', url: '/api/v1/lti/registrations', body: sim.registration() });
    expect(registered.status, registered.text).toBe(201);
    const port = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port;
    lectern = `http://localhost:${port}`;
    sim.nextClaims = { [`${LTI}target_link_uri`]: `${lectern}/lti/launch`, [`${LTI}custom`]: { course_id: courseId } };
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await sim?.close();
    await t?.close();
  });

  /** Whether a request comes from a frame (not a window of its own; a popup's first request has no frame yet). */
  function inFrame(request: Request): boolean {
    try {
      return request.frame().parentFrame() !== null;
    } catch {
      return false;
    }
  }

  async function openInLms(args: string[], storage: boolean, dropCookies = false, expectPlayer = true): Promise<{ page: Page; tool: Frame }> {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', ...args] });
    browsers.push(browser);
    const context = await browser.newContext();
    if (dropCookies) {
      // As Safari does in a frame: no cookie of Lectern's is kept there (a window of its own keeps them).
      await context.route(`${lectern}/lti/login**`, async (route) => {
        if (!inFrame(route.request())) return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'set-cookie'));
        // route.fetch keeps what it receives in the context's cookie jar: forget it.
        await context.clearCookies();
        await route.fulfill({ response, headers });
      });
    }
    const page = await context.newPage();
    const login = new URLSearchParams({ iss: sim.issuer, login_hint: 'user-1', target_link_uri: `${lectern}/lti/launch`, client_id: sim.clientId, ...(storage ? { lti_storage_target: '_parent' } : {}) });
    await page.goto(`${sim.origin}/lms?tool=${encodeURIComponent(`${lectern}/lti/login?${login.toString()}`)}`);
    const tool = page.frame({ name: 'tool' })!;
    if (expectPlayer) await tool.waitForURL(/\/play\//, { timeout: 15_000 });
    return { page, tool };
  }

  it.each([
    ['the state cookie', [], false],
    ['third-party cookies blocked (the cookie is Partitioned)', ['--test-third-party-cookie-phaseout'], false],
    // A fulfilled (intercepted) answer counts as a public page to Chromium's Local Network Access checks,
    // which would then refuse its navigation to the LMS on 127.0.0.1: they are off for this case.
    ['the platform storage, cookies dropped', ['--test-third-party-cookie-phaseout', '--disable-features=LocalNetworkAccessChecks'], true],
  ])('%s', async (_name, args, storage) => {
    const before = await t.database.selectFrom('player_sessions').select('token_hash').execute();
    const { page, tool } = await openInLms(args, storage, storage);
    // The player takes its token from the fragment and clears it.
    expect(tool.url()).toMatch(new RegExp(`^${lectern}/play/`));
    const after = await t.database.selectFrom('player_sessions').select('token_hash').execute();
    expect(after.length).toBe(before.length + 1);
    if (storage) {
      const messages = await page.evaluate(() => (globalThis as unknown as { ltiMessages: { message: { subject: string } }[] }).ltiMessages.map((m) => m.message.subject));
      expect(messages).toEqual(['lti.put_data', 'lti.get_data']);
    }
  });

  it('no cookie and no platform storage: the "Open in a new window" link, which launches in a window of its own', async () => {
    const { page, tool } = await openInLms(['--test-third-party-cookie-phaseout', '--disable-features=LocalNetworkAccessChecks'], false, true, false);
    const link = tool.getByRole('link', { name: 'Open in a new window' });
    await link.waitFor({ timeout: 15_000 });
    const popup = page.waitForEvent('popup');
    await link.click();
    const opened = await popup;
    await opened.waitForURL(/\/play\//, { timeout: 15_000 });
  });
});
