// The second half of `npm run build`: tsc compiles src/**/*.ts into dist/ and copies nothing else,
// so this copies every other file under src/ to the same place under dist/ (today the export
// player's assets: src/modules/exports/assets/** → dist/modules/exports/assets/**, with the SCORM
// 1.2 schemas). Code reads such files only from beside itself, so dist/ runs without src/.
// The console is built into dist/console by `npm run build:console` (vite); the package.json that
// src/plugins/openapi.ts reads sits at the package root in a checkout and in a release alike.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

/** Not assets: what tsc compiles (and type declarations, which it reads). */
const compiled = (file) => file.endsWith('.ts') || file.endsWith('.tsx');

const copied = [];
for (const file of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
  const from = path.join(src, file);
  if (compiled(file) || !fs.statSync(from).isFile()) continue;
  const to = path.join(dist, file);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { preserveTimestamps: true });
  copied.push(path.relative(root, to));
}
if (!copied.some((file) => file.endsWith(path.join('exports', 'assets', 'player.js')))) {
  console.error('copy-assets: src/modules/exports/assets/player.js not found: the export player would be missing from dist/');
  process.exit(1);
}
console.log(`copy-assets: ${copied.length} files from src/ into dist/`);
