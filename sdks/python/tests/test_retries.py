"""Every case of sdks/vectors/retries.json, with a fake transport and a fake sleep."""

from __future__ import annotations

import unittest
from typing import Any, Dict

import lectern
from lectern import HttpResponse

from .support import FakeSleep, FakeTransport, fake_client, header, json_response, vectors


def answer(entry: Any) -> Any:
    if entry == "network_error":
        return entry
    status = entry["status"]
    headers: Dict[str, str] = {k.lower(): v for k, v in (entry.get("headers") or {}).items()}
    if 200 <= status < 300:
        return json_response(status, {"data": {"id": "crs_1"}}, headers)
    codes = {429: "rate_limit_exceeded", 503: "service_unavailable", 400: "validation_error"}
    body: Dict[str, Any] = {"code": codes.get(status, "internal_error"), "message": f"status {status}", "details": {}, "request_id": "req_1"}
    if status == 429 and headers.get("retry-after", "").isdigit():
        body["retry_after"] = int(headers["retry-after"])
    return json_response(status, {"error": body}, headers)


class RetryVectorsTest(unittest.TestCase):
    def test_defaults_are_the_vectors(self) -> None:
        defaults = vectors("retries")["defaults"]
        self.assertEqual(lectern.DEFAULT_MAX_ATTEMPTS, defaults["max_attempts"])
        self.assertEqual(lectern.DEFAULT_MAX_RETRY_AFTER, defaults["max_retry_after"])
        client = lectern.Client(api_key="k", base_url="http://x")
        self.assertEqual((client.max_attempts, client.max_retry_after, client.timeout), (3, 60, 30))

    def test_every_case(self) -> None:
        data = vectors("retries")
        self.assertGreater(len(data["cases"]), 10)
        for case in data["cases"]:
            with self.subTest(case=case["name"]):
                transport = FakeTransport([answer(a) for a in case["answers"]])
                sleep = FakeSleep()
                client = fake_client(
                    transport,
                    sleep,
                    max_attempts=case.get("max_attempts", data["defaults"]["max_attempts"]),
                    max_retry_after=data["defaults"]["max_retry_after"],
                )
                options: Dict[str, Any] = {}
                if case["method"] == "POST" and not case.get("has_idempotency_key", True):
                    options["idempotency_key"] = False
                body = {"title": "x"} if case["method"] in ("POST", "PUT") else None
                expect = case["expect"]
                outcome = expect["outcome"]
                if "ok" in outcome:
                    response = client.request(case["method"], "/courses", body=body, **options)
                    self.assertEqual(response.status, outcome["ok"])
                elif outcome["error"] == "network_error":
                    with self.assertRaises(lectern.ApiConnectionError):
                        client.request(case["method"], "/courses", body=body, **options)
                else:
                    with self.assertRaises(lectern.ApiError) as caught:
                        client.request(case["method"], "/courses", body=body, **options)
                    self.assertEqual(caught.exception.status, outcome["error"])
                self.assertEqual(len(transport.requests), expect["attempts"])
                self.assertEqual(sleep.sleeps, expect["sleeps"])
                keys = {header(r, "Idempotency-Key") for r in transport.requests}
                self.assertEqual(len(keys), 1, "one Idempotency-Key (or none) on every attempt of a call")
                if case["method"] == "POST":
                    self.assertEqual(keys != {None}, case.get("has_idempotency_key", True))
                else:
                    self.assertEqual(keys, {None})

    def test_a_429_raised_carries_retry_after(self) -> None:
        transport = FakeTransport([answer({"status": 429, "headers": {"retry-after": "3600"}})])
        with self.assertRaises(lectern.RateLimitError) as caught:
            fake_client(transport).courses.list_page()
        self.assertEqual(caught.exception.retry_after, 3600)

    def test_a_429_on_a_generated_post_reuses_its_generated_key(self) -> None:
        transport = FakeTransport([answer({"status": 503}), answer({"status": 201})])
        sleep = FakeSleep()
        course = fake_client(transport, sleep).courses.create({"title": "x"})
        self.assertEqual(course, {"id": "crs_1"})
        first, second = (header(r, "Idempotency-Key") for r in transport.requests)
        self.assertTrue(first)
        self.assertEqual(first, second)
        self.assertEqual(sleep.sleeps, [1])

    def test_retry_after_as_an_http_date(self) -> None:
        transport = FakeTransport(
            [answer({"status": 429, "headers": {"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}}), answer({"status": 200})]
        )
        sleep = FakeSleep()
        fake_client(transport, sleep).courses.get("crs_1")
        self.assertEqual(sleep.sleeps, [0.0])  # a date in the past: retry at once

    def test_a_transport_oserror_is_a_connection_error(self) -> None:
        def broken(request: Any) -> HttpResponse:
            raise ConnectionResetError("reset")

        with self.assertRaises(lectern.ApiConnectionError):
            fake_client(FakeTransport(default=broken), max_attempts=2).courses.create({"title": "x"}, idempotency_key=False)
