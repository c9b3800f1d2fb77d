"""generate.py on a document shaped as docs/openapi.json is becoming: named component schemas behind
$refs, a Lesson union by `type`, an error code enum, $ref parameters, bodies and responses, pagination
as two shapes, and a `webhooks` section. The output must import, resolve every hint and work."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import shutil
import sys
import tempfile
import typing
import unittest
from pathlib import Path
from typing import Any, Dict

from .support import LIBRARY

sys.path.insert(0, str(LIBRARY))
import generate  # noqa: E402

HAND_WRITTEN = ["__init__.py", "_client.py", "_errors.py", "_webhooks.py", "py.typed"]

ID = {"type": "string"}
TS = {"type": "string", "format": "date-time"}


def ref(name: str) -> Dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def json_body(schema: Any) -> Dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


DOCUMENT: Dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Lectern API", "version": "1.0.0", "license": {"name": "Apache-2.0", "identifier": "Apache-2.0"}},
    "components": {
        "schemas": {
            "Course": {
                "type": "object",
                "description": "A course.",
                "required": ["id", "title", "published"],
                "properties": {"id": ID, "title": {"type": "string"}, "published": {"type": "boolean"},
                               "metadata": {"type": "object", "additionalProperties": {"type": "string"}}},
            },
            "CourseCreate": {
                "type": "object", "required": ["title"],
                "properties": {"title": {"type": "string"}, "description": {"type": "string"}},
                "additionalProperties": False,
            },
            "LessonBase": {
                "type": "object", "required": ["id", "title"],
                "properties": {"id": ID, "title": {"type": "string"}, "created_at": TS},
            },
            "TextLesson": {"allOf": [ref("LessonBase"), {
                "type": "object", "required": ["type"],
                "properties": {"type": {"const": "text"}, "content": {"type": "string"}}}]},
            "QuizLesson": {"allOf": [ref("LessonBase"), {
                "type": "object", "required": ["type", "quiz"],
                "properties": {"type": {"const": "quiz"}, "quiz": ref("Quiz")}}]},
            "Lesson": {"oneOf": [ref("TextLesson"), ref("QuizLesson")],
                       "discriminator": {"propertyName": "type"}},
            "Quiz": {"type": "object", "required": ["passing_score", "questions"], "properties": {
                "passing_score": {"type": "integer"},
                "questions": {"type": "array", "items": ref("QuizQuestion")}}},
            "QuizQuestion": {"oneOf": [
                {"type": "object", "required": ["kind", "answer"],
                 "properties": {"kind": {"const": "single_choice"}, "choices": {"type": "array", "items": {"type": "string"}},
                                "answer": {"type": "integer"}}},
                {"type": "object", "required": ["kind", "answer"],
                 "properties": {"kind": {"const": "true_false"}, "answer": {"type": "boolean"}}},
            ], "discriminator": {"propertyName": "kind"}},
            "ErrorCode": {"type": "string", "enum": ["validation_error", "resource_not_found", "rate_limit_exceeded"]},
            "ErrorResponse": {"type": "object", "required": ["error"], "properties": {"error": {
                "type": "object", "required": ["code", "message", "request_id"],
                "properties": {"code": ref("ErrorCode"), "message": {"type": "string"},
                               "details": {"type": "object"}, "request_id": {"type": "string"},
                               "retry_after": {"type": ["integer", "null"]}}}}},
            "PagePagination": {"type": "object", "required": ["page", "per_page", "total", "total_pages", "next_cursor"],
                               "properties": {"page": {"type": "integer"}, "per_page": {"type": "integer"},
                                              "total": {"type": "integer"}, "total_pages": {"type": "integer"},
                                              "next_cursor": {"type": ["string", "null"]}}},
            "CursorPagination": {"type": "object", "required": ["per_page", "next_cursor", "has_more"],
                                 "properties": {"per_page": {"type": "integer"}, "next_cursor": {"type": ["string", "null"]},
                                                "has_more": {"type": "boolean"}}},
            "CourseList": {"type": "object", "required": ["data", "pagination"], "properties": {
                "data": {"type": "array", "items": ref("Course")},
                "pagination": {"oneOf": [ref("PagePagination"), ref("CursorPagination")]}}},
            "StudentCreate": {"type": "object", "required": ["email", "name"],
                              "properties": {"email": {"type": "string"}, "name": {"type": "string"}}},
            "BulkResult": {"oneOf": [
                {"type": "object", "required": ["index", "status", "data"],
                 "properties": {"index": {"type": "integer"}, "status": {"const": "created"}, "data": {"type": "object", "properties": {"id": ID}}}},
                {"type": "object", "required": ["index", "status", "error"],
                 "properties": {"index": {"type": "integer"}, "status": {"const": "error"},
                                "error": {"type": "object", "properties": {"code": ref("ErrorCode")}}}},
            ]},
            "Event": {"type": "object", "required": ["id", "type", "created_at", "data"],
                      "properties": {"id": ID, "type": {"type": "string"}, "created_at": TS,
                                     "data": {"type": "object", "properties": {"object": {}}}}},
            "CourseCreatedEvent": {"allOf": [ref("Event"), {"type": "object", "properties": {
                "type": {"const": "course.created"},
                "data": {"type": "object", "required": ["object"], "properties": {"object": ref("Course")}}}}]},
            "QuizResults": {"type": "object", "required": ["from"], "properties": {"from": {"type": ["string", "null"]},
                                                                            "class": {"type": "integer"}}},
        },
        "parameters": {
            "PerPage": {"in": "query", "name": "per_page", "schema": {"type": "integer"}, "description": "1..100."},
            "Cursor": {"in": "query", "name": "cursor", "schema": {"type": "string"}},
            "IdempotencyKey": {"in": "header", "name": "Idempotency-Key", "schema": {"type": "string"}},
        },
        "requestBodies": {"CourseCreate": {"required": True, **json_body(ref("CourseCreate"))}},
        "responses": {"Course": {"description": "The course.", **json_body({
            "type": "object", "required": ["data"], "properties": {"data": ref("Course")}})}},
    },
    "paths": {
        "/api/v1/courses": {
            "get": {"operationId": "listCourses", "summary": "List courses", "x-required-scope": "courses:read",
                    "parameters": [{"$ref": "#/components/parameters/PerPage"}, {"$ref": "#/components/parameters/Cursor"},
                                   {"in": "query", "name": "published", "schema": {"type": "boolean"}}],
                    "responses": {"200": {"description": "A page.", **json_body(ref("CourseList"))},
                                  "400": {"description": "Bad.", **json_body(ref("ErrorResponse"))}}},
            "post": {"operationId": "createCourse", "summary": "Create a course",
                     "parameters": [{"$ref": "#/components/parameters/IdempotencyKey"}],
                     "requestBody": {"$ref": "#/components/requestBodies/CourseCreate"},
                     "responses": {"201": {"$ref": "#/components/responses/Course"}}},
        },
        "/api/v1/courses/{id}": {
            "parameters": [{"in": "path", "name": "id", "required": True, "schema": ID}],
            "get": {"operationId": "getCourse", "summary": "Get a course", "responses": {"200": {"$ref": "#/components/responses/Course"}}},
            "delete": {"operationId": "deleteCourse", "summary": "Delete a course", "responses": {"204": {"description": "Gone."}}},
        },
        "/api/v1/modules/{id}/lessons": {
            "post": {"operationId": "createLesson", "summary": "Add a lesson",
                     "parameters": [{"in": "path", "name": "id", "required": True, "schema": ID}],
                     "requestBody": {"required": True, **json_body({"oneOf": [
                         {"type": "object", "required": ["type", "title"], "properties": {"type": {"const": "text"}, "title": {"type": "string"}}},
                         {"type": "object", "required": ["type", "title", "quiz"], "properties": {"type": {"const": "quiz"}, "title": {"type": "string"}, "quiz": ref("Quiz")}},
                     ]})},
                     "responses": {"201": {"description": "Created.", **json_body({
                         "type": "object", "required": ["data"], "properties": {"data": ref("Lesson")}})}}},
        },
        "/api/v1/students/bulk": {
            "post": {"operationId": "bulkCreateStudents", "summary": "Create up to 100 students",
                     "requestBody": {"required": True, **json_body({"type": "object", "required": ["records"], "properties": {
                         "records": {"type": "array", "items": ref("StudentCreate"), "maxItems": 100}}})},
                     "responses": {code: {"description": "Results.", **json_body({
                         "type": "object", "required": ["data"], "properties": {"data": {"type": "array", "items": ref("BulkResult")}}})}
                         for code in ("201", "207")}},
        },
        "/api/v1/analytics/quiz-results": {
            "get": {"operationId": "getQuizResults", "summary": "Quiz results",
                    "parameters": [{"in": "query", "name": "from", "schema": TS}, {"in": "query", "name": "course_id", "required": True, "schema": ID}],
                    "responses": {"200": {"description": "Figures.", **json_body({
                        "type": "object", "required": ["data"], "properties": {"data": ref("QuizResults")}})}}},
        },
        "/api/v1/api-keys/{id}/rotate": {
            "post": {"operationId": "rotateApiKey", "summary": "Rotate an API key",
                     "parameters": [{"in": "path", "name": "id", "required": True, "schema": ID}],
                     "requestBody": {"required": False, **json_body({"type": "object", "properties": {"grace_period_seconds": {"type": "integer"}}})},
                     "responses": {"200": {"description": "Rotated.", **json_body({"type": "object", "properties": {"data": {"type": "object", "properties": {"id": ID, "key": {"type": "string"}}}}})}}},
        },
    },
    "webhooks": {
        "course.created": {"post": {"requestBody": json_body(ref("CourseCreatedEvent")), "responses": {"204": {"description": "Received."}}}},
        "student.created": {"post": {"requestBody": json_body({"allOf": [ref("Event"), {"type": "object", "properties": {
            "type": {"const": "student.created"}, "data": {"type": "object", "properties": {"object": ref("StudentCreate")}}}}]}),
            "responses": {"204": {"description": "Received."}}}},
    },
}


def op(operation_id: str, resource: str, method: str, http: str, path: str, path_params: Any, query: Any, body: bool, cursor: bool) -> Dict[str, Any]:
    return {"operation_id": operation_id, "resource": resource, "method": method, "http_method": http, "path": path,
            "path_params": path_params, "query_params": query, "has_body": body, "cursor_list": cursor}


OPERATIONS = {"operations": [
    op("listCourses", "courses", "list", "GET", "/courses", [], ["per_page", "cursor", "published"], False, True),
    op("createCourse", "courses", "create", "POST", "/courses", [], [], True, False),
    op("getCourse", "courses", "get", "GET", "/courses/{id}", ["id"], [], False, False),
    op("deleteCourse", "courses", "delete", "DELETE", "/courses/{id}", ["id"], [], False, False),
    op("createLesson", "lessons", "create", "POST", "/modules/{id}/lessons", ["id"], [], True, False),
    op("bulkCreateStudents", "students", "bulkCreate", "POST", "/students/bulk", [], [], True, False),
    op("getQuizResults", "analytics", "quizResults", "GET", "/analytics/quiz-results", [], ["from", "course_id"], False, False),
    op("rotateApiKey", "apiKeys", "rotate", "POST", "/api-keys/{id}/rotate", ["id"], [], True, False),
]}


class GeneratorOnTheNewDocumentTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = Path(tempfile.mkdtemp(prefix="lectern-generator-"))
        cls.package = cls.folder / "lectern_synthetic"
        cls.package.mkdir()
        for name in HAND_WRITTEN:
            shutil.copy(LIBRARY / "lectern" / name, cls.package / name)
        (cls.folder / "openapi.json").write_text(json.dumps(DOCUMENT), encoding="utf-8")
        (cls.folder / "operations.json").write_text(json.dumps(OPERATIONS), encoding="utf-8")
        cls.args = ["--document", str(cls.folder / "openapi.json"), "--operations", str(cls.folder / "operations.json"), "--out", str(cls.package)]
        with contextlib.redirect_stdout(io.StringIO()):
            assert generate.main(cls.args) == 0
        sys.path.insert(0, str(cls.folder))
        cls.lib = importlib.import_module("lectern_synthetic")
        cls.types = importlib.import_module("lectern_synthetic.types")
        cls.resources = importlib.import_module("lectern_synthetic._resources")

    @classmethod
    def tearDownClass(cls) -> None:
        sys.path.remove(str(cls.folder))
        for name in [m for m in sys.modules if m == "lectern_synthetic" or m.startswith("lectern_synthetic.")]:
            del sys.modules[name]
        shutil.rmtree(cls.folder)

    def test_component_schemas_keep_their_names(self) -> None:
        for name in ["Course", "CourseCreate", "TextLesson", "QuizLesson", "Quiz", "ErrorResponse", "PagePagination",
                     "CursorPagination", "CourseList", "StudentCreate", "Event", "CourseCreatedEvent", "QuizResults"]:
            self.assertIsInstance(getattr(self.types, name), type, name)
        source = (self.package / "types.py").read_text(encoding="utf-8")
        self.assertIn("Lesson = Union[TextLesson, QuizLesson]", source)
        self.assertIn('ErrorCode = Literal["validation_error", "resource_not_found", "rate_limit_exceeded"]', source)
        self.assertIn("QuizQuestion = Union[QuizQuestionSingleChoice, QuizQuestionTrueFalse]", source)
        self.assertIn("WebhookEvent = Union[CourseCreatedEvent, StudentCreatedEvent]", source)
        self.assertIn("pagination: Union[PagePagination, CursorPagination]", source)

    def test_all_of_is_flattened(self) -> None:
        hints = typing.get_type_hints(self.types.QuizLesson)
        self.assertEqual(set(hints), {"id", "title", "created_at", "type", "quiz"})
        self.assertEqual(self.types.QuizLesson.__required_keys__, frozenset({"id", "title", "type", "quiz"}))
        self.assertEqual(hints["type"], typing.Literal["quiz"])

    def test_keyword_fields_and_every_hint_resolve(self) -> None:
        self.assertIn("from", self.types.QuizResults.__required_keys__)
        self.assertIn("class", self.types.QuizResults.__optional_keys__)
        for name in self.types.__all__:
            value = getattr(self.types, name)
            if isinstance(value, type):
                typing.get_type_hints(value)
        namespace = {**vars(self.resources), "Client": self.lib.Client}
        for resource in [getattr(self.resources, n) for n in self.resources.__all__ if n.endswith("Resource")]:
            for method in vars(resource).values():
                if callable(method):
                    typing.get_type_hints(method, globalns=namespace)

    def test_signatures(self) -> None:
        source = (self.package / "_resources.py").read_text(encoding="utf-8")
        flat = " ".join(source.split())
        self.assertIn("def create( self, body: CourseCreate, *, idempotency_key: IdempotencyKey = None,", flat)
        self.assertIn("-> Iterator[Course]:", source)
        self.assertIn("-> CourseList:", source)
        self.assertIn("-> Lesson:", source)
        self.assertIn("body: Optional[RotateApiKeyBody] = None", source)
        self.assertIn("body: Union[CreateLessonBodyText, CreateLessonBodyQuiz],", source)
        self.assertIn("params: GetQuizResultsParams,", source)  # a required query parameter
        self.assertIn('result="none"', source)  # the 204 of deleteCourse

    def test_the_generated_client_works(self) -> None:
        from .support import FakeTransport, json_response

        page = {"data": [{"id": "crs_1", "title": "A", "published": False}], "pagination": {"per_page": 1, "next_cursor": None, "has_more": False}}
        transport = FakeTransport([json_response(200, page), json_response(201, {"data": {"id": "crs_2", "title": "B", "published": False}})])
        client = self.lib.Client(api_key="k", base_url="http://x/api/v1", transport=transport)
        self.assertEqual([c["id"] for c in client.courses.list({"per_page": 1})], ["crs_1"])
        self.assertEqual(client.courses.create({"title": "B"})["id"], "crs_2")

    def test_check_sees_an_edited_file(self) -> None:
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(generate.main(self.args + ["--check"]), 0)
            types_file = self.package / "types.py"
            original = types_file.read_text(encoding="utf-8")
            try:
                types_file.write_text(original + "# edited\n", encoding="utf-8")
                self.assertEqual(generate.main(self.args + ["--check"]), 1)
            finally:
                types_file.write_text(original, encoding="utf-8")
