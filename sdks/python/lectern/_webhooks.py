"""Webhook signature verification (Standard Webhooks v1), usable with or without a client."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import TYPE_CHECKING, Any, Mapping, Optional, Union, cast

from ._errors import WebhookVerificationError

if TYPE_CHECKING:
    from .types import WebhookEvent

__all__ = ["verify_webhook", "DEFAULT_TOLERANCE_SECONDS", "WebhookVerifier"]

#: A delivery signed more than this many seconds before or after the receiver's clock is refused.
DEFAULT_TOLERANCE_SECONDS = 300

_SECRET_PREFIX = "whsec_"


def _lower_headers(headers: Any) -> "dict[str, str]":
    # dict, http.client.HTTPMessage, email.message.Message, werkzeug Headers: all have items().
    items = headers.items() if hasattr(headers, "items") else headers
    lowered = {}
    for name, value in items:
        lowered[str(name).lower()] = value if isinstance(value, str) else str(value)
    return lowered


def _secret_key(secret: str) -> bytes:
    if not isinstance(secret, str) or not secret:
        raise WebhookVerificationError("the webhook secret is empty")
    encoded = secret[len(_SECRET_PREFIX):] if secret.startswith(_SECRET_PREFIX) else secret
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise WebhookVerificationError("the webhook secret is not whsec_ followed by base64") from None


def verify_webhook(
    payload: Union[bytes, str],
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> "WebhookEvent":
    """Verify a delivery and return its event, parsed.

    ``payload`` is the request body exactly as received (bytes, or the str it decodes to): parse
    nothing before verifying. ``headers`` is any mapping of the request's headers (names in any
    case). ``secret`` is the endpoint's ``whsec_…`` signing secret. ``now`` (Unix seconds) defaults
    to the clock. Raises :class:`WebhookVerificationError` unless a ``v1`` signature of
    ``webhook-signature`` matches and ``webhook-timestamp`` is within ``tolerance`` seconds.
    """
    lowered = _lower_headers(headers)
    msg_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header")
    stamp = timestamp.strip()
    if not (stamp.isascii() and stamp.isdigit()):
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds")
    current = time.time() if now is None else now
    if abs(current - int(stamp)) > tolerance:
        raise WebhookVerificationError("webhook-timestamp is outside the tolerance (a replay, or a wrong clock)")

    body = payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)
    key = _secret_key(secret)
    signed = msg_id.encode("utf-8") + b"." + stamp.encode("ascii") + b"." + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())

    matched = False
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        # Compare every candidate in constant time and do not stop early.
        if version == "v1" and hmac.compare_digest(value.encode("utf-8"), expected):
            matched = True
    if not matched:
        raise WebhookVerificationError("no matching v1 signature in webhook-signature")
    try:
        return cast("WebhookEvent", json.loads(body.decode("utf-8")))
    except (UnicodeDecodeError, ValueError):
        raise WebhookVerificationError("the payload is not JSON") from None


class WebhookVerifier:
    """Holds an endpoint's secret: ``WebhookVerifier(secret).verify(payload, headers)``."""

    def __init__(self, secret: str, *, tolerance: int = DEFAULT_TOLERANCE_SECONDS) -> None:
        _secret_key(secret)  # fail early on a malformed secret
        self._secret = secret
        self._tolerance = tolerance

    def verify(
        self, payload: Union[bytes, str], headers: Mapping[str, str], *, now: Optional[float] = None
    ) -> "WebhookEvent":
        return verify_webhook(payload, headers, self._secret, tolerance=self._tolerance, now=now)


class WebhookVerifyMixin:
    """Adds ``verify`` to the generated ``client.webhooks`` resource."""

    def verify(
        self,
        payload: Union[bytes, str],
        headers: Mapping[str, str],
        secret: str,
        *,
        tolerance: int = DEFAULT_TOLERANCE_SECONDS,
        now: Optional[float] = None,
    ) -> "WebhookEvent":
        """Verify a webhook delivery and return its event; see :func:`lectern.verify_webhook`."""
        return verify_webhook(payload, headers, secret, tolerance=tolerance, now=now)
