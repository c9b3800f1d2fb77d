"""The offline wheel of _build/lectern_build.py: what pip installs where setuptools cannot build one."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import tempfile
import unittest
import warnings
import zipfile
from pathlib import Path

import lectern

from .support import LIBRARY


def backend():
    spec = importlib.util.spec_from_file_location("lectern_build", LIBRARY / "_build" / "lectern_build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class StdlibWheelTest(unittest.TestCase):
    def test_the_wheel_holds_the_package_and_its_metadata(self) -> None:
        try:
            build = backend()
            import setuptools.config.pyprojecttoml  # noqa: F401  (setuptools >= 61, as pyproject.toml requires)
        except ImportError as error:  # no setuptools, or one too old to read pyproject.toml (Python 3.9's 58)
            self.skipTest(f"no setuptools >= 61 here: {error}")
        with tempfile.TemporaryDirectory() as folder:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # setuptools 65: "[tool.setuptools] is still beta"
                name = build._stdlib_wheel(folder)
            self.assertEqual(name, f"lectern-{lectern.__version__}-py3-none-any.whl")
            with zipfile.ZipFile(Path(folder) / name) as wheel:
                names = set(wheel.namelist())
                sources = {p.relative_to(LIBRARY).as_posix() for p in (LIBRARY / "lectern").glob("*.py")}
                self.assertLessEqual(sources | {"lectern/py.typed"}, names)
                self.assertFalse([n for n in names if "__pycache__" in n or n.startswith("tests/")])
                info = f"lectern-{lectern.__version__}.dist-info"
                metadata = wheel.read(f"{info}/METADATA").decode()
                self.assertIn("Name: lectern", metadata)
                self.assertIn(f"Version: {lectern.__version__}", metadata)
                self.assertIn("License: Apache-2.0", metadata)
                self.assertIn("Requires-Python: >=3.9", metadata)
                for line in wheel.read(f"{info}/RECORD").decode().splitlines():
                    path, digest, size = line.split(",")
                    if path.endswith("RECORD"):
                        continue
                    data = wheel.read(path)
                    expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    self.assertEqual((digest, int(size)), (f"sha256={expected}", len(data)), path)
