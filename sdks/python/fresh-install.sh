#!/usr/bin/env bash
# Installs the Python library from its folder into a new virtualenv outside the repository, the way
# a user would, and runs the README's quick start there against a running Lectern.
# Usage: sdks/python/fresh-install.sh BASE_URL KEY   (BASE_URL ends in /api/v1)
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: $0 BASE_URL KEY" >&2
  exit 2
fi
base_url="$1"
key="$2"
library="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$library/../.." && pwd)"
python="${PYTHON:-python3}"

work="$(mktemp -d "${TMPDIR:-/tmp}/lectern-python-fresh.XXXXXX")"
trap 'rm -rf "$work"' EXIT
case "$work/" in
  "$repo"/*) echo "fresh-install: $work is inside the repository" >&2; exit 1 ;;
esac

"$python" -m venv "$work/venv"
if ! "$work/venv/bin/python" -c 'import setuptools' 2>/dev/null; then
  # No package index may be reachable, so the build cannot fetch setuptools; and from Python 3.12
  # on a new virtualenv has none. Then the venv sees the system's packages (setuptools among them).
  rm -rf "$work/venv"
  "$python" -m venv --system-site-packages "$work/venv"
  "$work/venv/bin/python" -c 'import setuptools' || {
    echo "fresh-install: setuptools is not installed for $python; it is needed to build the library" >&2
    exit 1
  }
fi

export PIP_DISABLE_PIP_VERSION_CHECK=1
"$work/venv/bin/python" -m pip install --quiet --no-index --no-build-isolation "$library"

# The quick start exactly as the README shows it: the python block after the quickstart marker.
"$work/venv/bin/python" - "$library/README.md" "$work/quickstart.py" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
start = next(i for i, line in enumerate(lines) if line.startswith("<!-- quickstart"))
begin = next(i for i in range(start, len(lines)) if lines[i].startswith("```python")) + 1
end = next(i for i in range(begin, len(lines)) if lines[i].startswith("```"))
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines[begin:end]) + "\n")
PY

cd "$work"
"$work/venv/bin/python" - <<'PY'
import importlib.metadata as metadata
import lectern

assert lectern.__file__.startswith(__import__("sys").prefix), f"lectern imported from {lectern.__file__}"
meta = metadata.metadata("lectern")
assert meta["Version"] == lectern.__version__ == "1.0.0", meta["Version"]
assert meta["License"] == "Apache-2.0", meta["License"]
print(f"installed lectern {lectern.__version__} in {__import__('sys').prefix}")
PY
LECTERN_BASE_URL="$base_url" LECTERN_API_KEY="$key" "$work/venv/bin/python" quickstart.py
echo "fresh-install: the quick start ran"
