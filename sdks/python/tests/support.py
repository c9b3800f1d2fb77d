"""Shared pieces of the tests: paths, the shared vectors, a fake transport and a fake clock."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Union

from lectern import ApiConnectionError, Client, HttpRequest, HttpResponse

LIBRARY = Path(__file__).resolve().parent.parent
REPO = LIBRARY.parent.parent
VECTORS = REPO / "sdks" / "vectors"
BASE_URL = "https://lectern.test/api/v1"


def vectors(name: str) -> Dict[str, Any]:
    return json.loads((VECTORS / f"{name}.json").read_text(encoding="utf-8"))


def operations() -> List[Dict[str, Any]]:
    return json.loads((REPO / "sdks" / "operations.json").read_text(encoding="utf-8"))["operations"]


Answer = Union[HttpResponse, str, Callable[[HttpRequest], HttpResponse]]


def json_response(status: int, body: Any, headers: Optional[Dict[str, str]] = None) -> HttpResponse:
    sent = {"content-type": "application/json; charset=utf-8", "x-request-id": "req_test"}
    sent.update(headers or {})
    return HttpResponse(status, sent, json.dumps(body).encode("utf-8"))


class FakeTransport:
    """Answers each attempt with the next scripted answer ("network_error" raises) and records it."""

    def __init__(self, answers: Optional[List[Answer]] = None, default: Optional[Answer] = None) -> None:
        self.answers = list(answers or [])
        self.default = default
        self.requests: List[HttpRequest] = []

    def __call__(self, request: HttpRequest) -> HttpResponse:
        self.requests.append(request)
        if self.answers:
            answer = self.answers.pop(0)
        elif self.default is not None:
            answer = self.default
        else:
            raise AssertionError(f"unexpected request {request.method} {request.url}")
        if answer == "network_error":
            raise ApiConnectionError("connection reset (fake)")
        if callable(answer):
            return answer(request)
        assert isinstance(answer, HttpResponse)
        return answer

    def path_and_query(self, index: int) -> "tuple[str, Dict[str, str]]":
        parts = urllib.parse.urlsplit(self.requests[index].url)
        prefix = urllib.parse.urlsplit(BASE_URL).path
        query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        return parts.path[len(prefix):], query


class FakeSleep:
    def __init__(self) -> None:
        self.sleeps: List[float] = []

    def __call__(self, seconds: float) -> None:
        self.sleeps.append(seconds)


def fake_client(transport: FakeTransport, sleep: Optional[FakeSleep] = None, **options: Any) -> Client:
    return Client(api_key="lct_prod_test", base_url=BASE_URL, transport=transport, sleep=sleep or FakeSleep(), **options)


def header(request: HttpRequest, name: str) -> Optional[str]:
    for key, value in request.headers.items():
        if key.lower() == name.lower():
            return value
    return None
