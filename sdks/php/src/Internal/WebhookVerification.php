<?php

declare(strict_types=1);

namespace Lectern\Internal;

use Lectern\Errors\WebhookVerificationError;
use Lectern\Webhook;

/**
 * `$client->webhooks->verify(...)`: mixed into the generated Webhooks resource by generate.php.
 *
 * @phpstan-import-type WebhookEvent from \Lectern\Resources\Schemas
 */
trait WebhookVerification
{
    /**
     * Checks a delivery's Standard Webhooks signature and returns its event (see Lectern\Webhook::verify).
     *
     * @param array<string, string|list<string>> $headers
     * @return WebhookEvent
     * @throws WebhookVerificationError
     */
    public function verify(string $payload, array $headers, string $secret, ?int $now = null): array
    {
        return Webhook::verify($payload, $headers, $secret, $now);
    }
}
