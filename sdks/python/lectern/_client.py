"""The client: configuration, one request with its retries, and cursor auto-pagination.

The resource classes (``client.courses`` …) are generated into ``_resources.py``; each method calls
:meth:`Client._call` or :meth:`Client._paginate` here.
"""

from __future__ import annotations

import email.utils
import json
import os
import platform
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Dict, Iterator, Mapping, Optional, Union

from ._errors import ApiConnectionError, ApiError, ApiTimeoutError, ConfigurationError, error_from_response
from ._resources import ClientResources
from ._upload import Upload
from ._version import __version__

__all__ = [
    "Client",
    "HttpRequest",
    "HttpResponse",
    "Transport",
    "UrllibTransport",
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_MAX_RETRY_AFTER",
    "DEFAULT_TIMEOUT",
]

DEFAULT_MAX_ATTEMPTS = 3
DEFAULT_MAX_RETRY_AFTER = 60.0
DEFAULT_TIMEOUT = 30.0

# Methods whose retry after a lost answer cannot apply a change twice. A POST joins them when it
# carries an Idempotency-Key (the server then replays instead of running it again).
_SAFE_TO_REPEAT = frozenset({"GET", "HEAD", "PUT", "DELETE"})
_RETRIED_STATUSES = frozenset({502, 503, 504})

#: ``idempotency_key`` argument: ``None`` generates a key (POST only), a str is sent as given,
#: ``False`` sends none.
IdempotencyKey = Union[str, bool, None]


@dataclass
class HttpRequest:
    """One attempt as the transport sends it. ``body`` is bytes, or for an upload (an import's file)
    a binary file object to read as it is sent, with ``Content-Length`` in the headers when known
    (else the transport sends it chunked)."""

    method: str
    url: str
    headers: Dict[str, str]
    body: Optional[Union[bytes, IO[bytes]]]
    timeout: float


@dataclass
class HttpResponse:
    """What came back: status, headers (names in lower case) and the raw body."""

    status: int
    headers: Dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def json(self) -> Any:
        """The body parsed as JSON (``None`` when empty)."""
        if not self.body:
            return None
        return json.loads(self.body.decode("utf-8"))

    @property
    def request_id(self) -> Optional[str]:
        return self.headers.get("x-request-id")


#: Sends one attempt. Returns the response whatever its status; raises :class:`ApiConnectionError`
#: (or any ``OSError``) when no response came.
Transport = Callable[[HttpRequest], HttpResponse]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # The API never redirects; a 3xx is handed to the caller rather than followed with the key.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class UrllibTransport:
    """The default transport, on ``urllib.request``."""

    def __init__(self) -> None:
        self._opener = urllib.request.build_opener(_NoRedirect())

    def __call__(self, request: HttpRequest) -> HttpResponse:
        raw = urllib.request.Request(request.url, data=request.body, method=request.method, headers=request.headers)
        try:
            with self._opener.open(raw, timeout=request.timeout) as answer:
                return HttpResponse(answer.status, _lower(answer.headers.items()), answer.read())
        except urllib.error.HTTPError as answer:
            try:
                body = answer.read()
            except OSError:
                body = b""
            finally:
                answer.close()
            return HttpResponse(answer.code, _lower(answer.headers.items()), body)
        except (socket.timeout, TimeoutError) as exc:
            raise ApiTimeoutError(f"no answer from {request.url} within {request.timeout} s") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                raise ApiTimeoutError(f"no answer from {request.url} within {request.timeout} s") from exc
            raise ApiConnectionError(f"connection to {request.url} failed: {exc.reason}") from exc
        except (OSError, ValueError) as exc:  # ValueError: http.client's bad status line and kin
            raise ApiConnectionError(f"connection to {request.url} failed: {exc}") from exc


def _lower(items: Any) -> Dict[str, str]:
    headers: Dict[str, str] = {}
    for name, value in items:
        key = name.lower()
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


def _retry_after_seconds(value: Optional[str], now: float) -> Optional[float]:
    """Retry-After as seconds: an integer, or an HTTP date."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(int(text))
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - now)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _encode_query(params: Optional[Mapping[str, Any]]) -> str:
    if not params:
        return ""
    pairs = []
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, (list, tuple)):
            pairs.extend((name, _query_value(item)) for item in value)
        else:
            pairs.append((name, _query_value(value)))
    return urllib.parse.urlencode(pairs)


class Client(ClientResources):
    """A Lectern API client.

    >>> client = Client(api_key="lct_prod_…", base_url="https://lectern.example.com/api/v1")
    >>> course = client.courses.create({"title": "Intro to Statistics"})

    ``api_key`` and ``base_url`` default to ``LECTERN_API_KEY`` and ``LECTERN_BASE_URL``.
    ``max_attempts`` counts the first attempt (1 turns retries off). A 429 whose ``Retry-After``
    exceeds ``max_retry_after`` seconds is raised at once instead of waited for. ``timeout`` is
    per attempt, in seconds. ``transport`` and ``sleep`` replace the network and ``time.sleep``
    (tests inject fakes).
    """

    api_key: str
    base_url: str
    max_attempts: int
    max_retry_after: float
    timeout: float
    user_agent: str

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        max_retry_after: float = DEFAULT_MAX_RETRY_AFTER,
        timeout: float = DEFAULT_TIMEOUT,
        transport: Optional[Transport] = None,
        sleep: Optional[Callable[[float], None]] = None,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get("LECTERN_API_KEY")
        url = base_url if base_url is not None else os.environ.get("LECTERN_BASE_URL")
        if not key:
            raise ConfigurationError("no API key: pass api_key=… or set LECTERN_API_KEY")
        if not url:
            raise ConfigurationError(
                "no base URL: pass base_url=… or set LECTERN_BASE_URL (e.g. https://lectern.example.com/api/v1)"
            )
        if max_attempts < 1:
            raise ConfigurationError("max_attempts must be at least 1")
        self.api_key = key
        self.base_url = url.rstrip("/")
        self.max_attempts = max_attempts
        self.max_retry_after = max_retry_after
        self.timeout = timeout
        self.user_agent = (
            f"lectern-python/{__version__} ({platform.python_implementation()} {platform.python_version()})"
        )
        self._transport: Transport = transport if transport is not None else UrllibTransport()
        self._sleep: Callable[[float], None] = sleep if sleep is not None else time.sleep
        self._default_headers = dict(default_headers or {})
        self._init_resources()

    def __repr__(self) -> str:
        return f"Client(base_url={self.base_url!r})"

    # -- one request ---------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        idempotency_key: IdempotencyKey = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> HttpResponse:
        """Send a request to ``path`` (relative to the base URL) with retries; answer the raw response.

        ``body`` is sent as JSON (bytes as they are), or as a file for an :class:`~lectern._upload.Upload`
        (read anew for each attempt; one that cannot be read again is not retried).
        For what the generated methods do not show: response headers such as ``ETag``,
        ``Idempotent-Replayed`` or ``X-RateLimit-Remaining``. Raises the :class:`ApiError` subclass
        of any status outside 2xx, as every method does.
        """
        method = method.upper()
        url = self.base_url + (path if path.startswith("/") else "/" + path)
        query = _encode_query(params)
        if query:
            url += ("&" if "?" in url else "?") + query

        sent: Dict[str, str] = {
            "Accept": "application/json",
            "User-Agent": self.user_agent,
        }
        sent.update(self._default_headers)
        sent["Authorization"] = f"Bearer {self.api_key}"
        data: Optional[bytes] = None
        upload = body if isinstance(body, Upload) else None
        if upload is not None:
            sent["Content-Type"] = upload.content_type
            if upload.length is not None:
                sent["Content-Length"] = str(upload.length)
        elif body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode("utf-8")
            sent["Content-Type"] = "application/json"
        key = self._idempotency_key(method, idempotency_key)
        if key is not None:
            sent["Idempotency-Key"] = key
        if headers:
            for name, value in headers.items():
                # A per-call header replaces a default one whatever the case of its name.
                for existing in [n for n in sent if n.lower() == name.lower()]:
                    del sent[existing]
                sent[name] = value
        # A file that cannot be read again leaves nothing to send a second time, whatever the answer.
        sendable_again = upload is None or upload.repeatable
        repeatable = sendable_again and (method in _SAFE_TO_REPEAT or any(n.lower() == "idempotency-key" for n in sent))
        attempt_timeout = self.timeout if timeout is None else timeout

        attempt = 0
        while True:
            last = attempt + 1 >= self.max_attempts
            stream = upload.open() if upload is not None else None
            attempt_body = stream if stream is not None else data
            try:
                response = self._transport(HttpRequest(method, url, dict(sent), attempt_body, attempt_timeout))
            except (ApiConnectionError, OSError) as exc:
                if repeatable and not last:
                    self._sleep(float(2**attempt))
                    attempt += 1
                    continue
                if isinstance(exc, ApiConnectionError):
                    raise
                raise ApiConnectionError(f"connection to {url} failed: {exc}") from exc
            finally:
                if stream is not None and upload is not None:
                    upload.close(stream)

            if 200 <= response.status < 300:
                return response
            error = error_from_response(response.status, response.headers, response.body)
            if sendable_again and (response.status == 429 or (response.status in _RETRIED_STATUSES and repeatable)):
                wait = _retry_after_seconds(response.headers.get("retry-after"), time.time())
                if wait is not None and wait > self.max_retry_after:
                    raise error
                if not last:
                    self._sleep(wait if wait is not None else float(2**attempt))
                    attempt += 1
                    continue
            raise error

    @staticmethod
    def _idempotency_key(method: str, given: IdempotencyKey) -> Optional[str]:
        if given is False:
            return None
        if isinstance(given, str):
            return given
        if given is True or method == "POST":
            return str(uuid.uuid4())
        return None

    # -- what the generated methods call -------------------------------------------------------

    @staticmethod
    def _path(template: str, path_params: Mapping[str, str]) -> str:
        path = template
        for name, value in path_params.items():
            if not isinstance(value, str) or not value:
                raise ValueError(f"path parameter {name} must be a non-empty string, got {value!r}")
            path = path.replace("{" + name + "}", urllib.parse.quote(value, safe=""))
        return path

    def _call(
        self,
        method: str,
        template: str,
        path_params: Mapping[str, str],
        *,
        params: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        result: str = "envelope",
        idempotency_key: IdempotencyKey = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> Any:
        """``result``: ``data`` unwraps ``{"data": …}``, ``envelope`` answers the whole body,
        ``bytes`` the raw body. A 204 answers ``None``."""
        response = self.request(
            method,
            self._path(template, path_params),
            params=params,
            body=body,
            idempotency_key=idempotency_key,
            headers=headers,
            timeout=timeout,
        )
        if result == "bytes":
            return response.body
        if response.status == 204 or not response.body:
            return None
        try:
            parsed = response.json()
        except (UnicodeDecodeError, ValueError):
            raise ApiError(
                response.status,
                "unexpected_response",
                f"HTTP {response.status} with a body that is not JSON",
                {},
                response.request_id,
                None,
                response.headers,
                response.body,
            ) from None
        if result == "data" and isinstance(parsed, dict) and "data" in parsed:
            return parsed["data"]
        return parsed

    def _paginate(
        self,
        template: str,
        path_params: Mapping[str, str],
        params: Optional[Mapping[str, Any]] = None,
        *,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Any]:
        """Every item of a list in cursor mode, one page request at a time, only as items are consumed."""
        query: Dict[str, Any] = dict(params or {})
        query.pop("page", None)  # page and cursor together are refused
        query["cursor"] = query.get("cursor") or ""
        path = self._path(template, path_params)
        while True:
            page = self.request("GET", path, params=query, headers=headers, timeout=timeout).json()
            if not isinstance(page, dict) or not isinstance(page.get("data"), list):
                raise ApiError(200, "unexpected_response", "a list answer without a data array", {}, None)
            for item in page["data"]:
                yield item
            pagination = page.get("pagination") or {}
            next_cursor = pagination.get("next_cursor")
            if not pagination.get("has_more") or not next_cursor:
                return
            query["cursor"] = next_cursor
