"""The exceptions the library raises: one class per family of API error, chosen by status."""

from __future__ import annotations

import json
from typing import Any, Dict, Mapping, Optional, Type

__all__ = [
    "LecternError",
    "ConfigurationError",
    "ApiError",
    "ValidationError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "RateLimitError",
    "ServerError",
    "ApiConnectionError",
    "ApiTimeoutError",
    "WebhookVerificationError",
    "error_from_response",
]


class LecternError(Exception):
    """Root of every exception this library raises."""


class ConfigurationError(LecternError):
    """The client lacks its API key or base URL (arguments or LECTERN_API_KEY / LECTERN_BASE_URL)."""


class ApiError(LecternError):
    """The API answered with an error status.

    ``code`` is Lectern's machine-readable code (``resource_not_found``, ``validation_error``, …), or
    ``unexpected_response`` when the answer was not a Lectern error body (a proxy's 502 page, say).
    ``details`` is always a dict (``{}`` when the answer had none). ``request_id`` is the answer's
    ``X-Request-Id``: quote it when you ask for help. ``retry_after`` (seconds) is set on 429 only.
    """

    status: int
    code: str
    message: str
    details: Dict[str, Any]
    request_id: Optional[str]
    retry_after: Optional[int]
    headers: Dict[str, str]
    body: bytes

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Optional[Dict[str, Any]] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
        headers: Optional[Mapping[str, str]] = None,
        body: bytes = b"",
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.details = details if details is not None else {}
        self.request_id = request_id
        self.retry_after = retry_after
        self.headers = dict(headers or {})
        self.body = body
        super().__init__(self._describe())

    def _describe(self) -> str:
        text = f"{self.status} {self.code}: {self.message}"
        if self.request_id:
            text += f" (request {self.request_id})"
        return text

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status!r}, code={self.code!r}, message={self.message!r}, "
            f"request_id={self.request_id!r})"
        )


class ValidationError(ApiError):
    """400 or 422: the request was refused as sent (``details.errors`` lists each problem on 400)."""


class AuthenticationError(ApiError):
    """401: no key, or a key that is malformed, unknown, expired or revoked."""


class PermissionDeniedError(ApiError):
    """403: the key lacks a scope (``details.required_scope``), or the plan has no API access."""


class NotFoundError(ApiError):
    """404: the resource does not exist in the key's workspace."""


class ConflictError(ApiError):
    """409 or 412: the resource's state forbids the change (or ``If-Match`` no longer matches)."""


class RateLimitError(ApiError):
    """429: a rate limit refused the request; ``retry_after`` says how many seconds to wait."""


class ServerError(ApiError):
    """5xx: the service (or a proxy in front of it) failed."""


class ApiConnectionError(LecternError):
    """No answer: the connection failed or broke before a response arrived."""


class ApiTimeoutError(ApiConnectionError):
    """No answer within the client's timeout."""


class WebhookVerificationError(LecternError):
    """A webhook delivery failed verification: bad or missing signature, headers or timestamp."""


def _class_for(status: int) -> Type[ApiError]:
    if status in (400, 422):
        return ValidationError
    if status == 401:
        return AuthenticationError
    if status == 403:
        return PermissionDeniedError
    if status == 404:
        return NotFoundError
    if status in (409, 412):
        return ConflictError
    if status == 429:
        return RateLimitError
    if 500 <= status <= 599:
        return ServerError
    return ApiError


def _int_or_none(value: Any) -> Optional[int]:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def error_from_response(status: int, headers: Mapping[str, str], body: bytes) -> ApiError:
    """The exception for an error answer (``headers`` keyed in lower case)."""
    error: Any = None
    try:
        parsed = json.loads(body.decode("utf-8")) if body else None
    except (UnicodeDecodeError, ValueError):
        parsed = None
    if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
        candidate = parsed["error"]
        if isinstance(candidate.get("code"), str):
            error = candidate

    header_request_id = headers.get("x-request-id") or None
    if error is None:
        return _class_for(status)(
            status, "unexpected_response", f"HTTP {status}", {}, header_request_id, None, headers, body
        )

    details = error.get("details")
    request_id = error.get("request_id")
    retry_after: Optional[int] = None
    if status == 429:
        retry_after = _int_or_none(error.get("retry_after"))
        if retry_after is None:
            retry_after = _int_or_none(headers.get("retry-after"))
    return _class_for(status)(
        status,
        error["code"],
        str(error.get("message", f"HTTP {status}")),
        details if isinstance(details, dict) else {},
        request_id if isinstance(request_id, str) and request_id else header_request_id,
        retry_after,
        headers,
        body,
    )
