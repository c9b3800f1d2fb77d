#!/usr/bin/env bash
# npm run screenshots: refreshes the console screenshots the README shows (docs/console/*.png), on
# purpose. The console e2e test writes them to build/screenshots (gitignored) on every run, so a
# plain `npm test` leaves the work tree clean; this runs just the tests that take them, on SQLite, with Chromium
# required, and copies its PNGs into docs/console for a commit.
set -euo pipefail
cd "$(dirname "$0")/.."

out=build/screenshots
rm -rf "$out"
REQUIRE_CHROMIUM=1 TEST_DIALECTS=sqlite npx vitest run test/console/console.e2e.test.ts test/console/users.e2e.test.ts test/console/imports.e2e.test.ts
shopt -s nullglob
shots=("$out"/*.png)
if [ ${#shots[@]} -eq 0 ]; then
  echo "refresh-screenshots: the e2e test wrote no screenshots into $out" >&2
  exit 1
fi
mkdir -p docs/console
cp "${shots[@]}" docs/console/
echo "refresh-screenshots: ${#shots[@]} screenshots copied into docs/console (review with git diff --stat docs/console, then commit them)"
