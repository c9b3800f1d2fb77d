import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { runCli } from '../process/spawn.js';
import { chromiumAvailable } from '../browser/browser-support.js';
import { consoleHarness, viewports } from './console-harness.js';

const dialects = testDialects();

/**
 * The console end to end, in Debian's Chromium: a real server started as `npm start` starts it
 * (first start: demo account, key and owner link), users made with the CLI, a real webhook
 * receiver, and every page driven as a person would (labels and roles, not CSS classes).
 */
describe.skipIf(!chromiumAvailable()).each(dialects)('console in Chromium [%s]', (dialect) => {
  // Screenshots once, from the first database's run.
  const h = consoleHarness(dialect, { screenshots: dialect === dialects[0] });
  const { cliUser, signedInPage, shoot, api, secrets, alerts } = h;

  it('prints the demo owner\'s sign-in link on first start, and it opens the console', async () => {
    expect(h.server.stdout()).toContain('lct_prod_');
    const page = await h.newPage();
    await page.goto(`${h.server.url}/console/`);
    await page.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();
    await shoot(page, 'sign-in');
    await page.goto(h.demoLink);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await page.getByText('owner@demo.example (owner)').count()).toBe(1);
    expect(page.url()).not.toContain(h.demoLink.split('/').pop()!);
  });

  it('creates a key that works, rotates it, revokes it and sees the API answer 401', async () => {
    const page = await signedInPage(cliUser('developer').link);
    await expect(page.getByTestId('active-environment').textContent()).resolves.toBe('Active: Production');
    await page.getByLabel('Name').fill('E2E key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('you will not see it again').waitFor();
    const key = (await page.getByTestId('secret-value').textContent())!;
    secrets.push(key);
    expect(key).toMatch(/^lct_prod_/);
    expect((await api(key, '/courses')).status).toBe(200);
    await shoot(page, 'api-keys');
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.locator('tr', { hasText: 'E2E key' });
    await row.getByLabel('Grace period for E2E key').selectOption('0');
    await page.getByRole('button', { name: 'Rotate E2E key' }).click();
    await page.getByText('Rotated key "E2E key"').waitFor();
    const rotated = (await page.getByTestId('secret-value').textContent())!;
    expect(rotated).not.toBe(key);
    secrets.push(rotated);
    expect((await api(key, '/courses')).status).toBe(401);
    expect((await api(rotated, '/courses')).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Revoke E2E key' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await api(rotated, '/courses')).status).toBe(401);

    // The environment switcher: development is another workspace, with none of these keys.
    await page.getByLabel('Environment').selectOption('development');
    await expect(page.getByTestId('active-environment').textContent()).resolves.toBe('Active: Development');
    await page.getByText('No keys in this environment yet.').waitFor();
    await page.getByLabel('Environment').selectOption('production');
  });

  it('adds a webhook endpoint and a test delivery reaches the local receiver', async () => {
    const page = await signedInPage(cliUser('developer').link);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(h.receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('you will not see it again').waitFor();
    const secret = (await page.getByTestId('secret-value').textContent())!;
    secrets.push(secret);
    h.receiver.trust(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: `Send a test event to ${h.receiver.url}` }).click();
    const [delivery] = await h.receiver.waitFor((d) => d.some((x) => x.type === 'webhook_endpoint.test'));
    expect(delivery!.body.data.object.url).toBe(h.receiver.url);
    await page.getByText(/Test event sent to .*: succeeded \(HTTP 200/).waitFor();
    await page.locator('tr[data-delivery-status="succeeded"]').first().waitFor();
    await page.getByRole('button', { name: 'Redeliver' }).first().click();
    await h.receiver.waitFor((d) => d.filter((x) => x.type === 'webhook_endpoint.test').length >= 2);
    await shoot(page, 'webhooks');
    // No retries on this server (WEBHOOK_RETRY_SCHEDULE is empty): a failed attempt is final, and says so.
    h.receiver.answer = () => 500;
    try {
      await page.getByRole('button', { name: `Send a test event to ${h.receiver.url}` }).click();
      await page.getByRole('status').getByText(/: failed \(HTTP 500\): will not be retried\.$/).waitFor();
      await page.locator('tr[data-delivery-status="failed"]').getByText('failed (HTTP 500): will not be retried').waitFor();
    } finally {
      h.receiver.answer = () => 200;
    }
  });

  it('counts 50 requests on the usage page and finds a 404 by its request id in the request log', async () => {
    const page = await signedInPage(cliUser('developer').link);
    await page.getByLabel('Name').fill('Usage key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('secret-value').textContent())!;
    for (let i = 0; i < 50; i++) expect((await api(key, '/courses')).status).toBe(200);
    const missing = await api(key, '/courses/crs_00000000000000000000000000');
    expect(missing.status).toBe(404);
    const requestId = ((await missing.json()) as { error: { request_id: string } }).error.request_id;

    await page.getByRole('button', { name: 'Done' }).click();
    const keyId = (await page.locator('tr', { hasText: 'Usage key' }).getAttribute('data-key-id'))!;
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByLabel('Key', { exact: true }).selectOption(keyId);
    // The figures of this key (the page shows every key's until the choice is applied).
    const totals = page.locator(`[data-testid="totals-24h"][data-key-id="${keyId}"]`);
    await totals.waitFor();
    expect(await totals.locator('[data-field="requests"]').textContent()).toBe('51');
    expect(await totals.locator('[data-field="status_2xx"]').textContent()).toBe('50');
    expect(await totals.locator('[data-field="status_4xx"]').textContent()).toBe('1');
    expect(await page.locator(`[data-testid="totals-30d"][data-key-id="${keyId}"]`).locator('[data-field="requests"]').textContent()).toBe('51');
    await page.getByTestId('budgets').getByText('of 1000 left').first().waitFor();
    await shoot(page, 'usage');

    await page.getByRole('link', { name: 'Request log' }).click();
    await page.getByLabel('Request id').fill(requestId);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`tr[data-request-id="${requestId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('/api/v1/courses/:id');
    expect(await row.textContent()).toContain('resource_not_found');
    await shoot(page, 'request-log');
  });

  it('keeps the figures of the key picked on the usage page when the answer for every key arrives after it', async () => {
    const page = await signedInPage(cliUser('developer').link);
    await page.getByLabel('Name').fill('Late answer key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const keyId = (await page.locator('tr', { hasText: 'Late answer key' }).getAttribute('data-key-id'))!;
    // The answers for "every key" (asked first, when the page opens) are held back until the
    // answers for the key picked next have arrived.
    let release!: () => void;
    const keyAnswered = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/usage\?granularity=/, async (route) => {
      if (route.request().url().includes('key_id=')) {
        await route.continue();
        release();
      } else {
        await keyAnswered;
        await new Promise((resolve) => setTimeout(resolve, 200));
        await route.continue();
      }
    });
    // Watched from before the page asks, so an answer that comes early is not missed.
    const everyKeyAnswers = Promise.all(
      ['hour', 'day'].map((granularity) =>
        page.waitForResponse((response) => response.url().includes(`/usage?granularity=${granularity}`) && !response.url().includes('key_id=')),
      ),
    );
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByLabel('Key', { exact: true }).selectOption(keyId);
    await page.locator(`[data-testid="totals-24h"][data-key-id="${keyId}"]`).waitFor();
    // The late answers for every key have come and gone: the page still shows the key's figures.
    await everyKeyAnswers;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.locator('[data-testid="totals-24h"]').getAttribute('data-key-id')).toBe(keyId);
    expect(await page.locator('[data-testid="totals-30d"]').getAttribute('data-key-id')).toBe(keyId);
  });

  it('refuses a cross-site form post (CSRF)', async () => {
    const page = await signedInPage(cliUser('owner').link);
    // Another origin: a page on another port that posts a form to the console's API.
    const attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<form method="post" action="${h.server.url}/console/api/environments/production/api-keys" enctype="text/plain">` +
          `<input name='{"name":"pwned","x":"' value='"}'></form><script>document.forms[0].submit()</script>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const answered = page.waitForResponse((r) => r.url().includes('/console/api/environments/production/api-keys') && r.request().method() === 'POST');
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const response = await answered;
      expect(response.status()).toBe(403);
      expect(await response.text()).toContain('csrf_failed');
    } finally {
      attacker.close();
    }
    await page.goto(`${h.server.url}/console/#/keys`);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await page.getByText('pwned').count()).toBe(0);
  });

  it('never keeps a session id planted before sign-in (fixation)', async () => {
    const page = await h.newPage();
    const context = page.context();
    const planted = 'planted-session-id-000000000000000000000000';
    // Planted as the console's own cookie would be (same name, host and path), as a cookie-tossing attacker would.
    await context.addCookies([{ name: 'lectern_session', value: planted, domain: '127.0.0.1', path: '/console', httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(cliUser('viewer').link);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    const cookies = (await context.cookies(`${h.server.url}/console/`)).filter((c) => c.name === 'lectern_session');
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0]!;
    expect(cookie.value).not.toBe(planted);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const withPlanted = await fetch(`${h.server.url}/console/api/session`, { headers: { cookie: `lectern_session=${planted}` } });
    expect(withPlanted.status).toBe(401);
  });

  it('sets a password on the account page, then signs in with it', async () => {
    const { email, link } = cliUser('viewer');
    const page = await signedInPage(link);
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByLabel('New password').fill('correct horse battery staple');
    await page.getByLabel('Repeat it').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Password set.').waitFor();
    await shoot(page, 'account');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
  });

  it('lets a viewer read keys but not create them', async () => {
    const page = await signedInPage(cliUser('viewer').link, viewports.mobile);
    await page.getByText('You are a viewer').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const session = (await (await fetch('/console/api/session')).json()) as { data: { csrf_token: string } };
      const response = await fetch('/console/api/environments/production/api-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrf_token },
        body: JSON.stringify({ name: 'viewer key' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('shows a user of another account nothing of this one, in pages or the API', async () => {
    const owner = await signedInPage(cliUser('owner').link);
    await owner.getByLabel('Name').fill('Secret school key');
    await owner.getByRole('button', { name: 'Create key' }).click();
    await owner.getByText('you will not see it again').waitFor();
    const keyId = (await owner.locator('tr', { hasText: 'Secret school key' }).getAttribute('data-key-id'))!;

    const account = runCli(['account', 'create', '--name', 'Other School', '--plan', 'professional', '--json'], h.env);
    const otherAccount = (JSON.parse(account.stdout) as { id: string }).id;
    const stranger = await signedInPage(cliUser('owner', otherAccount).link);
    await stranger.getByText('No keys in this environment yet.').waitFor();
    expect(await stranger.getByText('Secret school key').count()).toBe(0);
    const statuses = await stranger.evaluate(async (id) => {
      const session = (await (await fetch('/console/api/session')).json()) as { data: { csrf_token: string } };
      const post = (url: string) => fetch(url, { method: 'POST', headers: { 'x-csrf-token': session.data.csrf_token } }).then((r) => r.status);
      return [
        await post(`/console/api/environments/production/api-keys/${id}/revoke`),
        await post(`/console/api/environments/production/api-keys/${id}/rotate`),
        await fetch(`/console/api/environments/production/usage?key_id=${id}`).then((r) => r.status),
      ];
    }, keyId);
    expect(statuses).toEqual([404, 404, 404]);
    await stranger.getByRole('link', { name: 'Request log' }).click();
    await stranger.getByText('0 requests found.').waitFor();
  });

  it('renders a key and an endpoint named <script>alert(1)</script> as text', async () => {
    const name = '<script>alert(1)</script>';
    const page = await signedInPage(cliUser('developer').link);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('rowheader', { name }).waitFor();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(`${h.receiver.url}?n=<script>alert(1)</script>`);
    await page.getByLabel('Description').fill(name);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name, exact: true }).waitFor();
    expect(alerts).toEqual([]);
    expect(await page.locator('script:not([src])').count()).toBe(0);
  });

  it('logs none of the secrets it handled, and serves its pages under a strict CSP', async () => {
    const log = h.server.stdout();
    // The first start's banner prints the demo key and link once, on purpose; the rest is the log.
    const afterBanner = log.slice(log.indexOf('npx lectern user create'));
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(afterBanner).not.toContain(secret);
    const page = await fetch(`${h.server.url}/console/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});
