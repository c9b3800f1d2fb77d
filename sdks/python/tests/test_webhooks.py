"""Every case of sdks/vectors/webhooks.json, through the standalone helper and client.webhooks.verify."""

from __future__ import annotations

import unittest

import lectern
from lectern import WebhookVerificationError, WebhookVerifier, verify_webhook

from .support import FakeTransport, fake_client, vectors


class WebhookVectorsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.vectors = vectors("webhooks")
        self.client = fake_client(FakeTransport())

    def test_tolerance_is_the_vectors(self) -> None:
        self.assertEqual(lectern.DEFAULT_TOLERANCE_SECONDS, self.vectors["tolerance_seconds"])

    def test_every_case(self) -> None:
        self.assertGreater(len(self.vectors["cases"]), 10)
        for case in self.vectors["cases"]:
            verifiers = {
                "verify_webhook(str)": lambda c: verify_webhook(c["payload"], c["headers"], c["secret"], now=c["now"]),
                "verify_webhook(bytes)": lambda c: verify_webhook(
                    c["payload"].encode("utf-8"), c["headers"], c["secret"], now=c["now"]
                ),
                "client.webhooks.verify": lambda c: self.client.webhooks.verify(
                    c["payload"], c["headers"], c["secret"], now=c["now"]
                ),
                "WebhookVerifier": lambda c: WebhookVerifier(c["secret"]).verify(c["payload"], c["headers"], now=c["now"]),
            }
            for how, verify in verifiers.items():
                with self.subTest(case=case["name"], how=how):
                    if case["valid"]:
                        self.assertEqual(verify(case), case["event"])
                    else:
                        with self.assertRaises(WebhookVerificationError):
                            verify(case)

    def test_a_verification_error_is_a_lectern_error(self) -> None:
        self.assertTrue(issubclass(WebhookVerificationError, lectern.LecternError))

    def test_a_malformed_secret_is_refused(self) -> None:
        case = self.vectors["cases"][0]
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(case["payload"], case["headers"], "whsec_not base64!", now=case["now"])
