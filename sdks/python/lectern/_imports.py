"""Imports of rosters (a CSV, NDJSON or zip file): the upload, streamed; waiting for the import to be
done; its results, one per input row. The other import operations are generated (``_resources.py``)."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Union, cast

from ._upload import FileInput, Upload

if TYPE_CHECKING:
    from ._client import Client
    from .types import Import, ImportResultLine

__all__ = ["ImportsMixin", "SETTLED_IMPORT_STATUSES", "content_type_of"]

#: The states in which an import no longer changes by itself (``awaiting_confirmation`` waits for you).
SETTLED_IMPORT_STATUSES = frozenset({"succeeded", "succeeded_with_errors", "failed", "canceled", "awaiting_confirmation"})

_CONTENT_TYPES = {
    ".csv": "text/csv",
    ".ndjson": "application/x-ndjson",
    ".jsonl": "application/x-ndjson",
    ".zip": "application/zip",
}


def content_type_of(file: FileInput, params: Optional[Mapping[str, Any]] = None) -> str:
    """The media type of an import's file: from its name's extension (``.csv``, ``.ndjson`` or
    ``.jsonl``, ``.zip``), else ``text/csv`` when ``params`` has a ``type``."""
    name = os.fspath(file) if isinstance(file, (str, os.PathLike)) else getattr(file, "name", None)
    if isinstance(name, str):
        found = _CONTENT_TYPES.get(os.path.splitext(name)[1].lower())
        if found:
            return found
    if params and params.get("type"):
        return "text/csv"
    shown = f'"{name}"' if isinstance(name, str) else "a file without a name"
    raise ValueError(
        f"cannot tell the file's type from {shown}: pass content_type= (text/csv, application/x-ndjson or application/zip)"
    )


class ImportsMixin:
    """Adds ``create``, ``wait`` and ``results`` to the generated ``client.imports`` resource."""

    _client: "Client"

    def create(
        self,
        file: FileInput,
        params: Optional[Mapping[str, Any]] = None,
        *,
        content_type: Optional[str] = None,
        wait: bool = False,
        poll_interval: float = 0.5,
        max_poll_interval: float = 5.0,
        idempotency_key: Union[str, bool, None] = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> "Import":
        """Upload a roster file and return the import (queued), or with ``wait=True`` the import once
        it is done or awaits confirmation.

        ``POST /imports`` · scope ``students:write`` (and ``enrollments:write`` for enrollment rows)

        ``file`` is a path (opened anew for each attempt) or a binary file object; it is streamed,
        never read whole. ``params`` are the query: ``type`` (``students`` or ``enrollments``, for a
        CSV), ``mode``, ``sync``, ``source``, ``dry_run``, ``max_delete_percent``. The content type
        comes from the file's name unless ``content_type`` is given. The call carries an
        ``Idempotency-Key`` (a new one unless given), so a retried upload makes one import; a file
        object that cannot seek is sent once, without retries.

        >>> done = client.imports.create("students.csv", {"type": "students", "dry_run": True}, wait=True)
        """
        media = content_type or content_type_of(file, params)
        if media.split(";")[0].strip() == "text/csv" and not (params or {}).get("type"):
            raise ValueError('a CSV import needs its type: pass {"type": "students"} or {"type": "enrollments"}')
        created = self._client._call(
            "POST",
            "/imports",
            {},
            params=params,
            body=Upload(media, file),
            result="data",
            idempotency_key=idempotency_key,
            headers=headers,
            timeout=timeout,
        )
        if not wait or created.get("status") in SETTLED_IMPORT_STATUSES:
            return cast("Import", created)
        return self.wait(created["id"], poll_interval=poll_interval, max_poll_interval=max_poll_interval)

    def wait(
        self,
        import_id: str,
        *,
        poll_interval: float = 0.5,
        max_poll_interval: float = 5.0,
        timeout: Optional[float] = None,
    ) -> "Import":
        """Read the import until it is done or awaits confirmation, and return it then.

        ``GET /imports/{id}`` again and again: pauses of ``poll_interval`` seconds, doubling up to
        ``max_poll_interval``. Each read is one request against the rate limit.
        """
        pause = poll_interval
        while True:
            current = self._client._call("GET", "/imports/{id}", {"id": import_id}, result="data", timeout=timeout)
            if current.get("status") in SETTLED_IMPORT_STATUSES:
                return cast("Import", current)
            self._client._sleep(pause)
            pause = min(pause * 2, max_poll_interval)

    def results(
        self,
        import_id: str,
        params: Optional[Mapping[str, Any]] = None,
        *,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> Iterator["ImportResultLine"]:
        """The import's results, one per input row, as dicts: ``file`` (the zip member, else ``-``),
        ``line`` (physical), ``type``, ``external_id``, ``action`` and, for a failed row, ``code``,
        ``field`` and ``message``.

        ``GET /imports/{id}/results`` · scope ``students:read``

        ``params``: ``{"status": "error"}`` for the failed rows only. Asked when iteration starts; the
        NDJSON answer is read whole, then yielded line by line.

        >>> for row in client.imports.results(imp["id"], {"status": "error"}):
        ...     print(row["line"], row["message"])
        """
        sent = {"Accept": "application/x-ndjson", **(headers or {})}
        body = self._client._call(
            "GET",
            "/imports/{id}/results",
            {"id": import_id},
            params=params,
            result="bytes",
            headers=sent,
            timeout=timeout,
        )
        for line in body.decode("utf-8").splitlines():
            if line.strip():
                yield json.loads(line)
