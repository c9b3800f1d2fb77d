"""PEP 517 build backend: setuptools' own, with one fallback.

setuptools before 70.1 builds wheels only with the separate ``wheel`` package. Python 3.9–3.11 bundle
such a setuptools (65.5 on 3.11) without ``wheel``, so on a machine that reaches no package index
``pip install --no-build-isolation ./sdks/python`` would stop at "invalid command 'bdist_wheel'".
There, and only there, this backend writes the wheel itself with the standard library: the metadata
still comes from setuptools reading pyproject.toml, and the wheel holds the ``lectern`` package.
Everywhere else every hook is setuptools.build_meta's.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import zipfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from setuptools import build_meta as _setuptools
from setuptools.build_meta import build_sdist, get_requires_for_build_sdist  # noqa: F401  (PEP 517 hooks)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "lectern"


def _setuptools_builds_wheels() -> bool:
    try:
        import wheel  # noqa: F401
    except ImportError:
        try:
            from setuptools.command import bdist_wheel  # noqa: F401  (setuptools >= 70.1)
        except ImportError:
            return False
    return True


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    if _setuptools_builds_wheels():
        return _setuptools.get_requires_for_build_wheel(config_settings)
    return []


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None
) -> str:
    if _setuptools_builds_wheels():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)
    name, files = _dist_info()
    for relative, data in files:
        target = Path(metadata_directory) / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return name


def build_wheel(
    wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None, metadata_directory: Optional[str] = None
) -> str:
    if _setuptools_builds_wheels():
        return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    return _stdlib_wheel(wheel_directory)


def _metadata() -> Tuple[str, str, bytes]:
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    previous = os.getcwd()
    os.chdir(ROOT)  # pyproject.toml names the readme relative to itself
    try:
        dist = Distribution()
        apply_configuration(dist, str(ROOT / "pyproject.toml"))
        text = io.StringIO()
        dist.metadata.write_pkg_file(text)
    finally:
        os.chdir(previous)
    return dist.get_name(), dist.get_version(), text.getvalue().encode("utf-8")


def _dist_info() -> Tuple[str, List[Tuple[str, bytes]]]:
    name, version, metadata = _metadata()
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    wheel = b"Wheel-Version: 1.0\nGenerator: lectern_build (standard library)\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return info, [
        (f"{info}/METADATA", metadata),
        (f"{info}/WHEEL", wheel),
        (f"{info}/top_level.txt", f"{PACKAGE}\n".encode()),
    ]


def _stdlib_wheel(wheel_directory: str) -> str:
    info, meta_files = _dist_info()
    files: List[Tuple[str, bytes]] = []
    for path in sorted((ROOT / PACKAGE).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and (path.suffix == ".py" or path.name == "py.typed"):
            files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    files.extend(meta_files)
    record = []
    for relative, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{relative},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))

    filename = f"{info[: -len('.dist-info')]}-py3-none-any.whl"
    Path(wheel_directory).mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(Path(wheel_directory) / filename, "w", zipfile.ZIP_DEFLATED) as archive:
        for relative, data in files:
            archive.writestr(zipfile.ZipInfo(relative, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return filename
