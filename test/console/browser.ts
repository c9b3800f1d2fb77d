import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * Where the console e2e test writes its screenshots: build/screenshots (gitignored), so a test run
 * leaves the work tree clean. `npm run screenshots` (scripts/refresh-screenshots.sh) runs that test
 * and copies them into docs/console, where the README shows them.
 */
export const SCREENSHOTS = path.join(root, 'build/screenshots');

/** The console as `npm install` builds it; built here when a checkout has not run prepare yet. */
export function ensureConsoleBuilt(): void {
  if (fs.existsSync(path.join(root, 'dist/console/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build:console'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm run build:console failed:\n${result.stdout}\n${result.stderr}`);
}
