// dist/ is committed, so that `npm install <path to this folder>` works on a fresh clone without a
// build (npm links a folder dependency and runs its `prepare` without its devDependencies, so a
// build there has no tsc). This checks the committed dist/ is what src/ builds to: it compiles into
// a temporary folder and compares. Run: npm run check:dist (`npm run build` refreshes dist/).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const here = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const temporary = mkdtempSync(path.join(os.tmpdir(), 'lectern-sdk-dist-'));

function files(root, folder = '') {
  if (!existsSync(path.join(root, folder))) return [];
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    return entry.isDirectory() ? files(root, relative) : [relative];
  });
}

try {
  execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json'), '--outDir', temporary], { stdio: 'inherit' });
  const built = files(temporary).sort();
  const committed = files(path.join(here, 'dist')).sort();
  const stale = [...new Set([...built, ...committed])].filter((name) => {
    const a = path.join(temporary, name);
    const b = path.join(here, 'dist', name);
    return !existsSync(a) || !existsSync(b) || readFileSync(a, 'utf8') !== readFileSync(b, 'utf8');
  });
  if (stale.length > 0) {
    process.stderr.write(`sdks/typescript: dist/ is stale against src/ (${stale.join(', ')}): run \`npm run build\` and commit dist/\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`sdks/typescript: dist/ is current (${built.length} files)\n`);
  }
} finally {
  rmSync(temporary, { recursive: true, force: true });
}
