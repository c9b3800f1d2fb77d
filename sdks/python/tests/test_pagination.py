"""sdks/vectors/pagination.json: lazy cursor auto-pagination, and the one-page variant."""

from __future__ import annotations

import types
import unittest

from .support import FakeTransport, fake_client, json_response, vectors


class PaginationVectorsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.vector = vectors("pagination")
        self.transport = FakeTransport([json_response(200, e["response"]) for e in self.vector["exchanges"]])
        self.client = fake_client(self.transport)
        resource = self.vector["path"].strip("/")
        self.resource = getattr(self.client, resource)

    def test_every_item_in_order_with_the_exchanges_queries(self) -> None:
        items = self.resource.list(self.vector["caller_query"])
        self.assertIsInstance(items, types.GeneratorType)
        self.assertEqual([item["id"] for item in items], self.vector["expect_ids"])
        self.assertEqual(len(self.transport.requests), len(self.vector["exchanges"]))
        for index, exchange in enumerate(self.vector["exchanges"]):
            path, query = self.transport.path_and_query(index)
            self.assertEqual(self.transport.requests[index].method, "GET")
            self.assertEqual(path, self.vector["path"])
            self.assertEqual(query, exchange["query"])

    def test_lazy(self) -> None:
        lazy = self.vector["lazy"]
        items = self.resource.list(self.vector["caller_query"])
        self.assertEqual(len(self.transport.requests), 0, "nothing is asked before the first item is wanted")
        for _ in range(lazy["consume"]):
            next(items)
        self.assertEqual(len(self.transport.requests), lazy["expect_requests"])

    def test_the_callers_query_is_not_changed(self) -> None:
        query = dict(self.vector["caller_query"])
        list(self.resource.list(query))
        self.assertEqual(query, self.vector["caller_query"])

    def test_list_page_answers_one_envelope_as_asked(self) -> None:
        first = self.vector["exchanges"][0]
        transport = FakeTransport([json_response(200, first["response"])])
        page = getattr(fake_client(transport), self.vector["path"].strip("/")).list_page({"page": 2, "per_page": 2})
        self.assertEqual(page, first["response"])
        self.assertEqual(transport.path_and_query(0), (self.vector["path"], {"page": "2", "per_page": "2"}))

    def test_stops_on_a_null_cursor_even_if_has_more(self) -> None:
        transport = FakeTransport(
            [json_response(200, {"data": [{"id": "a"}], "pagination": {"per_page": 1, "next_cursor": None, "has_more": True}})]
        )
        self.assertEqual([s["id"] for s in fake_client(transport).students.list()], ["a"])
        self.assertEqual(len(transport.requests), 1)
