<?php

declare(strict_types=1);

namespace Lectern;

use Lectern\Errors\WebhookVerificationError;

/**
 * Verifies a webhook delivery (Standard Webhooks v1), without a client:
 *
 *     $event = Lectern\Webhook::verify(file_get_contents('php://input'), getallheaders(), $secret);
 *
 * @phpstan-import-type WebhookEvent from \Lectern\Resources\Schemas
 */
final class Webhook
{
    /** A timestamp further than this from now, before or after, is refused (replay protection). */
    public const TOLERANCE_SECONDS = 300;

    /**
     * Checks the signature of a delivery and returns its event.
     *
     * @param string $payload the request body exactly as received (not re-encoded)
     * @param array<string, string|list<string>> $headers the request headers, any case (getallheaders(),
     *        a PSR-7 getHeaders(), or $_SERVER with its HTTP_WEBHOOK_* keys)
     * @param string $secret the endpoint's signing secret, `whsec_…`
     * @param int|null $now Unix seconds to check the timestamp against (default: the clock)
     * @return WebhookEvent the event, decoded as associative arrays
     * @throws WebhookVerificationError when anything does not check out
     */
    public static function verify(string $payload, array $headers, string $secret, ?int $now = null, int $tolerance = self::TOLERANCE_SECONDS): array
    {
        $id = self::header($headers, 'webhook-id');
        $timestamp = self::header($headers, 'webhook-timestamp');
        $signatures = self::header($headers, 'webhook-signature');
        if ($id === null || $timestamp === null || $signatures === null) {
            throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
        }
        if (!preg_match('/^\d{1,15}$/', $timestamp)) {
            throw new WebhookVerificationError('Invalid webhook-timestamp header');
        }
        $now ??= time();
        if (abs($now - (int) $timestamp) > $tolerance) {
            throw new WebhookVerificationError('The webhook-timestamp is outside the tolerance of ' . $tolerance . ' seconds');
        }

        $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
        if ($key === false || $key === '') {
            throw new WebhookVerificationError('The signing secret is not a whsec_ secret (base64 after the prefix)');
        }
        $expected = base64_encode(hash_hmac('sha256', "{$id}.{$timestamp}.{$payload}", $key, true));

        $matched = false;
        foreach (preg_split('/\s+/', trim($signatures)) ?: [] as $candidate) {
            [$version, $signature] = array_pad(explode(',', $candidate, 2), 2, '');
            // Every candidate is compared, in constant time, so timing tells nothing about which matched.
            if ($version === 'v1' && hash_equals($expected, $signature)) {
                $matched = true;
            }
        }
        if (!$matched) {
            throw new WebhookVerificationError('No webhook-signature matches the payload');
        }

        try {
            $event = json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw new WebhookVerificationError('The payload is not JSON: ' . $error->getMessage());
        }
        if (!is_array($event)) {
            throw new WebhookVerificationError('The payload is not a JSON object');
        }
        return $event;
    }

    /** @param array<string, string|list<string>> $headers */
    private static function header(array $headers, string $name): ?string
    {
        $serverKey = 'HTTP_' . strtoupper(str_replace('-', '_', $name));
        foreach ($headers as $key => $value) {
            if (strcasecmp((string) $key, $name) === 0 || $key === $serverKey) {
                if (is_array($value)) {
                    $value = $value[0] ?? null;
                }
                return is_string($value) ? $value : null;
            }
        }
        return null;
    }
}
