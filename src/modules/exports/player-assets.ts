import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The files a SCORM or cmi5 package carries besides its pages: the player's script and style
 * sheet, the four ADL schema files of SCORM 1.2, and @xapi/cmi5's browser build (the AU's xAPI
 * client, with its license). They are read from ./assets beside this file and nowhere else:
 * src/modules/exports/assets under tsx and vitest, dist/modules/exports/assets in a build
 * (`npm run build` copies them there: scripts/copy-assets.mjs). A dist/ without them fails the
 * first export loudly rather than reading a source tree a release does not ship.
 */
const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

export const SCORM12_SCHEMAS = ['adlcp_rootv1p2.xsd', 'ims_xml.xsd', 'imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd'];

export interface AssetFile {
  path: string;
  content: Buffer;
}

let cache: Map<string, Buffer> | undefined;

/** Read once per process: the same few files go into every package. */
function assets(): Map<string, Buffer> {
  if (cache) return cache;
  if (!fs.existsSync(path.join(ASSETS, 'player.js'))) {
    throw new Error(`The export player's assets are missing from ${ASSETS}: a build must copy them there (npm run build runs scripts/copy-assets.mjs)`);
  }
  const cmi5Dir = path.dirname(createRequire(import.meta.url).resolve('@xapi/cmi5/package.json'));
  const files = new Map<string, Buffer>([
    ['player.js', fs.readFileSync(path.join(ASSETS, 'player.js'))],
    ['player.css', fs.readFileSync(path.join(ASSETS, 'player.css'))],
    ['cmi5.umd.js', fs.readFileSync(path.join(cmi5Dir, 'dist', 'Cmi5.umd.js'))],
    ['cmi5.LICENSE.md', fs.readFileSync(path.join(cmi5Dir, 'LICENSE.md'))],
  ]);
  for (const schema of SCORM12_SCHEMAS) files.set(schema, fs.readFileSync(path.join(ASSETS, 'scorm12', schema)));
  cache = files;
  return files;
}

/** An asset by its name in ./assets (schemas by their file name), to be written at `at` in a package. */
export function asset(name: string, at: string): AssetFile {
  const content = assets().get(name);
  if (!content) throw new Error(`no export asset ${name}`);
  return { path: at, content };
}
