"""client.imports.create, wait and results over a fake transport: what goes on the wire for each kind
of file, retries of an upload, waiting, and the results' lines."""

from __future__ import annotations

import io
import json
import os
import tempfile
import unittest
from typing import Any, Dict, List, Tuple

from lectern import HttpRequest, HttpResponse, ServerError

from .support import FakeSleep, FakeTransport, fake_client, header, json_response

CSV = b"external_id,email,name\ns-1,ada@example.com,Ada\ns-2,alan@example.com,Alan\n"
QUEUED = {"id": "imp_1", "status": "queued", "progress": {"done": 0, "total": None}}
RUNNING = {"id": "imp_1", "status": "running", "progress": {"done": 1, "total": 2}}
DONE = {"id": "imp_1", "status": "succeeded", "progress": {"done": 2, "total": 2}}


class Recorder:
    """Reads each request's body while the attempt runs (a file is closed after it) and answers in turn."""

    def __init__(self, *answers: HttpResponse) -> None:
        self.answers = list(answers)
        self.sent: List[Tuple[HttpRequest, bytes]] = []

    def __call__(self, request: HttpRequest) -> HttpResponse:
        body = request.body
        data = body if isinstance(body, bytes) or body is None else body.read()
        self.sent.append((request, data or b""))
        return self.answers.pop(0)


def unavailable() -> HttpResponse:
    return json_response(503, {"error": {"code": "service_unavailable", "message": "down"}}, {"retry-after": "1"})


class CreateTest(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def file(self, name: str, data: bytes) -> str:
        path = os.path.join(self.folder.name, name)
        with open(path, "wb") as out:
            out.write(data)
        return path

    def client(self, recorder: Recorder, sleep: Any = None) -> Any:
        return fake_client(FakeTransport(default=recorder), sleep)

    def test_a_csv_path_is_streamed_with_its_type_length_idempotency_key_and_query(self) -> None:
        recorder = Recorder(json_response(202, {"data": QUEUED}))
        created = self.client(recorder).imports.create(
            self.file("students.csv", CSV), {"type": "students", "dry_run": True, "mode": "create_only"}
        )
        self.assertEqual(created, QUEUED)
        request, body = recorder.sent[0]
        self.assertEqual(request.method, "POST")
        self.assertEqual(request.url, "https://lectern.test/api/v1/imports?type=students&dry_run=true&mode=create_only")
        self.assertEqual(header(request, "Content-Type"), "text/csv")
        self.assertEqual(header(request, "Content-Length"), str(len(CSV)))
        self.assertRegex(header(request, "Idempotency-Key") or "", r"^[0-9a-f-]{36}$")
        self.assertNotIsInstance(request.body, bytes, "the file is handed to the transport, not read into memory")
        self.assertEqual(body, CSV)

    def test_the_content_type_comes_from_the_extension_unless_given(self) -> None:
        recorder = Recorder(*[json_response(202, {"data": QUEUED}) for _ in range(4)])
        imports = self.client(recorder).imports
        imports.create(self.file("roster.zip", b"PK"))
        imports.create(self.file("roster.ndjson", b'{"type":"student"}\n'))
        imports.create(self.file("roster.JSONL", b'{"type":"student"}\n'))
        imports.create(self.file("roster.txt", CSV), {"type": "students"}, content_type="text/csv; charset=utf-8")
        self.assertEqual(
            [header(r, "Content-Type") for r, _ in recorder.sent],
            ["application/zip", "application/x-ndjson", "application/x-ndjson", "text/csv; charset=utf-8"],
        )

    def test_refused_before_any_request(self) -> None:
        recorder = Recorder()
        imports = self.client(recorder).imports
        with self.assertRaisesRegex(ValueError, "needs its type"):
            imports.create(self.file("a.csv", CSV))
        with self.assertRaisesRegex(ValueError, "content_type"):
            imports.create(io.BytesIO(b"x"))
        with self.assertRaises(FileNotFoundError):
            imports.create(os.path.join(self.folder.name, "missing.csv"), {"type": "students"})
        self.assertEqual(recorder.sent, [])

    def test_file_objects_are_read_from_where_they_stand(self) -> None:
        recorder = Recorder(json_response(202, {"data": QUEUED}), json_response(202, {"data": QUEUED}))
        imports = self.client(recorder).imports
        with open(self.file("students.csv", CSV), "rb") as handle:
            imports.create(handle, {"type": "students"})
            self.assertFalse(handle.closed, "the caller's file stays open")
        stream = io.BytesIO(b"ignored" + CSV)
        stream.seek(len(b"ignored"))
        imports.create(stream, {"type": "enrollments"})
        self.assertEqual([(header(r, "Content-Type"), header(r, "Content-Length"), b) for r, b in recorder.sent], [
            ("text/csv", str(len(CSV)), CSV),
            ("text/csv", str(len(CSV)), CSV),
        ])

    def test_a_path_is_read_anew_for_a_retry_under_the_same_key_a_pipe_is_sent_once(self) -> None:
        sleep = FakeSleep()
        recorder = Recorder(unavailable(), json_response(202, {"data": QUEUED}))
        self.client(recorder, sleep).imports.create(
            self.file("retry.csv", CSV), {"type": "students"}, idempotency_key="nightly-2026-11-29"
        )
        self.assertEqual(
            [(header(r, "Idempotency-Key"), b) for r, b in recorder.sent],
            [("nightly-2026-11-29", CSV), ("nightly-2026-11-29", CSV)],
        )
        self.assertEqual(sleep.sleeps, [1.0])

        read, write = os.pipe()
        os.write(write, CSV)
        os.close(write)
        once = Recorder(unavailable())
        with open(read, "rb") as pipe:
            with self.assertRaises(ServerError):
                self.client(once).imports.create(pipe, {"type": "students"})
        self.assertEqual(len(once.sent), 1)
        self.assertIsNone(header(once.sent[0][0], "Content-Length"), "an unknown length: sent chunked")

    def test_wait_reads_the_import_pausing_half_a_second_then_doubling_until_it_is_done(self) -> None:
        sleep = FakeSleep()
        answers = [QUEUED, QUEUED, RUNNING, RUNNING, DONE]
        recorder = Recorder(*[json_response(202 if i == 0 else 200, {"data": a}) for i, a in enumerate(answers)])
        finished = self.client(recorder, sleep).imports.create(self.file("w.csv", CSV), {"type": "students"}, wait=True)
        self.assertEqual(finished, DONE)
        self.assertEqual([r.method for r, _ in recorder.sent], ["POST", "GET", "GET", "GET", "GET"])
        self.assertTrue(all(r.url.endswith("/imports/imp_1") for r, _ in recorder.sent[1:]))
        self.assertIsNone(header(recorder.sent[1][0], "Idempotency-Key"))
        self.assertEqual(sleep.sleeps, [0.5, 1.0, 2.0])

    def test_wait_stops_at_awaiting_confirmation(self) -> None:
        sleep = FakeSleep()
        awaiting = {**RUNNING, "status": "awaiting_confirmation"}
        recorder = Recorder(json_response(200, {"data": RUNNING}), json_response(200, {"data": awaiting}))
        imports = self.client(recorder, sleep).imports
        self.assertEqual(imports.wait("imp_1", poll_interval=0.1, max_poll_interval=0.1), awaiting)
        self.assertEqual(sleep.sleeps, [0.1])


class ResultsTest(unittest.TestCase):
    def test_asks_ndjson_and_yields_each_line_parsed_once_iterated(self) -> None:
        lines: List[Dict[str, Any]] = [
            {"file": "-", "line": 2, "type": "student", "external_id": "s-1", "action": "created"},
            {"file": "-", "line": 3, "type": "student", "external_id": "s-2", "action": "failed",
             "code": "validation_error", "field": "email", "message": "not an email"},
        ]
        body = "".join(json.dumps(line) + "\n" for line in lines).encode()
        transport = FakeTransport([HttpResponse(200, {"content-type": "application/x-ndjson"}, body)])
        results = fake_client(transport).imports.results("imp_1", {"status": "error"})
        self.assertEqual(transport.requests, [])
        self.assertEqual(list(results), lines)
        self.assertEqual(transport.path_and_query(0), ("/imports/imp_1/results", {"status": "error"}))
        self.assertEqual(header(transport.requests[0], "Accept"), "application/x-ndjson")
