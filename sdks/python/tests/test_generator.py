"""generate.py over the committed docs/openapi.json: named component schemas behind $refs keep their
names, each discriminated union (Lesson by ``type``, QuizQuestion by ``kind``, bulk results by
``status``, Event by ``type``) is a Union of TypedDicts whose tag is the mapping's value, WebhookEvent
is one member per entry of the ``webhooks`` section, bulk records and rotate bodies are typed, a
secret shown once is an optional key; and ``--check`` notices an edited file."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sys
import tempfile
import typing
import unittest
from pathlib import Path
from typing import Any, Dict, List, Union

import lectern
from lectern import _resources, types

from .support import LIBRARY, REPO, FakeTransport, fake_client, json_response

sys.path.insert(0, str(LIBRARY))
import generate  # noqa: E402

DOCUMENT: Dict[str, Any] = json.loads((REPO / "docs" / "openapi.json").read_text(encoding="utf-8"))
SCHEMAS: Dict[str, Any] = DOCUMENT["components"]["schemas"]


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def discriminated() -> Dict[str, Any]:
    return {name: schema for name, schema in SCHEMAS.items() if "discriminator" in schema}


class ComponentsTest(unittest.TestCase):
    def test_every_component_schema_keeps_its_name(self) -> None:
        missing = [name for name in SCHEMAS if not hasattr(types, generate.pascal(name))]
        self.assertEqual(missing, [])
        for name in ["Course", "Student", "TextLesson", "QuizLesson", "ErrorResponse", "PagePagination", "CursorPagination"]:
            self.assertIsInstance(getattr(types, name), type, name)

    def test_each_discriminated_union_is_a_union_tagged_by_its_mapping(self) -> None:
        unions = discriminated()
        self.assertTrue({"Lesson", "QuizQuestion", "StudentBulkResult", "EnrollmentBulkResult", "Event"} <= set(unions))
        for name, schema in unions.items():
            with self.subTest(schema=name):
                tag = schema["discriminator"]["propertyName"]
                mapping = schema["discriminator"].get("mapping")
                self.assertIsNotNone(mapping, f"#/components/schemas/{name}: a discriminator on `{tag}` without a mapping")
                members = [ref_name(m["$ref"]) for m in schema.get("oneOf") or schema.get("anyOf")]
                union = getattr(types, name)
                self.assertEqual(typing.get_origin(union), Union)
                self.assertEqual([m.__name__ for m in typing.get_args(union)], members)
                for value, target in mapping.items():
                    hints = typing.get_type_hints(getattr(types, ref_name(target)))
                    # A member may carry several values of the tag (IdempotencyErrorObject: two codes).
                    self.assertEqual(typing.get_origin(hints[tag]), typing.Literal, f"{ref_name(target)}.{tag}")
                    self.assertIn(value, typing.get_args(hints[tag]), f"{ref_name(target)}.{tag}")

    def test_webhook_event_has_one_member_per_event_type(self) -> None:
        members = typing.get_args(types.WebhookEvent)
        by_type = {typing.get_args(typing.get_type_hints(m)["type"])[0]: m.__name__ for m in members}
        self.assertEqual(sorted(by_type), sorted(DOCUMENT["webhooks"]))
        event_mapping = SCHEMAS["Event"]["discriminator"]["mapping"]
        self.assertEqual(by_type, {t: ref_name(r) for t, r in event_mapping.items()})
        namespace = {**vars(sys.modules[lectern.verify_webhook.__module__]), "WebhookEvent": types.WebhookEvent}
        self.assertEqual(typing.get_type_hints(lectern.verify_webhook, globalns=namespace)["return"], types.WebhookEvent)
        created = typing.get_type_hints(types.CourseCreatedEvent)["data"]
        self.assertIs(typing.get_type_hints(created)["object"], types.Course)

    def test_a_list_page_has_either_pagination(self) -> None:
        hints = typing.get_type_hints(types.ListCoursesResponse)
        self.assertEqual(hints["pagination"], Union[types.PagePagination, types.CursorPagination])
        self.assertEqual(hints["data"], List[types.Course])

    def test_a_secret_shown_once_is_optional(self) -> None:
        # Absent when an idempotent replay answers the create or the rotation again.
        self.assertIn("secret", types.WebhookEndpointWithSecret.__optional_keys__)
        self.assertIn("key", types.ApiKeyWithSecret.__optional_keys__)

    def test_keyword_field_names(self) -> None:
        self.assertIn("from", typing.get_type_hints(types.QuizResults))


class SignaturesTest(unittest.TestCase):
    def hints(self, resource: str, method: str) -> Dict[str, Any]:
        namespace = {**vars(_resources), "Client": lectern.Client}
        return typing.get_type_hints(getattr(getattr(_resources, resource), method), globalns=namespace)

    def test_bodies_and_answers_are_the_named_components(self) -> None:
        self.assertIs(self.hints("CoursesResource", "create")["body"], types.CreateCourseRequest)
        self.assertIs(self.hints("CoursesResource", "get")["return"], types.Course)
        self.assertIs(self.hints("LessonsResource", "get")["return"], types.Lesson)
        self.assertEqual(self.hints("CoursesResource", "list")["return"], typing.Iterator[types.Course])

    def test_bulk_records_are_typed(self) -> None:
        body = self.hints("StudentsResource", "bulk_create")["body"]
        # A record is the single create's body, or any other object (answered in the 207 as its validation_error).
        self.assertEqual(typing.get_type_hints(body)["records"], List[Union[types.CreateStudentRequest, Dict[str, Any]]])
        answer = self.hints("StudentsResource", "bulk_create")["return"]
        self.assertEqual(typing.get_type_hints(answer)["data"], List[types.StudentBulkResult])

    def test_the_rotate_bodies_are_optional(self) -> None:
        for resource, method in [("ApiKeysResource", "rotate"), ("WebhooksResource", "rotate_secret")]:
            with self.subTest(method=method):
                body = self.hints(resource, method)["body"]
                self.assertEqual(typing.get_origin(body), Union)
                shape, none = typing.get_args(body)
                self.assertIs(none, type(None))
                self.assertEqual(typing.get_type_hints(shape), {"grace_period_seconds": int})
                self.assertEqual(shape.__required_keys__, frozenset())

    def test_a_lesson_answer_is_told_apart_by_its_type(self) -> None:
        quiz = {"id": "les_1", "type": "quiz", "quiz": {"passing_score": 50, "questions": [
            {"id": "qst_1", "prompt": "p", "kind": "single_choice", "choices": ["a", "b"]}]}}
        transport = FakeTransport([json_response(200, {"data": quiz}), json_response(200, {"data": {"id": "les_2", "type": "text", "quiz": None}})])
        client = fake_client(transport)
        described = []
        for lesson in [client.lessons.get("les_1"), client.lessons.get("les_2")]:
            if lesson["type"] == "quiz":
                described.append([q["kind"] for q in lesson["quiz"]["questions"]])
            else:
                described.append(lesson["quiz"])
        self.assertEqual(described, [["single_choice"], None])


class CheckTest(unittest.TestCase):
    def test_check_sees_an_edited_file(self) -> None:
        folder = Path(tempfile.mkdtemp(prefix="lectern-generator-"))
        try:
            args = ["--out", str(folder)]
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(generate.main(args), 0)
                self.assertEqual(generate.main(args + ["--check"]), 0)
                (folder / "types.py").write_text((folder / "types.py").read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
                self.assertEqual(generate.main(args + ["--check"]), 1)
        finally:
            shutil.rmtree(folder)
