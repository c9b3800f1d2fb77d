"""A request body that is a file rather than JSON (an import's CSV, NDJSON or zip), sent as is."""

from __future__ import annotations

import io
import os
from typing import IO, Callable, Optional, Union

__all__ = ["Upload", "FileInput"]

#: What an upload takes: a path, or a binary file object (``open(path, "rb")``, ``io.BytesIO``, a socket's file).
FileInput = Union[str, "os.PathLike[str]", IO[bytes]]


class Upload:
    """The body of an upload: its media type, and the file object of each attempt.

    A path is opened anew for each attempt (and closed after it); a seekable file object is read from
    where it stood when given, for each attempt; a file object that cannot seek is read once, so its
    upload is not retried (``repeatable`` false). ``length`` (``None`` when unknown: sent chunked)
    becomes the ``Content-Length``.
    """

    def __init__(self, content_type: str, file: FileInput) -> None:
        self.content_type = content_type
        self._path: Optional[str] = None
        self._file: Optional[IO[bytes]] = None
        self._start = 0
        self.length: Optional[int] = None
        if isinstance(file, (str, os.PathLike)):
            self._path = os.fspath(file)
            self.length = os.path.getsize(self._path)  # a missing file fails here, before any request
            self.repeatable = True
        elif hasattr(file, "read"):
            self._file = file
            self.repeatable = _seekable(file)
            if self.repeatable:
                self._start = file.tell()
                self.length = file.seek(0, io.SEEK_END) - self._start
                file.seek(self._start)
        else:
            raise TypeError(f"an upload takes a path or a binary file object, not {type(file).__name__}")

    def open(self) -> IO[bytes]:
        """The file object of one attempt, at the start of the body."""
        if self._path is not None:
            return open(self._path, "rb")
        assert self._file is not None
        if self.repeatable:
            self._file.seek(self._start)
        return self._file

    def close(self, stream: IO[bytes]) -> None:
        """After an attempt: a file this opened is closed; the caller's stays open."""
        if self._path is not None:
            stream.close()


def _seekable(file: IO[bytes]) -> bool:
    check: Optional[Callable[[], bool]] = getattr(file, "seekable", None)
    try:
        return bool(check()) if check is not None else False
    except (OSError, ValueError):
        return False
