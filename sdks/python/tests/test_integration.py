"""Against a real Lectern: node sdks/harness/start-lectern.mjs (SQLite in a temporary folder).

One server for the module; it stops when its stdin closes. Needs node and the built service
(dist/ in the repository root).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import tempfile
import threading
import time
import unittest
import uuid
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

import lectern
from lectern import Client

from .support import REPO

_server: Optional[subprocess.Popen] = None
_stderr: Any = None
_config: Dict[str, str] = {}


def setUpModule() -> None:
    global _server, _stderr
    _stderr = tempfile.TemporaryFile()
    _server = subprocess.Popen(
        ["node", str(REPO / "sdks" / "harness" / "start-lectern.mjs")],
        cwd=str(REPO),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=_stderr,
    )
    lines: "queue.Queue[bytes]" = queue.Queue()
    assert _server.stdout is not None
    stdout = _server.stdout
    threading.Thread(target=lambda: lines.put(stdout.readline()), daemon=True).start()
    try:
        first = lines.get(timeout=90)
    except queue.Empty:
        first = b""
    if not first:
        tearDownModule()
        _stderr.seek(0)
        raise RuntimeError(f"the harness did not start Lectern:\n{_stderr.read().decode(errors='replace')}")
    _config.update(json.loads(first))


def tearDownModule() -> None:
    if _server is None:
        return
    if _server.stdin:
        _server.stdin.close()
    try:
        _server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        _server.kill()
        _server.wait()
    if _server.stdout:
        _server.stdout.close()


def client(**options: Any) -> Client:
    return Client(api_key=_config["key"], base_url=_config["base_url"], **options)


class CurriculumTest(unittest.TestCase):
    def test_course_module_and_quiz_lesson_crud(self) -> None:
        api = client()
        course = api.courses.create({"title": "Intro to Statistics", "metadata": {"level": "beginner"}})
        self.assertTrue(course["id"].startswith("crs_"))
        self.assertEqual(api.courses.get(course["id"])["title"], "Intro to Statistics")
        updated = api.courses.update(course["id"], {"description": "Descriptive statistics"})
        self.assertEqual(updated["description"], "Descriptive statistics")
        self.assertEqual(updated["title"], "Intro to Statistics")
        self.assertTrue(api.courses.publish(course["id"])["published"])
        self.assertIn(course["id"], [c["id"] for c in api.courses.list({"per_page": 100})])

        module = api.modules.create(course["id"], {"title": "Week 1"})
        self.assertEqual((module["course_id"], module["position"]), (course["id"], 0))
        self.assertEqual(api.modules.update(module["id"], {"title": "Week one"})["title"], "Week one")
        self.assertEqual([m["id"] for m in api.modules.list(course["id"])], [module["id"]])

        lesson = api.lessons.create(
            module["id"],
            {
                "title": "Check yourself",
                "type": "quiz",
                "quiz": {
                    "passing_score": 50,
                    "questions": [
                        {"prompt": "2 + 2?", "kind": "single_choice", "choices": ["3", "4"], "answer": 1},
                        {"prompt": "Is the mean robust?", "kind": "true_false", "answer": False},
                        {"prompt": "Pick the averages", "kind": "multiple_choice", "choices": ["mean", "median", "range"], "answer": [0, 1]},
                        {"prompt": "Name the middle value", "kind": "short_answer", "answer": ["median"]},
                    ],
                },
            },
        )
        self.assertEqual(lesson["type"], "quiz")
        quiz = lesson["quiz"]
        assert quiz is not None
        self.assertEqual(len(quiz["questions"]), 4)
        self.assertTrue(all(q["id"].startswith("qst_") for q in quiz["questions"]))
        fetched = api.lessons.get(lesson["id"])
        self.assertEqual(fetched["quiz"], quiz)
        renamed = api.lessons.update(lesson["id"], {"title": "Quiz 1"})
        self.assertEqual((renamed["title"], renamed["quiz"]), ("Quiz 1", quiz))
        self.assertEqual([l["id"] for l in api.lessons.list(module["id"])], [lesson["id"]])

        self.assertEqual(api.lessons.delete(lesson["id"]), {"id": lesson["id"], "deleted": True})
        with self.assertRaises(lectern.NotFoundError):
            api.lessons.get(lesson["id"])
        self.assertTrue(api.modules.delete(module["id"])["deleted"])
        self.assertTrue(api.courses.delete(course["id"])["deleted"])
        with self.assertRaises(lectern.NotFoundError):
            api.courses.get(course["id"])


class StudentsTest(unittest.TestCase):
    def test_250_students_in_bulk_read_back_by_auto_pagination(self) -> None:
        api = client()
        run = uuid.uuid4().hex[:10]
        emails = [f"bulk-{run}-{i:03d}@example.com" for i in range(250)]
        # POST /students/bulk takes at most 100 records per request (the interface's cap), so 250
        # students take three calls: 100 + 100 + 50.
        created: List[str] = []
        for start in range(0, 250, 100):
            records = [{"email": e, "name": f"Student {e[:-12]}"} for e in emails[start : start + 100]]
            answer = api.students.bulk_create({"records": records})
            self.assertEqual([r["status"] for r in answer["data"]], ["created"] * len(records))
            created.extend(r["data"]["id"] for r in answer["data"])
        self.assertEqual(len(created), 250)

        seen: List[str] = []
        mine: List[str] = []
        for student in api.students.list({"per_page": 100}):
            seen.append(student["id"])
            if student["email"].startswith(f"bulk-{run}-"):
                mine.append(student["id"])
        self.assertEqual(len(seen), len(set(seen)), "auto-pagination repeated a student")
        self.assertEqual(len(mine), 250)
        self.assertEqual(sorted(mine), sorted(created))

        page = api.students.list_page({"per_page": 10, "page": 2})
        self.assertEqual(len(page["data"]), 10)
        self.assertGreaterEqual(page["pagination"].get("total", 0), 250)


class ErrorsAndIdempotencyTest(unittest.TestCase):
    def test_idempotent_replay(self) -> None:
        api = client()
        key = str(uuid.uuid4())
        first = api.courses.create({"title": "Replayed"}, idempotency_key=key)
        again = api.courses.create({"title": "Replayed"}, idempotency_key=key)
        self.assertEqual(again["id"], first["id"])
        raw = api.request("POST", "/courses", body={"title": "Replayed"}, idempotency_key=key)
        self.assertEqual(raw.status, 201)
        self.assertEqual(raw.headers.get("idempotent-replayed"), "true")
        self.assertEqual(raw.json()["data"]["id"], first["id"])

    def test_a_typed_404_with_request_id(self) -> None:
        with self.assertRaises(lectern.NotFoundError) as caught:
            client().courses.get("crs_" + "0" * 26)
        error = caught.exception
        self.assertEqual((error.status, error.code), (404, "resource_not_found"))
        self.assertTrue(error.request_id and error.request_id.startswith("req_"), error.request_id)
        self.assertIn("not found", error.message)

    def test_a_typed_422_with_request_id(self) -> None:
        api = client()
        key = str(uuid.uuid4())
        api.courses.create({"title": "First body"}, idempotency_key=key)
        with self.assertRaises(lectern.ValidationError) as caught:
            api.courses.create({"title": "Another body"}, idempotency_key=key)
        error = caught.exception
        self.assertEqual((error.status, error.code), (422, "idempotency_key_reused"))
        self.assertTrue(error.request_id and error.request_id.startswith("req_"), error.request_id)

    def test_a_typed_400_lists_the_problems(self) -> None:
        with self.assertRaises(lectern.ValidationError) as caught:
            client().courses.create({"title": ""})
        self.assertEqual(caught.exception.code, "validation_error")
        self.assertTrue(caught.exception.details["errors"])


class RateLimitTest(unittest.TestCase):
    def test_a_429_is_retried_after_retry_after(self) -> None:
        waits: List[float] = []

        def sleep(seconds: float) -> None:
            waits.append(seconds)
            time.sleep(seconds)

        # limited_key: a burst of 3 requests a minute; the 4th quick one answers 429 with a
        # Retry-After of about 20 s, which the client waits before its second attempt.
        # Up to 8 calls: on a slow machine a token may refill between the first ones.
        api = Client(api_key=_config["limited_key"], base_url=_config["base_url"], sleep=sleep)
        started = time.monotonic()
        for _ in range(8):
            page = api.courses.list_page({"per_page": 1})
            self.assertIn("data", page)
            if waits:
                break
        self.assertEqual(len(waits), 1, f"one wait expected, got {waits}")
        self.assertGreater(waits[0], 0)
        self.assertLessEqual(waits[0], 60)
        self.assertGreaterEqual(time.monotonic() - started, waits[0])

    def test_a_429_over_max_retry_after_is_raised_with_retry_after(self) -> None:
        api = Client(api_key=_config["limited_key"], base_url=_config["base_url"], max_retry_after=0.5)
        with self.assertRaises(lectern.RateLimitError) as caught:
            for _ in range(8):
                api.courses.list_page({"per_page": 1})
        self.assertGreater(caught.exception.retry_after or 0, 0)
        self.assertTrue((caught.exception.request_id or "").startswith("req_"))


class ImportsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.run_id = uuid.uuid4().hex[:8]

    def test_a_csv_from_its_path_waited_for_then_its_failed_row(self) -> None:
        api = client()
        run = self.run_id
        path = os.path.join(self.folder.name, "students.csv")
        with open(path, "w", encoding="utf-8") as out:
            out.write(
                "external_id,email,name\n"
                f"py-{run}-1,py-{run}-1@example.com,Ada\n"
                f"py-{run}-2,not-an-email,Alan\n"
                f"py-{run}-3,py-{run}-3@example.com,Grace\n"
            )
        report = api.imports.create(path, {"type": "students"}, wait=True, poll_interval=0.1)
        self.assertEqual(report["status"], "succeeded_with_errors", report)
        self.assertEqual((report["counts"]["created"], report["counts"]["failed"]), (2, 1))
        self.assertEqual(report["progress"], {"done": 3, "total": 3})
        failures = list(api.imports.results(report["id"], {"status": "error"}))
        self.assertEqual(
            [(r["line"], r["external_id"], r["action"], r.get("field")) for r in failures],
            [(3, f"py-{run}-2", "failed", "email")],
        )
        self.assertEqual([(r["line"], r["action"]) for r in api.imports.results(report["id"])],
                         [(2, "created"), (3, "failed"), (4, "created")])
        self.assertEqual(api.imports.get(report["id"])["id"], report["id"])

    def test_a_zip_of_students_and_their_enrollments_from_a_file_object(self) -> None:
        api = client()
        run = self.run_id
        course = api.courses.create({"title": f"Imported {run}"})
        api.courses.publish(course["id"])
        path = os.path.join(self.folder.name, "roster.zip")
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("students.csv", f"external_id,email,name\npz-{run}-1,pz-{run}-1@example.com,Ada\n"
                                             f"pz-{run}-2,pz-{run}-2@example.com,Alan\n")
            archive.writestr("enrollments.csv", f"student_external_id,course_id\npz-{run}-1,{course['id']}\n"
                                                f"pz-{run}-2,{course['id']}\npz-{run}-9,{course['id']}\n")
        with open(path, "rb") as handle:
            report = api.imports.create(handle, wait=True, poll_interval=0.1)
        self.assertEqual((report["format"], report["status"]), ("zip", "succeeded_with_errors"), report)
        self.assertEqual((report["counts"]["created"], report["counts"]["failed"]), (4, 1))
        failed = list(api.imports.results(report["id"], {"status": "error"}))
        self.assertEqual([(r["file"], r["line"], r["type"]) for r in failed], [("enrollments.csv", 4, "enrollment")])
        self.assertEqual(len(list(api.enrollments.list({"course_id": course["id"]}))), 2)


class _Receiver(BaseHTTPRequestHandler):
    deliveries: "queue.Queue[Tuple[bytes, Dict[str, str]]]"

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.deliveries.put((body, dict(self.headers.items())))
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class LiveWebhookTest(unittest.TestCase):
    def test_a_live_delivery_verifies(self) -> None:
        deliveries: "queue.Queue[Tuple[bytes, Dict[str, str]]]" = queue.Queue()
        handler = type("Receiver", (_Receiver,), {"deliveries": deliveries})
        receiver = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=receiver.serve_forever, daemon=True)
        thread.start()
        api = client()
        endpoint = None
        try:
            port = receiver.server_address[1]
            endpoint = api.webhooks.create_endpoint(
                {"url": f"http://127.0.0.1:{port}/hooks", "events": ["course.created"], "description": "python sdk test"}
            )
            secret = endpoint["secret"]
            self.assertTrue(secret.startswith("whsec_"))
            course = api.courses.create({"title": "Announced by webhook"})

            deadline = time.monotonic() + 60
            event: Optional[Dict[str, Any]] = None
            while event is None:
                remaining = deadline - time.monotonic()
                self.assertGreater(remaining, 0, "no delivery of course.created for the new course within 60 s")
                body, headers = deliveries.get(timeout=remaining)
                verified = api.webhooks.verify(body, headers, secret)
                self.assertEqual(lectern.verify_webhook(body, headers, secret), verified)  # the standalone helper
                if verified["data"]["object"]["id"] == course["id"]:
                    event = dict(verified)
                    self.assertEqual(headers.get("webhook-id") or headers.get("Webhook-Id"), verified["id"])
            self.assertEqual(event["type"], "course.created")
            self.assertTrue(event["id"].startswith("evt_"))
            self.assertEqual(api.events.get(event["id"])["type"], "course.created")
            with self.assertRaises(lectern.WebhookVerificationError):
                api.webhooks.verify(body + b" ", headers, secret)
        finally:
            if endpoint is not None:
                api.webhooks.delete_endpoint(endpoint["id"])
            receiver.shutdown()
            receiver.server_close()
