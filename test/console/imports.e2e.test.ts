import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { chromiumAvailable } from '../browser/browser-support.js';
import { consoleHarness, overflowing, pageWidth, viewports } from './console-harness.js';

const dialects = testDialects();

/** A roster with one bad row: its email is no email, on physical line 4 (the header is line 1; the name on line 2 spans two lines). */
const roster = ['external_id,email,name', 's-001,ada@school.example,"Ada', 'Lovelace"', 's-002,not-an-email,Bad Row', 's-003,grace@school.example,Grace Hopper', ''].join('\n');
/** Tonight's roster of the same source: s-003 has left. */
const tonight = ['external_id,email,name', 's-001,ada@school.example,"Ada', 'Lovelace"', ''].join('\n');

/**
 * The console's Imports page in Chromium, on a real server and its job runner: a CSV with one bad
 * row as a dry run (the report's counts and the bad row's physical line, nothing written), then for
 * real (the students in the API, the results as CSV), a full sync over its threshold that waits
 * (a viewer sees it and cannot confirm; nothing changed) until confirmed, then deactivates; the page
 * fits 1280 and 375 px.
 */
describe.skipIf(!chromiumAvailable()).each(dialects)('console imports page [%s]', (dialect) => {
  const h = consoleHarness(dialect, { screenshots: dialect === dialects[0] });
  /** The demo account's production key, as the first start printed it: what the page's environment holds. */
  const key = () => /\s(lct_prod_\w+)\s/.exec(h.server.stdout())![1]!;
  const student = async (externalId: string) => {
    const response = await h.api(key(), `/students?external_id=${externalId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string; status?: string }[] }).data[0];
  };

  let page: Page;
  const report = () => page.locator('.import-report');
  const count = (name: string) => report().locator(`[data-count="${name}"] dd`);

  /** Picks the file and the options, sends it, and waits until its report shows `status`. */
  const upload = async (csv: string, options: { dryRun: boolean; sync?: 'full'; source?: string; maxDelete?: number }, status: string) => {
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The name said students: CSV of students is picked.
    expect(await page.getByLabel('Format').inputValue()).toBe('csv');
    expect(await page.getByLabel('Rows are').inputValue()).toBe('students');
    await page.getByLabel('Sync').selectOption(options.sync ?? 'delta');
    await page.getByLabel(/^Source/).fill(options.source ?? '');
    if (options.maxDelete !== undefined) await page.getByLabel('Max delete percent').fill(String(options.maxDelete));
    await page.getByLabel(/^Dry run/).setChecked(options.dryRun);
    // The report of the import before stays on screen until the new one is made.
    const before = (await report().count()) === 1 ? await report().getAttribute('data-import-id') : null;
    await page.getByRole('button', { name: options.dryRun ? 'Start dry run' : 'Import', exact: true }).click();
    await page.locator(`.import-report${before ? `:not([data-import-id="${before}"])` : ''}[data-import-status="${status}"]`).waitFor();
    return (await report().getAttribute('data-import-id'))!;
  };

  const fitsBothWidths = async (what: string) => {
    for (const [label, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
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

  it('a dry run reports the counts and the bad row at its line, and writes nothing', async () => {
    page = await h.signedInPage(h.cliUser('developer').link);
    await page.getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('heading', { name: 'Imports', exact: true }).waitFor();
    await page.getByText('No imports in this environment yet.').waitFor();

    await upload(roster, { dryRun: true, source: 'sis' }, 'succeeded_with_errors');
    await report().getByText('Dry run: nothing was written.').waitFor();
    expect(await count('created').textContent()).toBe('2');
    expect(await count('failed').textContent()).toBe('1');
    const bad = report().locator('tr[data-line="4"]');
    await bad.waitFor();
    expect(await bad.textContent()).toContain('s-002');
    expect(await bad.locator('td[data-label="Field"]').textContent()).toContain('email');
    expect(await student('s-001')).toBeUndefined();
    await fitsBothWidths('Imports with a dry run report');
    await h.shoot(page, 'imports');
  });

  it('for real: the students are in the API, the results download as CSV', async () => {
    const id = await upload(roster, { dryRun: false, source: 'sis' }, 'succeeded_with_errors');
    expect(await report().getByTestId('dry-run-notice').count()).toBe(0);
    expect(await count('created').textContent()).toBe('2');
    await report().locator('tr[data-line="4"]').waitFor();
    expect((await student('s-001'))?.id).toMatch(/^stu_/);
    expect((await student('s-003'))?.id).toMatch(/^stu_/);
    expect(await student('s-002')).toBeUndefined();
    // The list shows it too, with its counts.
    expect(await page.locator(`tr[data-import-id="${id}"]`).textContent()).toContain('2 created · 1 failed');

    // The download link, with the browser's cookie: one line per row, the bad one with its line and code.
    const href = (await report().getByRole('link', { name: 'Download results (CSV)' }).getAttribute('href'))!;
    const download = await page.request.get(`${h.server.url}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^text\/csv/);
    const csv = await download.text();
    expect(csv.trim().split('\n')).toHaveLength(4);
    expect(download.headers()['content-disposition']).toBe(`attachment; filename="${id}-results.csv"`);
    expect(csv.split('\r\n')[0]).toBe('file,line,type,external_id,action,id,code,field,message');
    expect(csv).toContain('\r\n-,4,student,s-002,failed,,validation_error,email,');
  });

  it('a full sync over its threshold waits, changing nothing, until confirmed; then it deactivates', async () => {
    const id = await upload(tonight, { dryRun: false, sync: 'full', source: 'sis', maxDelete: 10 }, 'awaiting_confirmation');
    // s-003 would go: 1 of the 2 students the source made (50%), over 10%.
    expect(await report().getByTestId('pending-deactivation').textContent()).toMatch(/would deactivate 1 student of the 2 active objects that imports of “sis” made \(50%\)/);
    expect((await student('s-003'))?.status).toBe('active');

    // A viewer sees the waiting sync and cannot confirm it.
    const viewer = await h.signedInPage(h.cliUser('viewer').link);
    await viewer.getByRole('link', { name: 'Imports' }).click();
    expect(await viewer.getByRole('heading', { name: 'Upload a file' }).count()).toBe(0);
    await viewer.getByRole('button', { name: `Report of ${id}` }).click();
    await viewer.getByText('An owner or developer can confirm it or cancel it.').waitFor();
    expect(await viewer.getByRole('button', { name: 'Confirm full sync' }).count()).toBe(0);
    await viewer.close();

    await fitsBothWidths('Imports with a full sync waiting');
    await h.shoot(page, 'imports-full-sync');
    await report().getByRole('button', { name: 'Confirm full sync' }).click();
    await page.locator(`.import-report[data-import-id="${id}"][data-import-status="succeeded"]`).waitFor();
    expect(await count('deactivated').textContent()).toBe('1');
    expect((await student('s-003'))?.status).toBe('inactive');
    expect((await student('s-001'))?.status).toBe('active');
    expect(h.alerts).toEqual([]);
  });
});
