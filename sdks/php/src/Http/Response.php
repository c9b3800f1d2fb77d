<?php

declare(strict_types=1);

namespace Lectern\Http;

/** One HTTP answer as a Transport returns it. */
final class Response
{
    /** @var array<string, string> header names in lower case */
    public readonly array $headers;

    /**
     * @param array<string, string> $headers any case; kept in lower case
     */
    public function __construct(
        public readonly int $status,
        array $headers = [],
        public readonly string $body = '',
    ) {
        $this->headers = array_change_key_case($headers, CASE_LOWER);
    }

    /** A header's value by case-insensitive name, or null. */
    public function header(string $name): ?string
    {
        return $this->headers[strtolower($name)] ?? null;
    }

    /** The body decoded as JSON (associative arrays), or null when it is empty or not JSON. */
    public function json(): mixed
    {
        if ($this->body === '') {
            return null;
        }
        try {
            return json_decode($this->body, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            return null;
        }
    }
}
