"""The generated modules are fresh, typed, and the package metadata agrees with the document."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import typing
import unittest

import lectern
from lectern import _resources, types

from .support import LIBRARY, REPO


class GeneratedTest(unittest.TestCase):
    def test_committed_files_are_fresh(self) -> None:
        result = subprocess.run(
            [sys.executable, str(LIBRARY / "generate.py"), "--check"], capture_output=True, text=True, timeout=120
        )
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_version_and_license(self) -> None:
        document = json.loads((REPO / "docs" / "openapi.json").read_text(encoding="utf-8"))
        pyproject = (LIBRARY / "pyproject.toml").read_text(encoding="utf-8")
        self.assertEqual(lectern.__version__, document["info"]["version"])
        self.assertEqual(lectern.__version__, "1.0.0")
        self.assertIn(f'version = "{lectern.__version__}"', pyproject)
        self.assertRegex(pyproject, r'license = \{text = "Apache-2.0"\}')
        self.assertTrue((LIBRARY / "lectern" / "py.typed").exists())

    def test_every_type_hint_resolves(self) -> None:
        for name in types.__all__:
            obj = getattr(types, name)
            if isinstance(obj, type):
                typing.get_type_hints(obj)
        namespace = {**vars(_resources), "Client": lectern.Client}
        for resource in [getattr(_resources, n) for n in _resources.__all__ if n.endswith("Resource")]:
            for method in vars(resource).values():
                if callable(method):
                    typing.get_type_hints(method, globalns=namespace)

    def test_no_third_party_imports(self) -> None:
        stdlib = getattr(sys, "stdlib_module_names", None)  # Python 3.10+
        if stdlib is None:
            self.skipTest("sys.stdlib_module_names needs Python 3.10")
        for path in sorted((LIBRARY / "lectern").glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules = [node.module]
                else:
                    continue
                for module in modules:
                    top = module.split(".")[0]
                    self.assertTrue(top in stdlib, f"{path.name} imports {module}, which is not the standard library")
