import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = path.join(root, 'docs/console');

/**
 * Whether the browser tests can run: Debian's chromium installed. With REQUIRE_CHROMIUM=1 (CI) a
 * missing browser is a failure, never a skip.
 */
export function chromiumAvailable(): boolean {
  const present = fs.existsSync(CHROMIUM);
  if (!present && process.env.REQUIRE_CHROMIUM === '1') throw new Error(`REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing (apt-get install chromium)`);
  return present;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** The console as `npm install` builds it; built here when a checkout has not run prepare yet. */
export function ensureConsoleBuilt(): void {
  if (fs.existsSync(path.join(root, 'dist/console/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build:console'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm run build:console failed:\n${result.stdout}\n${result.stderr}`);
}
