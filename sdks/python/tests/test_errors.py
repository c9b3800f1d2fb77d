"""Every case of sdks/vectors/errors.json: the exception class and its fields."""

from __future__ import annotations

import json
import unittest

import lectern
from lectern import HttpResponse

from .support import FakeTransport, fake_client, vectors

KINDS = {
    "not_found": lectern.NotFoundError,
    "validation": lectern.ValidationError,
    "authentication": lectern.AuthenticationError,
    "permission": lectern.PermissionDeniedError,
    "conflict": lectern.ConflictError,
    "rate_limit": lectern.RateLimitError,
    "server": lectern.ServerError,
    "api": lectern.ApiError,
}


class ErrorVectorsTest(unittest.TestCase):
    def test_every_case(self) -> None:
        cases = vectors("errors")["cases"]
        self.assertGreater(len(cases), 5)
        for case in cases:
            with self.subTest(case=case["name"]):
                body = case["body_text"].encode("utf-8") if "body_text" in case else json.dumps(case["body"]).encode()
                response = HttpResponse(case["status"], {k.lower(): v for k, v in case["headers"].items()}, body)
                # One attempt: the vectors are about the exception, not about retrying a 503.
                client = fake_client(FakeTransport([response]), max_attempts=1)
                with self.assertRaises(lectern.ApiError) as caught:
                    client.courses.get("crs_01m805yc765mekgzja4g3yyw8p")
                error = caught.exception
                expect = case["expect"]
                self.assertIs(type(error), KINDS[expect["kind"]])
                self.assertEqual(error.status, expect["status"])
                self.assertEqual(error.code, expect["code"])
                self.assertEqual(error.message, expect["message"])
                self.assertEqual(error.details, expect["details"])
                self.assertEqual(error.request_id, expect["request_id"])
                self.assertEqual(error.retry_after, expect["retry_after"])
                self.assertIn(str(expect["status"]), str(error))

    def test_class_families(self) -> None:
        for cls in KINDS.values():
            self.assertTrue(issubclass(cls, lectern.ApiError))
            self.assertTrue(issubclass(cls, lectern.LecternError))
        self.assertTrue(issubclass(lectern.ApiConnectionError, lectern.LecternError))
        self.assertTrue(issubclass(lectern.ApiTimeoutError, lectern.ApiConnectionError))
        self.assertFalse(issubclass(lectern.ApiConnectionError, lectern.ApiError))
        # Names that do not hide Python's built-ins.
        self.assertIsNot(lectern.PermissionDeniedError, PermissionError)
        self.assertFalse(hasattr(lectern, "PermissionError"))
        self.assertFalse(hasattr(lectern, "ConnectionError"))
