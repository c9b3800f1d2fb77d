import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { chromiumAvailable, poll } from '../browser/browser-support.js';
import { consoleHarness, overflowing, pageWidth, viewports } from './console-harness.js';

const dialects = testDialects();

/** The focused element, described (tag, id, text) for an assertion; runs in the page. */
const focused = () => {
  const doc = (globalThis as unknown as { document: { activeElement: { tagName: string; id: string; textContent: string | null } | null } }).document;
  const active = doc.activeElement;
  return active ? { tag: active.tagName.toLowerCase(), id: active.id, text: (active.textContent ?? '').trim().slice(0, 40) } : null;
};

/**
 * The console as a daily tool (issue 32), in Chromium: pages that fit at 1280 and 375 px, secrets
 * that warn before they leave the screen, a rotation's grace shown, complete logs with key names,
 * a session ended elsewhere, the favicon, focus after "Done", no submission from a checkbox, and
 * deliveries that refresh by themselves with their next retry time. One server and browser per
 * dialect; the first retry of a failed delivery comes after 1 s.
 */
describe.skipIf(!chromiumAvailable()).each(dialects)('console as a daily tool [%s]', (dialect) => {
  const h = consoleHarness(dialect, { env: { WEBHOOK_RETRY_SCHEDULE: '1,600' } });

  /** A key made on the keys page; its secret and id (the secret left on screen). */
  const createKey = async (page: Page, name: string) => {
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('you will not see it again').waitFor();
    const key = (await page.getByTestId('secret-value').textContent())!;
    h.secrets.push(key);
    const id = (await page.locator('tr', { hasText: name }).getAttribute('data-key-id'))!;
    return { key, id };
  };

  /** The page is no wider than its viewport (its scrollWidth, measured), at both widths. */
  const fitsBothWidths = async (page: Page, what: string) => {
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      // Waited for (a chart redraws for its new width first); the message names the page, the width and what sticks out.
      const fits = await expect
        .poll(() => page.evaluate(pageWidth), { timeout: 5_000 })
        .toSatisfy((w: { scrollWidth: number; innerWidth: number }) => w.innerWidth === viewport.width && w.scrollWidth <= w.innerWidth)
        .then(
          () => true,
          () => false,
        );
      if (!fits) expect.fail(`${what} at ${label} is wider than the screen (${JSON.stringify(await page.evaluate(pageWidth))}): ${(await page.evaluate(overflowing)).join('; ')}`);
    }
    await page.setViewportSize(viewports.desktop);
  };

  it('fits every page at 1280 and 375 px: actions on screen, tables as cards, a compact header', async () => {
    const page = await h.signedInPage(h.cliUser('owner').link);
    // Long names and every scope: the widest rows a user makes.
    const { key } = await createKey(page, "Integration key for the district's student information system nightly sync");
    await page.getByRole('button', { name: 'Done' }).click();
    await createKey(page, 'Second key');
    await page.getByRole('button', { name: 'Done' }).click();
    expect((await h.api(key, '/courses/crs_00000000000000000000000000')).status).toBe(404);

    // At 1280 px the actions of a key row are on screen, not past the table's right edge.
    const revoke = page.getByRole('button', { name: "Revoke Integration key for the district's student information system nightly sync" });
    const box = (await revoke.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewports.desktop.width);
    expect(box.x).toBeGreaterThanOrEqual(0);
    await fitsBothWidths(page, 'API keys');

    // At 375 px: each row a card with its cells labelled, the actions on screen, and a header of a few lines.
    await page.setViewportSize(viewports.mobile);
    const row = page.locator('tr', { hasText: 'Second key' });
    const display = (element: unknown) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { display: string } }).getComputedStyle(element).display;
    expect(await row.evaluate(display)).toBe('block');
    const mobileBox = (await page.getByRole('button', { name: 'Revoke Second key' }).boundingBox())!;
    expect(mobileBox.x + mobileBox.width).toBeLessThanOrEqual(viewports.mobile.width);
    const header = (await page.locator('header').boundingBox())!;
    expect(header.height).toBeLessThan(170);
    // Who is signed in, and signing out, sit behind the menu button.
    expect(await page.getByRole('button', { name: 'Sign out everywhere' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.setViewportSize(viewports.desktop);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(`${h.receiver.url}/a/rather/long/path/that/an/lms/might/use/for/its/webhook/receiver`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: /^Deliveries of / }).first().click();
    await page.getByRole('heading', { name: /^Deliveries of / }).waitFor();
    await fitsBothWidths(page, 'Webhooks');

    await page.getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('heading', { name: 'Imports', exact: true }).waitFor();
    await page.getByText('No imports in this environment yet.').waitFor();
    await fitsBothWidths(page, 'Imports');

    await page.getByRole('link', { name: 'LTI', exact: true }).click();
    await page.getByRole('heading', { name: 'LTI', exact: true }).waitFor();
    await page.getByRole('row', { name: /OIDC login/ }).waitFor();
    await fitsBothWidths(page, 'LTI');

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.locator('[data-testid="totals-24h"]').waitFor();
    await fitsBothWidths(page, 'Usage');

    await page.getByRole('link', { name: 'Request log' }).click();
    await page.locator('tr[data-request-id]').first().waitFor();
    await fitsBothWidths(page, 'Request log');

    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await fitsBothWidths(page, 'Users');

    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await fitsBothWidths(page, 'Your account');

    const signIn = await h.newPage();
    await signIn.goto(`${h.server.url}/console/`);
    await signIn.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();
    await fitsBothWidths(signIn, 'Sign in');
  });

  it('warns before a secret not yet copied leaves the screen: another page, another environment, a reload', async () => {
    const page = await h.signedInPage(h.cliUser('developer').link, viewports.desktop, 'manual');
    const dialogs: string[] = [];
    /** The next dialog: recorded, then accepted or dismissed. */
    const answerNext = (accept: boolean) =>
      page.waitForEvent('dialog').then(async (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        await (accept ? dialog.accept() : dialog.dismiss());
      });
    const { key } = await createKey(page, 'Warned key');

    // Another page, "no": still here, secret on screen.
    let answered = answerNext(false);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await answered;
    expect(dialogs.at(-1)).toMatch(/^confirm: The secret shown on this page has not been copied/);
    expect(await page.getByTestId('secret-value').textContent()).toBe(key);
    expect(await page.getByRole('heading', { name: 'API keys' }).count()).toBe(1);
    expect(new URL(page.url()).hash).toBe('#/keys');

    // Another environment, "no": the same environment, secret on screen.
    answered = answerNext(false);
    await page.getByLabel('Environment').selectOption('development');
    await answered;
    expect(await page.getByLabel('Environment').inputValue()).toBe('production');
    expect(await page.getByTestId('active-environment').textContent()).toBe('Active: Production');
    expect(await page.getByTestId('secret-value').textContent()).toBe(key);

    // A reload or a closed tab: the browser's own "leave the site?" (beforeunload), "no" keeps the page.
    answered = answerNext(false);
    void page.reload({ timeout: 3_000 }).catch(() => {});
    await answered;
    expect(dialogs.at(-1)).toMatch(/^beforeunload/);
    expect(await page.getByTestId('secret-value').textContent()).toBe(key);

    // "Yes" leaves: the other page, and nothing asks any more.
    answered = answerNext(true);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await answered;
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    const asked = dialogs.length;
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();

    // An environment switch, "yes": the new environment.
    await createKey(page, 'Second warned key');
    answered = answerNext(true);
    await page.getByLabel('Environment').selectOption('development');
    await answered;
    await page.getByText('No keys in this environment yet.').waitFor();
    expect(dialogs.length).toBe(asked + 1);
    // Dismissed with "Done", a secret asks nothing.
    await page.getByLabel('Environment').selectOption('production');
    await createKey(page, 'Third warned key');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage', exact: true }).waitFor();
    expect(dialogs.length).toBe(asked + 1);
  });

  it('shows a rotated key\'s previous secret and until when it works, and an endpoint\'s secrets likewise', async () => {
    const page = await h.signedInPage(h.cliUser('developer').link);
    const { key } = await createKey(page, 'Graceful key');
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.locator('tr', { hasText: 'Graceful key' });
    const hint = (await row.locator('td[data-label="Key"] code').first().textContent())!;
    await row.getByLabel('Grace period for Graceful key').selectOption('3600');
    await page.getByRole('button', { name: 'Rotate Graceful key' }).click();
    await page.getByText('Rotated key "Graceful key"').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const previous = row.getByTestId('previous-key');
    await previous.waitFor();
    expect(await previous.textContent()).toMatch(new RegExp(`^previous secret ${hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} valid until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\u00a0UTC$`));
    expect((await h.api(key, '/courses')).status).toBe(200);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(`${h.receiver.url}/graceful`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.locator('tr', { hasText: `${h.receiver.url}/graceful` });
    const secretHint = (await endpoint.locator('td[data-label="Signing secret"] code').first().textContent())!;
    expect(secretHint.length).toBeGreaterThan(4);
    await page.getByRole('button', { name: `Rotate the secret of ${h.receiver.url}/graceful` }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await endpoint.getByTestId('previous-secret').waitFor();
    expect(await endpoint.getByTestId('previous-secret').textContent()).toContain(`previous secret ${secretHint} valid until`);
  });

  it('finds an unknown route\'s 404 and a revoked key\'s 401 in the request log by request id, with the key\'s name; usage refreshes by itself', async () => {
    const page = await h.signedInPage(h.cliUser('developer').link);
    const { key, id } = await createKey(page, 'Logged key');
    await page.getByRole('button', { name: 'Done' }).click();

    // The usage page of this key, open while requests come in: its figures follow without a reload.
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByLabel('Key', { exact: true }).selectOption(id);
    expect(await page.getByLabel('Key', { exact: true }).locator('option:checked').textContent()).toBe(`Logged key (${id})`);
    const requests = page.locator(`[data-testid="totals-24h"][data-key-id="${id}"] [data-field="requests"]`);
    await requests.waitFor();
    const before = Number(await requests.textContent());
    const unknown = await h.api(key, '/no-such-route');
    expect(unknown.status).toBe(404);
    const unknownId = ((await unknown.json()) as { error: { request_id: string } }).error.request_id;
    await poll(async () => Number(await requests.textContent())).toBe(before + 1);

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Revoke Logged key' }).click();
    await page.locator('tr', { hasText: 'Logged key' }).getByText('Revoked').waitFor();
    const refused = await h.api(key, '/courses');
    expect(refused.status).toBe(401);
    const refusedId = ((await refused.json()) as { error: { request_id: string } }).error.request_id;

    await page.getByRole('link', { name: 'Request log' }).click();
    for (const [requestId, status] of [
      [unknownId, '404'],
      [refusedId, '401'],
    ] as const) {
      await page.getByLabel('Request id').fill(requestId);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.locator(`tr[data-request-id="${requestId}"]`);
      await row.waitFor();
      expect(await row.locator('td[data-label="Status"]').textContent()).toBe(status);
      expect(await row.locator('td[data-label="Key"]').textContent()).toBe(`Logged key (${id})`);
    }
  });

  it('brings back the sign-in page when the session ends elsewhere, then the page the user was on', async () => {
    const { email, link } = h.cliUser('viewer');
    const page = await h.signedInPage(link);
    const password = 'a long enough password 32';
    // A password, set through the console's API right after the link's sign-in (no current one needed then).
    const setPassword = await page.evaluate(async (pw) => {
      const session = (await (await fetch('/console/api/session')).json()) as { data: { csrf_token: string } };
      const response = await fetch('/console/api/password', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrf_token },
        body: JSON.stringify({ password: pw }),
      });
      return response.status;
    }, password);
    expect(setPassword).toBeLessThan(300);
    // The page's first search answered before the session ends: on a loaded machine it could otherwise
    // come back 401 after the sign-out below and show the sign-in page before the click it is meant to follow.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/request-logs')),
      page.getByRole('link', { name: 'Request log' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Request log' }).waitFor();
    // Every session of the user ends (as "Sign out everywhere" in another browser does).
    const ended = await page.evaluate(async () => {
      const session = (await (await fetch('/console/api/session')).json()) as { data: { csrf_token: string } };
      return (await fetch('/console/api/session/sign-out-everywhere', { method: 'POST', headers: { 'x-csrf-token': session.data.csrf_token } })).status;
    });
    expect(ended).toBeLessThan(300);

    // The next call answers 401 session_required: the sign-in page, without the navigation.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();
    await page.getByText('Your session has ended').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByText('Sign in to the console first').count()).toBe(0);

    // A wrong password is an ordinary error (401 invalid_credentials), on the same page.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Request log' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/logs');
  });

  it('gives the focus back after "Done", never to the body, and Enter on a checkbox submits nothing', async () => {
    const page = await h.signedInPage(h.cliUser('developer').link);
    await createKey(page, 'Focus key');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.evaluate(focused)).toEqual(expect.objectContaining({ tag: 'button', text: 'Create key' }));

    const row = page.locator('tr', { hasText: 'Focus key' });
    await row.getByLabel('Grace period for Focus key').selectOption('0');
    await page.getByRole('button', { name: 'Rotate Focus key' }).click();
    await page.getByText('Rotated key "Focus key"').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.evaluate(focused)).toEqual(expect.objectContaining({ tag: 'button', text: 'Rotate' }));

    // Enter on a scope's checkbox, the form otherwise complete: no key is made.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/(api-keys|webhook-endpoints)$/.test(new URL(request.url()).pathname)) posts++;
    });
    await page.getByLabel('Name').fill('Never made');
    const scope = page.getByRole('checkbox').nth(1);
    await scope.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(`${h.receiver.url}/never`);
    await page.getByRole('checkbox', { name: 'Every event (*)' }).focus();
    await page.keyboard.press('Enter');
    // Through a round trip of the page's own, so a submission would have been sent by now.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(posts).toBe(0);
    expect(await page.getByText('Never made').count()).toBe(0);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(`${h.receiver.url}/focus`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.evaluate(focused)).toEqual(expect.objectContaining({ tag: 'button', text: 'Add endpoint' }));
    await page.getByRole('button', { name: `Rotate the secret of ${h.receiver.url}/focus` }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.evaluate(focused)).toEqual(expect.objectContaining({ tag: 'button', text: 'Rotate secret' }));
  });

  it('refreshes the open endpoint\'s deliveries by itself and says when a failed one will be retried', async () => {
    const page = await h.signedInPage(h.cliUser('developer').link);
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const url = `${h.receiver.url}/failing`;
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    h.receiver.answer = () => 500;
    try {
      await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
      await page.getByRole('status').getByText(/: failed \(HTTP 500\): will retry at \d\d:\d\d\u00a0UTC \(attempt 2 of 3\)/).waitFor();
      const delivery = page.locator('tr[data-delivery-id]').first();
      expect(await delivery.getAttribute('data-attempts')).toBe('1');
      // Typing in the form meanwhile: a refresh keeps the field and the focus.
      await page.getByLabel('Description').fill('typed while the list refreshes');
      // The retry 1 s later, shown by the page's own refresh (every 5 s): attempt 2 failed, the third at its time.
      await delivery.and(page.locator('[data-attempts="2"]')).waitFor({ timeout: 15_000 });
      expect(await delivery.locator('td[data-label="Status"]').textContent()).toMatch(/^failed \(HTTP 500\): will retry at \d\d:\d\d\u00a0UTC \(attempt 3 of 3\)/);
      expect(await page.getByLabel('Description').inputValue()).toBe('typed while the list refreshes');
      expect(await page.evaluate(focused)).toEqual(expect.objectContaining({ tag: 'input', id: 'endpoint-description' }));
    } finally {
      h.receiver.answer = () => 200;
    }
    // The hash route's changes are same-document navigations; no reload happened.
    expect(navigations).toBeLessThanOrEqual(2);
  });

  it('answers /favicon.ico with the console\'s icon, and no page of this file got a 404', async () => {
    const icon = await fetch(`${h.server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    const page = await h.newPage();
    await page.goto(`${h.server.url}/console/`);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/console/favicon.svg');
    const linked = await page.goto(`${h.server.url}${href}`);
    expect(linked?.status()).toBe(200);
    expect(h.notFound).toEqual([]);
  });
});
