<?php

declare(strict_types=1);

namespace Lectern\Http;

use Lectern\Errors\ConnectionError;

/** The default transport: ext-curl, one handle kept for the client's life (connection reuse). */
final class CurlTransport implements Transport
{
    private ?\CurlHandle $handle = null;

    public function send(Request $request): Response
    {
        $this->handle ??= curl_init();
        $handle = $this->handle;
        curl_reset($handle);

        $headers = [];
        foreach ($request->headers as $name => $value) {
            $headers[] = "{$name}: {$value}";
        }
        // curl adds "Expect: 100-continue" to larger bodies, which costs a round trip for nothing.
        $headers[] = 'Expect:';

        $responseHeaders = [];
        curl_setopt_array($handle, [
            CURLOPT_URL => $request->url,
            CURLOPT_CUSTOMREQUEST => $request->method,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_TIMEOUT_MS => (int) round($request->timeout * 1000),
            CURLOPT_CONNECTTIMEOUT_MS => (int) round(min($request->timeout, 30.0) * 1000),
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$responseHeaders): int {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $responseHeaders[strtolower(trim($parts[0]))] = trim($parts[1]);
                } elseif (str_starts_with($line, 'HTTP/')) {
                    $responseHeaders = []; // a new status line (after a 100 Continue): start over
                }
                return strlen($line);
            },
        ]);
        if ($request->method === 'HEAD') {
            curl_setopt($handle, CURLOPT_NOBODY, true);
        }
        if ($request->body !== null) {
            curl_setopt($handle, CURLOPT_POSTFIELDS, $request->body);
        }
        // A file is read as it is sent (CURLOPT_UPLOAD, with the request's own method), never whole.
        $upload = $request->upload;
        $stream = $upload?->open();
        if ($upload !== null && $stream !== null) {
            curl_setopt_array($handle, [CURLOPT_UPLOAD => true, CURLOPT_INFILE => $stream, CURLOPT_CUSTOMREQUEST => $request->method]);
            if ($upload->length !== null) {
                curl_setopt($handle, CURLOPT_INFILESIZE, $upload->length);
            } else {
                curl_setopt($handle, CURLOPT_HTTPHEADER, [...$headers, 'Transfer-Encoding: chunked']);
            }
        }

        try {
            $body = curl_exec($handle);
        } finally {
            if ($upload !== null && $stream !== null) {
                $upload->close($stream);
            }
        }
        if ($body === false) {
            $message = curl_error($handle);
            $errno = curl_errno($handle);
            throw new ConnectionError("{$request->method} {$request->url} failed: {$message} (curl error {$errno})");
        }

        return new Response((int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE), $responseHeaders, (string) $body);
    }

    public function __destruct()
    {
        if ($this->handle !== null) {
            curl_close($this->handle);
        }
    }
}
