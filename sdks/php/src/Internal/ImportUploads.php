<?php

declare(strict_types=1);

namespace Lectern\Internal;

use Lectern\Http\Upload;

/**
 * `$client->imports->create(...)`, `->wait(...)` and `->results(...)`: the upload of a roster file
 * (streamed), waiting for the import to be done, and its results line by line. Mixed into the
 * generated Imports resource by generate.php; the other import operations are generated.
 *
 * @phpstan-import-type RequestOptions from \Lectern\Client
 */
trait ImportUploads
{
    /**
     * Uploads a roster file and returns the import (queued), or with `'wait' => true` the import
     * once it is done or awaits confirmation.
     *
     * `POST /imports` (createImport). Requires scope `students:write` (and `enrollments:write` for
     * enrollment rows).
     *
     * The file is streamed, never read whole: a path is opened anew for each attempt; a seekable
     * stream is read from where it stands; a stream that cannot seek (php://stdin) is sent once,
     * without retries. The content type comes from the file's extension (.csv, .ndjson or .jsonl,
     * .zip), else text/csv when `$params['type']` is given, unless `contentType` says. The call
     * carries an Idempotency-Key (a new one unless given), so a retried upload makes one import.
     *
     * ```php
     * $import = $client->imports->create('students.csv', ['type' => 'students', 'dry_run' => true], ['wait' => true]);
     * ```
     *
     * @param string|resource $file a path, or a readable stream
     * @param array{type?: 'students'|'enrollments', mode?: 'upsert'|'create_only'|'update_only', sync?: 'delta'|'full', source?: string, dry_run?: bool, max_delete_percent?: int} $params
     * @param array{idempotencyKey?: string|false|null, headers?: array<string, string>, timeout?: float, maxAttempts?: int, contentType?: string, wait?: bool, pollInterval?: float, maxPollInterval?: float} $options
     *        the request options, and: `contentType`; `wait` (default false); the pauses between
     *        reads while waiting, `pollInterval` (0.5 s) doubling up to `maxPollInterval` (5 s)
     * @return array<string, mixed> the import, as `GET /imports/{id}` answers it
     * @throws \Lectern\Errors\ApiError|\Lectern\Errors\ConnectionError
     */
    public function create(mixed $file, array $params = [], array $options = []): array
    {
        $own = ['contentType', 'wait', 'pollInterval', 'maxPollInterval'];
        $request = array_diff_key($options, array_flip($own));
        $request['timeout'] ??= 600.0; // an attempt of an upload may take this long: 50 MB over a slow line
        $contentType = $options['contentType'] ?? self::contentTypeOf(Upload::nameOf($file), $params);
        if (strtolower(trim(explode(';', $contentType)[0])) === 'text/csv' && ($params['type'] ?? '') === '') {
            throw new \InvalidArgumentException("A CSV import needs its type: pass ['type' => 'students'] or ['type' => 'enrollments'] as \$params");
        }
        /** @var array<string, mixed> $created */
        $created = $this->client->request('POST', '/imports', [], $params, new Upload($contentType, $file), $request, 'data');
        if (($options['wait'] ?? false) !== true || self::settled($created)) {
            return $created;
        }
        return $this->wait((string) $created['id'], array_intersect_key($options, array_flip(['pollInterval', 'maxPollInterval'])));
    }

    /**
     * Reads the import until it is done or awaits confirmation and returns it then: pauses of
     * `pollInterval` (0.5 s), doubling up to `maxPollInterval` (5 s). Each read is one request
     * against the rate limit.
     *
     * @param array{pollInterval?: float, maxPollInterval?: float, timeout?: float} $options
     * @return array<string, mixed> the import
     * @throws \Lectern\Errors\ApiError|\Lectern\Errors\ConnectionError
     */
    public function wait(string $id, array $options = []): array
    {
        $pause = (float) ($options['pollInterval'] ?? 0.5);
        $longest = (float) ($options['maxPollInterval'] ?? 5.0);
        $request = isset($options['timeout']) ? ['timeout' => (float) $options['timeout']] : [];
        while (true) {
            /** @var array<string, mixed> $current */
            $current = $this->client->request('GET', '/imports/{id}', ['id' => $id], [], null, $request, 'data');
            if (self::settled($current)) {
                return $current;
            }
            $this->client->sleep($pause);
            $pause = min($pause * 2, $longest);
        }
    }

    /**
     * The import's results, one per input row: `file` (the zip member, else `-`), `line`
     * (physical), `type`, `external_id`, `action` and, for a failed row, `code`, `field` and
     * `message`. Asked when iteration starts; the NDJSON answer is read whole, then yielded line by line.
     *
     * `GET /imports/{id}/results` (getImportResults). Requires scope `students:read`.
     *
     * ```php
     * foreach ($client->imports->results($import['id'], ['status' => 'error']) as $row) {
     *     echo "line {$row['line']}: {$row['message']}", PHP_EOL;
     * }
     * ```
     *
     * @param array{status?: 'error'} $params `status` error: the failed rows only
     * @param RequestOptions $options
     * @return \Generator<int, array<string, mixed>, mixed, void>
     * @throws \Lectern\Errors\ApiError|\Lectern\Errors\ConnectionError
     */
    public function results(string $id, array $params = [], array $options = []): \Generator
    {
        $options['headers'] = ['Accept' => 'application/x-ndjson'] + ($options['headers'] ?? []);
        $body = (string) $this->client->request('GET', '/imports/{id}/results', ['id' => $id], $params, null, $options, 'raw');
        foreach (explode("\n", $body) as $line) {
            if (trim($line) !== '') {
                yield json_decode($line, true, 512, JSON_THROW_ON_ERROR);
            }
        }
    }

    /**
     * Whether an import no longer changes by itself: done, or waiting for a confirmation.
     *
     * @param array<string, mixed> $import
     */
    private static function settled(array $import): bool
    {
        return in_array($import['status'] ?? null, ['succeeded', 'succeeded_with_errors', 'failed', 'canceled', 'awaiting_confirmation'], true);
    }

    /** @param array<string, mixed> $params */
    private static function contentTypeOf(?string $name, array $params): string
    {
        $types = ['csv' => 'text/csv', 'ndjson' => 'application/x-ndjson', 'jsonl' => 'application/x-ndjson', 'zip' => 'application/zip'];
        $extension = strtolower(pathinfo((string) $name, PATHINFO_EXTENSION));
        if (isset($types[$extension])) {
            return $types[$extension];
        }
        if (($params['type'] ?? '') !== '') {
            return 'text/csv';
        }
        $shown = $name === null ? 'a stream without a name' : "\"{$name}\"";
        throw new \InvalidArgumentException("Cannot tell the file's type from {$shown}: pass the 'contentType' option (text/csv, application/x-ndjson or application/zip)");
    }
}
