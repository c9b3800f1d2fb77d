"""Every operation of sdks/operations.json exists as client.<resource>.<method> and sends its request.

A new endpoint in the document (and so in operations.json) fails this suite until the library has it
(run python3 sdks/python/generate.py)."""

from __future__ import annotations

import inspect
import re
import types
import unittest
import urllib.parse
from typing import Any, Dict, List

from lectern import HttpRequest, HttpResponse

from .support import BASE_URL, FakeTransport, fake_client, header, json_response, operations


def snake(name: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def answer_for(request: HttpRequest) -> HttpResponse:
    if request.url.split("?")[0].endswith("/download"):
        return HttpResponse(200, {"content-type": "application/zip"}, b"PK\x03\x04zip")
    if request.method == "GET" and "cursor=" in request.url:
        return json_response(200, {"data": [{"id": "x_1"}], "pagination": {"per_page": 20, "next_cursor": None, "has_more": False}})
    return json_response(200, {"data": {"id": "x_1"}})


class OperationsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.operations = operations()
        self.assertGreater(len(self.operations), 50)

    def test_every_operation_exists(self) -> None:
        client = fake_client(FakeTransport())
        missing: List[str] = []
        for op in self.operations:
            resource = getattr(client, snake(op["resource"]), None)
            method = getattr(resource, snake(op["method"]), None) if resource is not None else None
            if not callable(method):
                missing.append(f"client.{snake(op['resource'])}.{snake(op['method'])} ({op['operation_id']})")
            if op["cursor_list"] and not callable(getattr(resource, snake(op["method"]) + "_page", None)):
                missing.append(f"client.{snake(op['resource'])}.{snake(op['method'])}_page ({op['operation_id']})")
        self.assertEqual(missing, [], "operations of sdks/operations.json missing from the library")

    def test_every_operation_sends_its_request(self) -> None:
        for op in self.operations:
            if op["hand_written"]:
                continue  # a file upload, lines of results: other arguments, sent by test_imports.py
            with self.subTest(operation=op["operation_id"]):
                self._check(op, page=False)
                if op["cursor_list"]:
                    self._check(op, page=True)

    def _check(self, op: Dict[str, Any], page: bool) -> None:
        transport = FakeTransport(default=answer_for)
        client = fake_client(transport)
        name = snake(op["method"])
        if op["cursor_list"] and page:
            name += "_page"
        method = getattr(getattr(client, snake(op["resource"])), name)
        path_values = [f"v{i}_id/x" for i in range(len(op["path_params"]))]  # '/' must be escaped
        args: List[Any] = list(path_values)
        if op["has_body"]:
            args.append({"title": "x"})
        query = {q: "1" for q in op["query_params"] if q not in ("page", "cursor")}
        parameters = inspect.signature(method).parameters
        if op["query_params"]:
            self.assertIn("params", parameters)
            args.append(query)
        else:
            self.assertNotIn("params", parameters)
        result = method(*args, headers={"X-Test": "yes"})
        if op["cursor_list"] and not page:
            self.assertIsInstance(result, types.GeneratorType)
            self.assertEqual(transport.requests, [], "a list asks nothing before it is iterated")
            self.assertEqual([item["id"] for item in result], ["x_1"])
        self.assertEqual(len(transport.requests), 1)
        request = transport.requests[0]
        self.assertEqual(request.method, op["http_method"])
        expected_path = op["path"]
        for param, value in zip(op["path_params"], path_values):
            expected_path = expected_path.replace("{" + param + "}", urllib.parse.quote(value, safe=""))
        url = urllib.parse.urlsplit(request.url)
        self.assertEqual(url.scheme + "://" + url.netloc + url.path, BASE_URL + expected_path)
        sent_query = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))
        if op["cursor_list"] and not page:
            self.assertEqual(sent_query, {**query, "cursor": ""})
        else:
            self.assertEqual(sent_query, query)
        self.assertEqual(header(request, "X-Test"), "yes")
        self.assertEqual(request.body is not None, op["has_body"])
        self.assertEqual(header(request, "Idempotency-Key") is not None, op["http_method"] == "POST")
        if op["operation_id"] == "downloadExport":
            self.assertEqual(result, b"PK\x03\x04zip")
        elif not op["cursor_list"] or page:
            self.assertIsNotNone(result)
