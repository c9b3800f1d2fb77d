#!/usr/bin/env bash
# The official libraries' checks, as CI runs them (.ci/run), from the repository root, after
# `npm ci` (which builds the service into dist/, which the libraries' tests start):
#   1. the shared files are current: sdks/operations.json against docs/openapi.json, the vectors
#      against their generator; each library's generated code against the document;
#   2. each library's own tests (unit tests over the shared vectors, integration tests against a
#      real Lectern started by sdks/harness/start-lectern.mjs);
#   3. each library installed from its path into a fresh folder outside the repository, running its
#      README's quick start against a running Lectern.
# Needs node, python3 (3.9+) and php (8.1+, curl and json extensions).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== libraries: shared files current"
node sdks/operations.mjs
node sdks/vectors/generate.mjs
git diff --exit-code -- sdks/operations.json sdks/vectors \
  || { echo "sdks/operations.json or sdks/vectors/*.json is stale: run node sdks/operations.mjs and node sdks/vectors/generate.mjs" >&2; exit 1; }

echo "== library: TypeScript (sdks/typescript)"
(cd sdks/typescript && npm ci --no-audit --no-fund && npm test && npm run check:types)

echo "== library: Python (sdks/python)"
python3 sdks/python/generate.py --check
python3 -m unittest discover -s sdks/python/tests -t sdks/python

echo "== library: PHP (sdks/php)"
php sdks/php/generate.php --check
php sdks/php/tests/run.php

echo "== libraries: installed from their paths in fresh folders, quick starts against a running Lectern"
coproc HARNESS { node sdks/harness/start-lectern.mjs; }
harness_in=${HARNESS[1]}
read -r line <&"${HARNESS[0]}"
base_url=$(node -pe 'JSON.parse(process.argv[1]).base_url' "$line")
key=$(node -pe 'JSON.parse(process.argv[1]).key' "$line")
status=0
for lang in typescript python php; do
  echo "-- $lang"
  bash "sdks/$lang/fresh-install.sh" "$base_url" "$key" || { echo "fresh install of sdks/$lang failed" >&2; status=1; }
done
exec {harness_in}>&- # closing the harness's stdin stops its server
wait "$HARNESS_PID" || true
exit "$status"
