<?php

declare(strict_types=1);

use Lectern\Errors\WebhookVerificationError;
use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;
use Lectern\Tests\Vectors;
use Lectern\Webhook;

/** @var Lectern\Tests\TestRunner $runner */

$vectors = Vectors::load('webhooks');

$runner->test('the tolerance is the vectors\' tolerance', function (Assert $t) use ($vectors): void {
    $t->same($vectors['tolerance_seconds'], Webhook::TOLERANCE_SECONDS);
});

foreach ($vectors['cases'] as $case) {
    $runner->test("webhooks.json: {$case['name']}", function (Assert $t) use ($case): void {
        $client = FakeTransport::client(new FakeTransport());
        $verifiers = [
            'Webhook::verify' => fn () => Webhook::verify($case['payload'], $case['headers'], $case['secret'], $case['now']),
            '$client->webhooks->verify' => fn () => $client->webhooks->verify($case['payload'], $case['headers'], $case['secret'], $case['now']),
        ];
        foreach ($verifiers as $how => $verify) {
            if ($case['valid']) {
                $t->equals($case['event'], $verify(), "{$how} answers the event");
            } else {
                $t->throws(WebhookVerificationError::class, $verify, "{$how} refuses it");
            }
        }
    });
}

$runner->test('headers as $_SERVER holds them (HTTP_WEBHOOK_ID, …) and as lists (PSR-7)', function (Assert $t) use ($vectors): void {
    $case = $vectors['cases'][0];
    $server = [];
    $psr7 = [];
    foreach ($case['headers'] as $name => $value) {
        $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
        $psr7[$name] = [$value];
    }
    $t->equals($case['event'], Webhook::verify($case['payload'], $server, $case['secret'], $case['now']));
    $t->equals($case['event'], Webhook::verify($case['payload'], $psr7, $case['secret'], $case['now']));
});

$runner->test('the clock is used when no instant is given', function (Assert $t): void {
    $secret = 'whsec_' . base64_encode(random_bytes(32));
    $payload = '{"id":"evt_1","type":"course.created","created_at":"2026-11-21T23:09:28.166Z","data":{"object":{}}}';
    $sign = fn (int $at) => [
        'webhook-id' => 'evt_1',
        'webhook-timestamp' => (string) $at,
        'webhook-signature' => 'v1,' . base64_encode(hash_hmac('sha256', "evt_1.{$at}.{$payload}", base64_decode(substr($secret, 6)), true)),
    ];
    $t->same('evt_1', Webhook::verify($payload, $sign(time()), $secret)['id']);
    $t->throws(WebhookVerificationError::class, fn () => Webhook::verify($payload, $sign(time() - 400), $secret));
    $t->throws(WebhookVerificationError::class, fn () => Webhook::verify($payload, $sign(time()), 'whsec_not base64!'));
});
