import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * Where the console e2e test writes its screenshots: build/screenshots (gitignored), so a test run
 * leaves the work tree clean. `npm run screenshots` (scripts/refresh-screenshots.sh) runs that test
 * and copies them into docs/console, where the README shows them.
 */
export const SCREENSHOTS = path.join(root, 'build/screenshots');
