<?php

declare(strict_types=1);

namespace Lectern\Http;

/** One HTTP request as the client hands it to a Transport. */
final class Request
{
    /**
     * @param string $url absolute URL, query string included
     * @param array<string, string> $headers
     * @param float $timeout seconds for the whole exchange
     * @param Upload|null $upload a file to send as the body (an import), read by the transport as it sends
     */
    public function __construct(
        public readonly string $method,
        public readonly string $url,
        public readonly array $headers,
        public readonly ?string $body,
        public readonly float $timeout,
        public readonly ?Upload $upload = null,
    ) {
    }

    /** A header's value by case-insensitive name, or null. */
    public function header(string $name): ?string
    {
        foreach ($this->headers as $key => $value) {
            if (strcasecmp($key, $name) === 0) {
                return $value;
            }
        }
        return null;
    }

    /** @return array<string, string> the query string's parameters */
    public function query(): array
    {
        $query = parse_url($this->url, PHP_URL_QUERY);
        $params = [];
        foreach (explode('&', (string) $query) as $pair) {
            if ($pair === '') {
                continue;
            }
            [$key, $value] = array_pad(explode('=', $pair, 2), 2, '');
            $params[rawurldecode($key)] = rawurldecode($value);
        }
        return $params;
    }

    /** The URL's path, without the query string. */
    public function path(): string
    {
        return (string) parse_url($this->url, PHP_URL_PATH);
    }
}
