#!/bin/sh
# Installs @lectern/sdk from this folder into a new npm project outside the repository, as a stranger
# following README.md would, writes the README's quick start there and runs it against a running
# Lectern. Usage: sdks/typescript/fresh-install.sh BASE_URL KEY (exits non-zero on any failure).
set -eu
if [ "$#" -ne 2 ]; then
  echo "usage: $0 BASE_URL KEY" >&2
  exit 2
fi
base_url=$1
key=$2
library=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/lectern-sdk-typescript.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
case "$work" in "$(cd "$library/../.." && pwd)"/*) echo "fresh-install: $work is inside the repository" >&2; exit 1 ;; esac

cd "$work"
npm init -y >/dev/null
npm pkg set type=module private=true
npm install --no-audit --no-fund "$library"

# The quick start, exactly as README.md shows it (the fenced block between the quickstart markers).
node -e '
  const text = require("fs").readFileSync(process.argv[1], "utf8");
  const block = /<!-- quickstart:start -->\s*```js\n([\s\S]*?)```\s*<!-- quickstart:end -->/.exec(text);
  if (!block) { console.error("fresh-install: no quick start in README.md"); process.exit(1); }
  process.stdout.write(block[1]);
' "$library/README.md" > quickstart.mjs
echo "fresh-install: running the quick start ($(wc -l < quickstart.mjs) lines) in $work"
LECTERN_BASE_URL=$base_url LECTERN_API_KEY=$key node quickstart.mjs

# The installed package's types, when this checkout has TypeScript (npm ci in sdks/typescript):
# the quick start type-checks as TypeScript against the .d.ts that shipped.
tsc="$library/node_modules/typescript/bin/tsc"
if [ -f "$tsc" ]; then
  cp quickstart.mjs quickstart.ts
  printf '{"compilerOptions":{"target":"ES2022","module":"NodeNext","moduleResolution":"NodeNext","strict":true,"noEmit":true,"skipLibCheck":false,"lib":["ES2022","DOM"],"types":[]},"files":["quickstart.ts"]}\n' > tsconfig.json
  node "$tsc" -p tsconfig.json
  echo "fresh-install: the quick start type-checks against the installed .d.ts"
fi
echo "fresh-install: ok"
