import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { chromiumAvailable } from '../browser/browser-support.js';
import { PlatformSimulator } from '../lti/platform-simulator.js';
import { consoleHarness, overflowing, pageWidth, viewports } from './console-harness.js';

const dialects = testDialects();

/**
 * The console's LTI page in Chromium, on a real server (WEBHOOK_ALLOW_PRIVATE is set by the
 * harness, so platforms on 127.0.0.1 are allowed): a Dynamic Registration link shown once (with the
 * unsaved-secret warning) that registers the platform simulator, a registration made over the API
 * in the list, its deployment policy changed, its deletion, each registration's grade sends; viewers
 * read only; the page fits 1280 and 375 px.
 */
describe.skipIf(!chromiumAvailable()).each(dialects)('console LTI page [%s]', (dialect) => {
  const h = consoleHarness(dialect);
  let sim: PlatformSimulator;
  beforeAll(async () => {
    sim = await PlatformSimulator.start({ clientId: 'console-dr-client', deploymentId: 'console-deployment' });
  });
  afterAll(async () => {
    await sim?.close();
  });

  /** A key with every scope, made on the keys page (its secret left to the list of secrets). */
  const createKey = async (page: Page) => {
    await page.getByLabel('Name').fill('LTI key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('you will not see it again').waitFor();
    const key = (await page.getByTestId('secret-value').textContent())!;
    h.secrets.push(key);
    await page.getByRole('button', { name: 'Done' }).click();
    return key;
  };

  const fitsBothWidths = async (page: Page) => {
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      const fits = await expect
        .poll(() => page.evaluate(pageWidth), { timeout: 5_000 })
        .toSatisfy((w: { scrollWidth: number; innerWidth: number }) => w.innerWidth === viewport.width && w.scrollWidth <= w.innerWidth)
        .then(
          () => true,
          () => false,
        );
      if (!fits) expect.fail(`LTI at ${label} is wider than the screen (${JSON.stringify(await page.evaluate(pageWidth))}): ${(await page.evaluate(overflowing)).join('; ')}`);
    }
    await page.setViewportSize(viewports.desktop);
  };

  it('a registration link shown once registers the LMS; a registration made over the API shows, changes policy and is deleted', async () => {
    const page = await h.signedInPage(h.cliUser('developer').link, viewports.desktop, 'manual');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const key = await createKey(page);
    await page.getByRole('link', { name: 'LTI', exact: true }).click();
    await page.getByRole('heading', { name: 'LTI', exact: true }).waitFor();
    await page.getByText('No LMS is registered in this environment yet.').waitFor();
    await page.getByRole('row', { name: /OIDC login/ }).getByText(`${h.server.url}/lti/login`).waitFor();

    // The link, once, with the warning; leaving it uncopied asks first.
    await page.getByLabel('Valid for').selectOption(String(86_400));
    await page.getByRole('button', { name: 'New registration link' }).click();
    await page.getByText('you will not see it again').waitFor();
    const url = (await page.getByTestId('secret-value').textContent())!;
    const linkToken = new URL(url).searchParams.get('link')!;
    h.secrets.push(linkToken);
    expect(url).toMatch(new RegExp(`^${h.server.url}/lti/register\\?link=[A-Za-z0-9_-]{43}$`));
    await page.getByText(/registers one LMS in this environment, once, until \d{4}-\d\d-\d\d \d\d:\d\d/).waitFor();
    await page.getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('heading', { name: 'Courses' }).waitFor();
    expect(dialogs.at(-1)).toMatch(/has not been copied/);
    await page.getByRole('link', { name: 'LTI', exact: true }).click();
    await page.getByRole('heading', { name: 'LTI', exact: true }).waitFor();
    expect(await page.getByTestId('secret-value').count()).toBe(0);

    // The LMS opens it (Dynamic Registration): the platform appears in the list.
    const registered = await fetch(`${url}&openid_configuration=${encodeURIComponent(sim.openidConfigurationUrl)}&registration_token=t1`);
    expect(registered.status, await registered.clone().text()).toBe(200);
    expect(await registered.text()).toContain('Lectern is registered');
    await page.reload();
    const simRow = page.locator('tr', { hasText: 'console-dr-client' });
    await simRow.getByText('console-deployment').waitFor();
    await simRow.getByRole('button', { name: `Grade sends of ${sim.issuer}` }).click();
    await page.getByRole('heading', { name: `Grade sends to ${sim.issuer}` }).waitFor();
    await page.getByText('No grade sends yet.').waitFor();

    // A registration made over the API shows in the list.
    const made = await h.api(key, '/lti/registrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        issuer: 'https://moodle.school.example/with/a/rather/long/path/for/its/issuer',
        client_id: 'api-client-0123456789abcdef0123456789abcdef',
        auth_login_url: 'http://127.0.0.1:9/mod/lti/auth.php',
        auth_token_url: 'http://127.0.0.1:9/mod/lti/token.php',
        jwks_url: 'http://127.0.0.1:9/mod/lti/certs.php',
        deployment_ids: ['7', '8:a-long-deployment-id-0123456789abcdef0123456789abcdef'],
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    await page.reload();
    const row = page.locator(`tr[data-registration-id="${id}"]`);
    await row.getByText('api-client-0123456789abcdef0123456789abcdef').waitFor();
    await fitsBothWidths(page);

    // The deployment policy, changed from the list.
    await row.getByLabel(/^Unknown deployments of /).selectOption('reject');
    await page.getByText(/unknown deployments are refused from now on/).waitFor();
    const read = (await (await h.api(key, `/lti/registrations/${id}`)).json()) as { data: { unknown_deployments: string } };
    expect(read.data.unknown_deployments).toBe('reject');

    // Deleted after a confirmation.
    await page.getByRole('button', { name: 'Delete the registration of https://moodle.school.example/with/a/rather/long/path/for/its/issuer' }).click();
    await row.waitFor({ state: 'detached' });
    expect(dialogs.at(-1)).toMatch(/^Delete the registration of https:\/\/moodle\.school\.example/);
    expect((await h.api(key, `/lti/registrations/${id}`)).status).toBe(404);
    // The link's token reached no log line (only paths are logged).
    expect(h.server.stdout()).not.toContain(linkToken);
  });

  it('adds an LMS by hand; a viewer reads the list and changes nothing', async () => {
    const page = await h.signedInPage(h.cliUser('owner').link);
    await page.getByRole('link', { name: 'LTI', exact: true }).click();
    await page.getByLabel('Issuer').fill('https://brightspace.school.example');
    await page.getByLabel('Client id').fill('bs-client-1');
    await page.getByLabel('Authorization (OIDC auth) URL').fill('http://127.0.0.1:9/d2l/lti/authenticate');
    await page.getByLabel('Access token URL').fill('http://127.0.0.1:9/core/connect/token');
    await page.getByLabel('Platform keyset (JWKS) URL').fill('http://127.0.0.1:9/d2l/.well-known/jwks');
    await page.getByLabel('Deployment ids (one a line; optional)').fill('dep-a\ndep-b');
    await page.getByRole('button', { name: 'Add registration' }).click();
    await page.getByText('Registered https://brightspace.school.example (client id bs-client-1).').waitFor();
    await page.locator('tr', { hasText: 'bs-client-1' }).getByText('dep-b').waitFor();
    await fitsBothWidths(page);

    const viewer = await h.signedInPage(h.cliUser('viewer').link);
    await viewer.getByRole('link', { name: 'LTI', exact: true }).click();
    await viewer.locator('tr', { hasText: 'bs-client-1' }).getByText('accept and record').waitFor();
    expect(await viewer.getByRole('button', { name: 'New registration link' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Add registration' }).count()).toBe(0);
    await viewer.getByRole('button', { name: 'Grade sends of https://brightspace.school.example' }).click();
    await viewer.getByText('No grade sends yet.').waitFor();
    await fitsBothWidths(viewer);
    expect(h.alerts).toEqual([]);
  });
});
