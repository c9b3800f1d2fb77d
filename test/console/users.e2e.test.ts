import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { runCli } from '../process/spawn.js';
import { chromiumAvailable } from '../browser/browser-support.js';
import { consoleHarness, fitsTheScreen, pageWidth, viewports } from './console-harness.js';

const dialects = testDialects();

/**
 * Accounts in the console, in Chromium: the ways back in (a CLI link, an owner's link), the Users
 * page of owners (invite, roles, sessions, removal, the last owner kept), a password change that
 * needs the current password, and sign-in throttled per account with the failures shown to owners.
 */
describe.skipIf(!chromiumAvailable()).each(dialects)('console users and recovery in Chromium [%s]', (dialect) => {
  // TRUST_PROXY: the throttling test sends its guesses from many addresses (X-Forwarded-For), as a spread-out guesser would.
  const h = consoleHarness(dialect, { screenshots: dialect === dialects[0], env: { TRUST_PROXY: 'true' } });
  const { cliUser, signedInPage, secrets } = h;

  /** `lectern user link --email`: a new one-time link for an existing user. */
  const cliLink = (email: string) => {
    const result = runCli(['user', 'link', '--email', email, '--base-url', h.server.url, '--json'], h.env);
    expect(result.status, result.stderr).toBe(0);
    const { url } = JSON.parse(result.stdout) as { url: string };
    secrets.push(url.split('/').pop()!);
    return url;
  };

  /** A sign-in with email and password as a script makes it (same origin, no browser): the answer and its session cookie. */
  const passwordSignIn = async (email: string, password: string, address?: string) => {
    const response = await fetch(`${h.server.url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: h.server.url, ...(address ? { 'x-forwarded-for': address } : {}) },
      body: JSON.stringify({ email, password }),
    });
    const cookie = /lectern_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } }, cookie };
  };
  const sessionAlive = async (cookie: string) => (await fetch(`${h.server.url}/console/api/session`, { headers: { cookie: `lectern_session=${cookie}` } })).status;

  /** On the account page, sets a password (with the current one when given). */
  const setPassword = async (page: Page, password: string, current?: string) => {
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    if (current !== undefined) await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat it').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
  };

  const signInWithForm = async (page: Page, email: string, password: string) => {
    await page.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  const openUsers = async (page: Page) => {
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('table', { name: /Users of/ }).waitFor();
  };
  const row = (page: Page, email: string) => page.locator('tbody tr', { hasText: email });
  /** Clicks and answers the status of the users call it makes. */
  const usersCall = async (page: Page, method: string, click: () => Promise<void>) => {
    const answer = page.waitForResponse((r) => r.url().includes('/console/api/users/') && r.request().method() === method);
    await click();
    return (await answer).status();
  };

  it('recovers by link: `lectern user link` signs in a user who forgot their password, who then sets a new one without the old', async () => {
    const { email, link } = cliUser('developer');
    const first = await signedInPage(link);
    // No password yet: nothing to ask for.
    await first.getByRole('link', { name: 'Your account' }).click();
    expect(await first.getByLabel('Current password').count()).toBe(0);
    await setPassword(first, 'first password, long enough');
    await first.getByText('Password set.').waitFor();

    // Forgotten: the sign-in page says how to get back in (no mail is sent).
    const lost = await h.newPage();
    await lost.goto(`${h.server.url}/console/`);
    await lost.getByLabel('Email', { exact: true }).fill(email);
    await lost.getByRole('button', { name: 'Forgot password?' }).click();
    await lost.getByText('No email is sent').waitFor();
    await lost.getByText('New sign-in link').first().waitFor();
    expect(await lost.getByText(`npx lectern user link --email ${email}`).count()).toBe(1);

    const url = cliLink(email);
    await lost.goto(url);
    await lost.getByRole('heading', { name: 'API keys' }).waitFor();
    // After a link, the current password is not asked for.
    await lost.getByRole('link', { name: 'Your account' }).click();
    await lost.getByText('You signed in with a one-time link').waitFor();
    expect(await lost.getByLabel('Current password').count()).toBe(0);
    await setPassword(lost, 'second password, long enough');
    await lost.getByText('Password set. Your other sessions have been signed out').waitFor();

    expect((await passwordSignIn(email, 'first password, long enough')).status).toBe(401);
    await lost.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInWithForm(lost, email, 'second password, long enough');
    await lost.getByRole('heading', { name: 'API keys' }).waitFor();
    // The link is used up.
    await lost.goto(url);
    await lost.getByText('This sign-in link cannot be used').waitFor();
  });

  it('recovers by owner: invite, new link, role, end sessions, removal on the Users page; the last owner stays; developers see no Users page', async () => {
    // An account of its own, whose only owner is this one.
    const account = runCli(['account', 'create', '--name', 'Owners School', '--plan', 'professional', '--json'], h.env);
    expect(account.status, account.stderr).toBe(0);
    const owner = cliUser('owner', (JSON.parse(account.stdout) as { id: string }).id);
    const page = await signedInPage(owner.link);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.url });
    await openUsers(page);

    // The last owner can be neither demoted nor removed.
    const ownRole = page.getByLabel(`Role for ${owner.email}`, { exact: true });
    await ownRole.selectOption('viewer');
    expect(await usersCall(page, 'PATCH', () => page.getByRole('button', { name: `Save role for ${owner.email}` }).click())).toBe(409);
    await page.getByRole('alert').getByText('An account needs at least one owner').waitFor();
    await expect.poll(() => ownRole.inputValue()).toBe('owner');
    expect(await usersCall(page, 'DELETE', () => page.getByRole('button', { name: `Remove ${owner.email}` }).click())).toBe(409);
    await page.getByRole('alert').getByText('An account needs at least one owner').waitFor();
    expect(await row(page, owner.email).count()).toBe(1);

    // Invite: the link is shown once, copied, and signs the developer in.
    const email = `invited-${Math.random().toString(36).slice(2, 8)}@school.example`;
    await page.getByLabel('Email of the new user').fill(email);
    await page.getByLabel('Role of the new user').selectOption('developer');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(/valid until .*; send it to them yourself/).waitFor();
    const invitation = (await page.getByTestId('secret-value').textContent())!;
    secrets.push(invitation.split('/').pop()!);
    expect(invitation).toMatch(/\/console\/#\/sign-in\//);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(
      invitation,
    );
    await page.getByRole('button', { name: 'Done' }).click();

    const developer = await signedInPage(invitation);
    await developer.getByText(`${email} (developer)`).waitFor();
    expect(await developer.getByRole('link', { name: 'Users' }).count()).toBe(0);
    const forbidden = await developer.request.get(`${h.server.url}/console/api/users`);
    expect(forbidden.status()).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe('insufficient_permissions');

    // A role change: the user's next page load shows it.
    await page.reload();
    await page.getByRole('table', { name: /Users of/ }).waitFor();
    await row(page, email).getByRole('cell', { name: '1', exact: true }).waitFor(); // one live session
    await page.getByLabel(`Role for ${email}`, { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: `Save role for ${email}` }).click();
    await page.getByText(`${email} is now a viewer.`).waitFor();
    await developer.reload();
    await developer.getByText(`${email} (viewer)`).waitFor();

    // Ending a user's sessions: their page goes back to sign-in on its next request.
    await page.getByRole('button', { name: `End sessions of ${email}` }).click();
    await page.getByText(`Ended 1 session of ${email}.`).waitFor();
    await developer.getByRole('link', { name: 'Webhooks' }).click();
    await developer.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();

    // A new link for an existing user works.
    await page.getByRole('button', { name: `New sign-in link for ${email}` }).click();
    await page.getByText(`A new sign-in link for ${email}.`).waitFor();
    const again = (await page.getByTestId('secret-value').textContent())!;
    secrets.push(again.split('/').pop()!);
    await page.getByRole('button', { name: 'Done' }).click();
    const back = await signedInPage(again);
    await back.getByText(`${email} (viewer)`).waitFor();

    // Removal: the user's session ends and the row goes.
    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await page.getByText(`Removed ${email}.`).waitFor();
    await expect.poll(() => row(page, email).count()).toBe(0);
    await back.reload();
    await back.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();
  });

  it('asks for the current password to change it: a wrong one changes nothing, the right one ends the other sessions', async () => {
    const { email, link } = cliUser('viewer');
    const page = await signedInPage(link);
    await setPassword(page, 'the old password, long');
    await page.getByText('Password set.').waitFor();
    // A session opened with the password: a change now needs the current one.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInWithForm(page, email, 'the old password, long');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();

    await setPassword(page, 'the new password, long', 'not my password at all');
    await page.getByRole('alert').getByText('The password was not changed').waitFor();
    const current = page.getByLabel('Current password');
    await page.getByText('Current password is not your current password').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    const other = await passwordSignIn(email, 'the old password, long');
    expect(other.status).toBe(200);

    await setPassword(page, 'the new password, long', 'the old password, long');
    await page.getByText('Password set. Your other sessions have been signed out').waitFor();
    expect(await sessionAlive(other.cookie!)).toBe(401);
    expect((await passwordSignIn(email, 'the new password, long')).status).toBe(200);
  });

  it('throttles sign-in per account whatever the addresses, shows the failures to owners, and a link still signs in', async () => {
    const { email, link } = cliUser('developer');
    const page = await signedInPage(link);
    await setPassword(page, 'the right password, long');
    await page.getByText('Password set.').waitFor();

    // Twenty guesses from twenty addresses: no address reaches its own limit. Each runs scrypt
    // (about 250 ms of CPU here): nineteen at once, as a spread-out guesser sends them, then the
    // twentieth, the latest the owner is shown.
    const guesses = Array.from({ length: 19 }, (_, i) => passwordSignIn(email, `guess number ${i + 1}`, `203.0.113.${i + 1}`));
    for (const guess of await Promise.all(guesses)) expect(guess.status).toBe(401);
    expect((await passwordSignIn(email, 'guess number 20', '203.0.113.20')).status).toBe(401);

    const form = await h.newPage();
    await form.goto(`${h.server.url}/console/`);
    const answer = form.waitForResponse((r) => r.url().endsWith('/console/api/session') && r.request().method() === 'POST');
    await signInWithForm(form, email, 'the right password, long');
    const refused = await answer;
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('this account');
    await form.getByRole('alert').getByText(/^Too many attempts; try again in \d+ seconds?, or ask an owner for a sign-in link\.$/).waitFor();

    // The owner sees the attempts against the account.
    const ownerPage = await signedInPage(cliUser('owner').link);
    await openUsers(ownerPage);
    const failures = row(ownerPage, email).getByTestId('failed-sign-ins');
    await failures.getByText('20', { exact: true }).waitFor();
    expect(await failures.textContent()).toContain('203.0.113.20');

    // A one-time link is no guess: it signs in.
    await form.goto(cliLink(email));
    await form.getByRole('heading', { name: 'API keys' }).waitFor();
  });

  it('fits the Users page at 1280 and 375 px, the actions in view at 1280', async () => {
    cliUser('viewer');
    const page = await signedInPage(cliUser('owner').link);
    await openUsers(page);
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      await page.setViewportSize(viewport);
      await page.waitForFunction(fitsTheScreen, undefined, { timeout: 5_000 }).catch(async () => {
        throw new Error(`the Users page is wider than the screen: ${JSON.stringify(await page.evaluate(pageWidth))}`);
      });
    }
    await page.setViewportSize(viewports.desktop);
    for (const button of await page.getByRole('button', { name: /^Remove / }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewports.desktop.width);
    }
    await h.shoot(page, 'users');
  });
});
