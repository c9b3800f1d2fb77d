import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = path.join(root, 'docs/console');

/** The console as `npm install` builds it; built here when a checkout has not run prepare yet. */
export function ensureConsoleBuilt(): void {
  if (fs.existsSync(path.join(root, 'dist/console/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build:console'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm run build:console failed:\n${result.stdout}\n${result.stderr}`);
}
