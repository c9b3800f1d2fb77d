"""Official Python client for the Lectern course-authoring API (standard library only).

    import lectern

    client = lectern.Client()  # LECTERN_API_KEY and LECTERN_BASE_URL from the environment
    course = client.courses.create({"title": "Intro to Statistics"})
    for student in client.students.list({"per_page": 100}):
        print(student["email"])
"""

from . import types
from ._client import (
    DEFAULT_MAX_ATTEMPTS,
    DEFAULT_MAX_RETRY_AFTER,
    DEFAULT_TIMEOUT,
    Client,
    HttpRequest,
    HttpResponse,
    Transport,
    UrllibTransport,
)
from ._errors import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    ConfigurationError,
    ConflictError,
    LecternError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ValidationError,
    WebhookVerificationError,
)
from ._version import API_VERSION, __version__
from ._webhooks import DEFAULT_TOLERANCE_SECONDS, WebhookVerifier, verify_webhook

__all__ = [
    "API_VERSION",
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_MAX_RETRY_AFTER",
    "DEFAULT_TIMEOUT",
    "DEFAULT_TOLERANCE_SECONDS",
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AuthenticationError",
    "Client",
    "ConfigurationError",
    "ConflictError",
    "HttpRequest",
    "HttpResponse",
    "LecternError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "Transport",
    "UrllibTransport",
    "ValidationError",
    "WebhookVerificationError",
    "WebhookVerifier",
    "__version__",
    "types",
    "verify_webhook",
]
