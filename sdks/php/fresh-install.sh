#!/usr/bin/env bash
# Installs the PHP library the way a user would, in a temporary folder outside the repository, and
# runs the README's quick start against a running Lectern.
#   sdks/php/fresh-install.sh BASE_URL KEY      (e.g. http://127.0.0.1:3000/api/v1 lct_prod_…)
# With Composer on the PATH: a composer.json with a path repository and `composer install`.
# Without it (this project's CI has none): vendor/autoload.php requires the library's own PSR-4
# autoloader by its absolute path, so the quick start's `require __DIR__ . '/vendor/autoload.php'`
# runs unchanged. Exits non-zero when anything fails.
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: $0 BASE_URL KEY" >&2
  exit 2
fi
base_url=$1
key=$2
library=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

php -r 'exit(extension_loaded("curl") && extension_loaded("json") && PHP_VERSION_ID >= 80100 ? 0 : 1);' \
  || { echo "fresh-install: PHP 8.1+ with the curl and json extensions is required" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lectern-php-fresh-XXXXXX")
trap 'rm -rf "$work"' EXIT
case "$work" in "$(cd "$library/../.." && pwd)"/*) echo "fresh-install: $work is inside the repository" >&2; exit 1;; esac
cd "$work"

if command -v composer >/dev/null 2>&1; then
  cat > composer.json <<JSON
{
    "name": "example/lectern-quickstart",
    "repositories": [{"type": "path", "url": "$library", "options": {"symlink": false}}],
    "require": {"lectern/lectern": "1.0.0"}
}
JSON
  composer install --no-interaction --no-progress --quiet
else
  echo "fresh-install: composer is not installed; loading the library through $library/autoload.php"
  mkdir -p vendor
  printf '<?php\nrequire %s;\n' "$(php -r 'var_export($argv[1]);' "$library/autoload.php")" > vendor/autoload.php
fi

# The quick start: the first ```php block under "## Quick start" in the README, as written there.
awk '/^## Quick start/ {section=1; next} section && /^```php/ {code=1; next} code && /^```/ {exit} code {print}' \
  "$library/README.md" > quickstart.php
if ! grep -q 'Lectern\\Client' quickstart.php; then
  echo "fresh-install: no quick start found in $library/README.md" >&2
  exit 1
fi

echo "fresh-install: running the quick start in $work"
output=$(LECTERN_API_KEY="$key" LECTERN_BASE_URL="$base_url" php quickstart.php)
echo "$output"
if ! grep -q '^Created crs_' <<<"$output"; then
  echo "fresh-install: the quick start did not create a course" >&2
  exit 1
fi
echo "fresh-install: ok"
