import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Tests that start Lectern as a process run the built service (dist/), as `npm start` and
 * `npx lectern` do: a start through tsx's loader costs about twice the CPU (1.2 s against 0.6 s
 * for a CLI command on this machine, docs/testing.md), and the suite starts some 200 processes.
 * The global setup rebuilds dist/ first whenever src/ has changed since the last build, so a test
 * never runs stale code.
 */
const root = path.resolve(import.meta.dirname, '..');

/** A file of the built service, e.g. `built('server.js')`, `built('cli/main.js')`. */
export function built(file: string): string {
  return path.join(root, 'dist', file);
}

/** The newest modification time under a directory (0 when it does not exist). */
function newest(dir: string): number {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Runs `npm run build` when dist/ is missing or older than anything under src/ (or the build's own configuration). */
export function ensureBuilt(): void {
  const stamp = built('server.js');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = Math.max(newest(path.join(root, 'src')), ...['package.json', 'tsconfig.json', 'tsconfig.build.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs));
  if (builtAt < sources) npmRun('build');
}

/**
 * The console as `npm install` builds it (dist/console); built here when a checkout has not run
 * prepare yet, or when its sources (console/: src, public, index.html, the Vite configuration) have
 * changed since the last build, so a browser test never drives a stale console.
 */
export function ensureConsoleBuilt(): void {
  const stamp = built('console/index.html');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const consoleDir = path.join(root, 'console');
  const sources = Math.max(newest(path.join(consoleDir, 'src')), newest(path.join(consoleDir, 'public')), ...['index.html', 'vite.config.ts'].map((f) => fs.statSync(path.join(consoleDir, f)).mtimeMs));
  if (builtAt < sources) npmRun('build:console');
}

function npmRun(script: string): void {
  const result = spawnSync('npm', ['run', script], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`npm run ${script} failed:\n${result.stdout}\n${result.stderr}`);
}
