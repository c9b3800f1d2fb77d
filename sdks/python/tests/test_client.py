"""The client's configuration and what every request carries."""

from __future__ import annotations

import json
import os
import platform
import unittest
import uuid
from unittest import mock

import lectern
from lectern import Client, HttpResponse

from .support import BASE_URL, FakeTransport, fake_client, header, json_response


class ConfigurationTest(unittest.TestCase):
    def test_arguments_win_over_the_environment(self) -> None:
        with mock.patch.dict(os.environ, {"LECTERN_API_KEY": "env_key", "LECTERN_BASE_URL": "http://env/api/v1"}):
            client = Client(api_key="arg_key", base_url="http://arg/api/v1/")
        self.assertEqual((client.api_key, client.base_url), ("arg_key", "http://arg/api/v1"))

    def test_the_environment_fills_in(self) -> None:
        with mock.patch.dict(os.environ, {"LECTERN_API_KEY": "env_key", "LECTERN_BASE_URL": "http://env/api/v1"}):
            client = Client()
        self.assertEqual((client.api_key, client.base_url), ("env_key", "http://env/api/v1"))

    def test_a_missing_key_or_url_is_a_configuration_error(self) -> None:
        with mock.patch.dict(os.environ, {}, clear=True):
            with self.assertRaisesRegex(lectern.ConfigurationError, "LECTERN_API_KEY"):
                Client(base_url="http://x")
            with self.assertRaisesRegex(lectern.ConfigurationError, "LECTERN_BASE_URL"):
                Client(api_key="k")
        self.assertTrue(issubclass(lectern.ConfigurationError, lectern.LecternError))

    def test_options(self) -> None:
        client = Client(api_key="k", base_url="http://x", max_attempts=5, max_retry_after=10, timeout=2.5)
        self.assertEqual((client.max_attempts, client.max_retry_after, client.timeout), (5, 10, 2.5))
        with self.assertRaises(lectern.ConfigurationError):
            Client(api_key="k", base_url="http://x", max_attempts=0)


class RequestTest(unittest.TestCase):
    def test_headers_of_every_request(self) -> None:
        transport = FakeTransport([json_response(200, {"data": {"id": "crs_1"}})])
        fake_client(transport).courses.get("crs_1")
        request = transport.requests[0]
        self.assertEqual(request.url, BASE_URL + "/courses/crs_1")
        self.assertEqual(header(request, "Authorization"), "Bearer lct_prod_test")
        self.assertEqual(
            header(request, "User-Agent"),
            f"lectern-python/1.0.0 ({platform.python_implementation()} {platform.python_version()})",
        )
        self.assertEqual(header(request, "Accept"), "application/json")
        self.assertIsNone(header(request, "Idempotency-Key"))
        self.assertIsNone(header(request, "Content-Type"))
        self.assertEqual(request.timeout, 30)

    def test_a_single_resource_is_unwrapped_and_a_body_is_json(self) -> None:
        transport = FakeTransport([json_response(201, {"data": {"id": "crs_1", "title": "É"}})])
        course = fake_client(transport).courses.create({"title": "É"})
        self.assertEqual(course, {"id": "crs_1", "title": "É"})
        request = transport.requests[0]
        self.assertEqual(header(request, "Content-Type"), "application/json")
        self.assertEqual(json.loads(request.body or b""), {"title": "É"})

    def test_every_post_gets_a_uuid4_idempotency_key(self) -> None:
        transport = FakeTransport(default=json_response(201, {"data": {"id": "crs_1"}}))
        client = fake_client(transport)
        client.courses.create({"title": "a"})
        client.courses.publish("crs_1")  # no body, still a key
        keys = [header(r, "Idempotency-Key") for r in transport.requests]
        self.assertEqual(len(set(keys)), 2)
        for key in keys:
            self.assertEqual(uuid.UUID(str(key)).version, 4)

    def test_the_idempotency_key_can_be_given_or_turned_off(self) -> None:
        transport = FakeTransport(default=json_response(201, {"data": {"id": "crs_1"}}))
        client = fake_client(transport)
        client.courses.create({"title": "a"}, idempotency_key="my-key")
        client.courses.create({"title": "a"}, idempotency_key=False)
        client.courses.create({"title": "a"}, headers={"idempotency-key": "from-headers"})
        self.assertEqual(header(transport.requests[0], "Idempotency-Key"), "my-key")
        self.assertIsNone(header(transport.requests[1], "Idempotency-Key"))
        self.assertEqual(
            [v for k, v in transport.requests[2].headers.items() if k.lower() == "idempotency-key"], ["from-headers"]
        )

    def test_the_rotate_actions_send_no_body_or_a_grace_period(self) -> None:
        transport = FakeTransport(default=json_response(200, {"data": {"id": "whe_1", "secret": "whsec_new"}}))
        client = fake_client(transport)
        client.webhooks.rotate_secret("whe_1")
        self.assertEqual(client.webhooks.rotate_secret("whe_1", {"grace_period_seconds": 0})["secret"], "whsec_new")
        client.api_keys.rotate("key_1", {"grace_period_seconds": 3600}, idempotency_key="rotate-1")
        client.api_keys.rotate("key_1")
        sent = [(r.method, r.url[len(BASE_URL):], r.body, header(r, "Content-Type")) for r in transport.requests]
        self.assertEqual(sent, [
            ("POST", "/webhook-endpoints/whe_1/rotate-secret", None, None),
            ("POST", "/webhook-endpoints/whe_1/rotate-secret", b'{"grace_period_seconds": 0}', "application/json"),
            ("POST", "/api-keys/key_1/rotate", b'{"grace_period_seconds": 3600}', "application/json"),
            ("POST", "/api-keys/key_1/rotate", None, None),
        ])
        self.assertEqual(header(transport.requests[2], "Idempotency-Key"), "rotate-1")
        self.assertTrue(all(header(r, "Idempotency-Key") for r in transport.requests))

    def test_per_call_headers_and_timeout(self) -> None:
        transport = FakeTransport([json_response(200, {"data": {"id": "crs_1"}})])
        fake_client(transport).courses.update("crs_1", {"title": "b"}, headers={"If-Match": '"abc"'}, timeout=3)
        self.assertEqual(header(transport.requests[0], "If-Match"), '"abc"')
        self.assertEqual(transport.requests[0].timeout, 3)

    def test_lists_and_bulk_answer_the_envelope(self) -> None:
        bulk = {"data": [{"index": 0, "status": "created", "data": {"id": "stu_1"}}]}
        page = {"data": [{"id": "stu_1"}], "pagination": {"page": 1, "per_page": 20, "total": 1, "total_pages": 1, "next_cursor": "c"}}
        transport = FakeTransport([json_response(207, bulk), json_response(200, page)])
        client = fake_client(transport)
        self.assertEqual(client.students.bulk_create({"records": [{"email": "a@b.c", "name": "A"}]}), bulk)
        self.assertEqual(client.students.list_page({"per_page": 20}), page)

    def test_a_204_answers_none_and_a_download_bytes(self) -> None:
        transport = FakeTransport([HttpResponse(204, {}, b""), HttpResponse(200, {"content-type": "application/zip"}, b"PK")])
        client = fake_client(transport)
        self.assertIsNone(client.courses.delete("crs_1"))
        self.assertEqual(client.exports.download("exp_1"), b"PK")

    def test_query_values(self) -> None:
        transport = FakeTransport([json_response(200, {"data": {"id": "crs_1", "deleted": True}})])
        fake_client(transport).courses.delete("crs_1", {"force": True})
        self.assertTrue(transport.requests[0].url.endswith("/courses/crs_1?force=true"))

    def test_request_answers_the_raw_response(self) -> None:
        transport = FakeTransport([json_response(200, {"data": {"id": "crs_1"}}, {"etag": '"v1"'})])
        response = fake_client(transport).request("GET", "/courses/crs_1")
        self.assertEqual(response.headers["etag"], '"v1"')
        self.assertEqual(response.json(), {"data": {"id": "crs_1"}})
        self.assertEqual(response.request_id, "req_test")

    def test_a_path_id_is_escaped(self) -> None:
        transport = FakeTransport([json_response(200, {"data": {}})])
        fake_client(transport).courses.get("../students")
        self.assertEqual(transport.requests[0].url, BASE_URL + "/courses/..%2Fstudents")
