import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestDialect } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { type RunningServer, runCli, startServer } from '../process/spawn.js';
import { WebhookReceiver } from '../webhook-receiver.js';
import { launchChromium } from '../browser/browser-support.js';
import { ensureConsoleBuilt } from '../built.js';
import { SCREENSHOTS } from './browser.js';

/**
 * What the console's browser tests share (console.e2e.test.ts, console-daily.e2e.test.ts,
 * users.e2e.test.ts): one real server per file and dialect, started as `npm start` starts it on a
 * fresh database (first start: demo account, key and owner link), one Chromium, users made with the
 * CLI, pages signed in with their one-time link, and screenshots at both widths.
 *
 * Use it inside `describe.skipIf(!chromiumAvailable()).each(dialects)(…, (dialect) => { const h = consoleHarness(dialect); … })`:
 * it registers its own beforeAll/afterAll, and its fields are set once beforeAll has run.
 */

/** Runs in the page (a function, not a string: the console's CSP forbids eval); the root tsconfig has no DOM types. */
export const fitsTheScreen = () => {
  const page = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
  return page.document.documentElement.scrollWidth <= page.innerWidth;
};

/** The page's width against the viewport's, for a failure message that says by how much. */
export const pageWidth = () => {
  const page = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
  return { scrollWidth: page.document.documentElement.scrollWidth, innerWidth: page.innerWidth };
};

/**
 * The elements that reach past the right edge of the viewport (the innermost first few, leaving out
 * those inside a region that scrolls sideways by itself), for a failure message.
 */
export const overflowing = () => {
  type El = {
    tagName: string;
    id: string;
    className: unknown;
    parentElement: El | null;
    scrollWidth: number;
    getBoundingClientRect: () => { left: number; right: number; width: number };
    contains: (e: El) => boolean;
  };
  const page = globalThis as unknown as {
    document: { querySelectorAll: (s: string) => ArrayLike<El> };
    innerWidth: number;
    getComputedStyle: (e: El) => { overflowX: string };
  };
  const scrolledInside = (e: El) => {
    for (let up = e.parentElement; up; up = up.parentElement) if (page.getComputedStyle(up).overflowX !== 'visible') return true;
    return false;
  };
  // How far right an element or its own text reaches (a long word overflows its box without a child element).
  const reach = (e: El) => {
    const box = e.getBoundingClientRect();
    return box.left + Math.max(box.width, e.scrollWidth);
  };
  const wide = Array.from(page.document.querySelectorAll('body *')).filter((e) => reach(e) > page.innerWidth + 0.5 && !scrolledInside(e));
  const innermost = wide.filter((e) => !wide.some((other) => other !== e && e.contains(other)));
  return innermost
    .slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className ? `.${e.className}` : ''} (reaches ${Math.round(reach(e))} px)`);
};

export const viewports = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 812 } } as const;
export type Viewport = { width: number; height: number };

export interface ConsoleHarness {
  dialect: TestDialect;
  server: RunningServer;
  env: Record<string, string>;
  browser: Browser;
  /** A local webhook receiver (WEBHOOK_ALLOW_PRIVATE is set, so endpoints may point at it). */
  receiver: WebhookReceiver;
  /** The demo account of the first start, and its owner's one-time link (usable once). */
  accountId: string;
  demoLink: string;
  /** Messages of every `alert()` a page showed (a stored XSS would show one). */
  alerts: string[];
  /** Every secret the tests saw (keys, signing secrets, sign-in tokens): none may reach the server's log. */
  secrets: string[];
  /** Every answer 404 to a page's own request (e.g. /favicon.ico): `url status`. */
  notFound: string[];
  /** Whether this run writes screenshots (the first dialect's only). */
  screenshots: boolean;
  /** A console user made by `lectern user create`, and the sign-in link it printed. */
  cliUser: (role: 'owner' | 'developer' | 'viewer', account?: string) => { email: string; link: string };
  /** A fresh browser context (its own cookies) and page, dialogs accepted unless `dialogs` is given. */
  newPage: (viewport?: Viewport, dialogs?: 'accept' | 'manual') => Promise<Page>;
  /** A fresh browser context signed in with a link, on the API keys page. */
  signedInPage: (link: string, viewport?: Viewport, dialogs?: 'accept' | 'manual') => Promise<Page>;
  /** Screenshots of the page at both widths into build/screenshots (first dialect only); checks nothing is wider than the screen. */
  shoot: (page: Page, name: string) => Promise<void>;
  /** A call to the public API with a key, as an integrator makes it. */
  api: (key: string, urlPath: string, init?: RequestInit) => Promise<Response>;
}

export interface HarnessOptions {
  /** More environment for the server (e.g. a retry schedule). */
  env?: Record<string, string>;
  /** Screenshots from this file (the first dialect's run); off by default. */
  screenshots?: boolean;
}

/** Starts a server on a fresh database of `dialect` and a Chromium for the enclosing describe block. */
export function consoleHarness(dialect: TestDialect, options: HarnessOptions = {}): ConsoleHarness {
  const contexts: BrowserContext[] = [];
  let drop: (() => Promise<void>) | undefined;
  const h = {
    dialect,
    alerts: [] as string[],
    secrets: [] as string[],
    notFound: [] as string[],
    screenshots: options.screenshots === true,
  } as ConsoleHarness;

  beforeAll(async () => {
    ensureConsoleBuilt();
    const fresh = await freshDatabaseEnv(dialect);
    drop = fresh.drop;
    h.env = { ...fresh.env, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '', ...options.env };
    h.server = await startServer(h.env);
    h.accountId = /Account: (acc_\w+)/.exec(h.server.stdout())![1]!;
    h.demoLink = /(http:\/\/\S+\/console\/#\/sign-in\/\S+)/.exec(h.server.stdout())![1]!;
    h.receiver = await new WebhookReceiver().start();
    h.browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await h.browser?.close();
    await h.receiver?.close();
    h.server?.process.kill('SIGTERM');
    await h.server?.exited;
    await drop?.();
  });

  h.cliUser = (role, account = h.accountId) => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@school.example`;
    const result = runCli(['user', 'create', '--account', account, '--email', email, '--role', role, '--base-url', h.server.url, '--json'], h.env);
    expect(result.status, result.stderr).toBe(0);
    const parsed = JSON.parse(result.stdout) as { sign_in_url?: string; url?: string };
    const link = (parsed.sign_in_url ?? parsed.url)!;
    h.secrets.push(link.split('/').pop()!);
    return { email, link };
  };

  h.newPage = async (viewport = viewports.desktop, dialogs = 'accept') => {
    const context = await h.browser.newContext({ viewport });
    // Shorter than the test's own timeout, so a wait that never ends fails naming its locator.
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      if (dialog.type() === 'alert') h.alerts.push(dialog.message());
      if (dialogs === 'accept') void dialog.accept();
    });
    page.on('response', (response) => {
      if (response.status() === 404) h.notFound.push(`${response.url()} ${response.status()}`);
    });
    return page;
  };

  h.signedInPage = async (link, viewport = viewports.desktop, dialogs = 'accept') => {
    const page = await h.newPage(viewport, dialogs);
    await page.goto(link);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    return page;
  };

  h.shoot = async (page, name) => {
    if (!h.screenshots) return;
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      // Nothing wider than the screen (charts redraw for the new width first): the console works at 375 px.
      await page.waitForFunction(fitsTheScreen, undefined, { timeout: 5_000 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
    }
    await page.setViewportSize(viewports.desktop);
  };

  h.api = (key, urlPath, init = {}) =>
    fetch(`${h.server.url}/api/v1${urlPath}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string> | undefined) } });

  return h;
}
