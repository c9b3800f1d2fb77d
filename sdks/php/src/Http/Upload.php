<?php

declare(strict_types=1);

namespace Lectern\Http;

/**
 * A request body that is a file rather than JSON (an import's CSV, NDJSON or zip), sent as is.
 *
 * A path is opened anew for each attempt and closed after it; a seekable stream is read from where
 * it stood when given, for each attempt; a stream that cannot seek is read once, so its upload is
 * not retried (`repeatable` false). `length` (null when unknown: sent chunked) becomes the
 * Content-Length.
 */
final class Upload
{
    public readonly ?int $length;
    public readonly bool $repeatable;
    private ?string $path = null;
    /** @var resource|null */
    private $stream = null;
    private int $start = 0;

    /**
     * @param string $contentType text/csv, application/x-ndjson or application/zip
     * @param string|resource $file a path, or a readable stream (fopen(..., 'rb'), php://temp, php://stdin)
     */
    public function __construct(public readonly string $contentType, mixed $file)
    {
        if (is_string($file)) {
            if (!is_file($file) || !is_readable($file)) {
                throw new \InvalidArgumentException("No readable file at {$file}");
            }
            $this->path = $file;
            $this->length = (int) filesize($file);
            $this->repeatable = true;
            return;
        }
        if (!is_resource($file) || get_resource_type($file) !== 'stream') {
            throw new \InvalidArgumentException('An upload takes a file path or a readable stream, not ' . get_debug_type($file));
        }
        $this->stream = $file;
        $meta = stream_get_meta_data($file);
        $position = ftell($file);
        $this->repeatable = $meta['seekable'] && $position !== false;
        if ($this->repeatable) {
            $this->start = (int) $position;
            $size = fstat($file)['size'] ?? null;
            $this->length = is_int($size) && $meta['wrapper_type'] !== 'http' ? max(0, $size - $this->start) : null;
        } else {
            $this->length = null;
        }
    }

    /**
     * The name a file goes by (a path, a stream's URI), for its extension.
     *
     * @param string|resource $file
     */
    public static function nameOf(mixed $file): ?string
    {
        if (is_string($file)) {
            return $file;
        }
        $uri = is_resource($file) ? (stream_get_meta_data($file)['uri'] ?? null) : null;
        return is_string($uri) ? $uri : null;
    }

    /** @return resource the stream of one attempt, at the start of the body */
    public function open()
    {
        if ($this->path !== null) {
            $stream = fopen($this->path, 'rb');
            if ($stream === false) {
                throw new \RuntimeException("Could not open {$this->path}");
            }
            return $stream;
        }
        if ($this->repeatable) {
            fseek($this->stream, $this->start);
        }
        return $this->stream;
    }

    /**
     * After an attempt: a file this opened is closed; the caller's stream stays open.
     *
     * @param resource $stream
     */
    public function close($stream): void
    {
        if ($this->path !== null && is_resource($stream)) {
            fclose($stream);
        }
    }
}
