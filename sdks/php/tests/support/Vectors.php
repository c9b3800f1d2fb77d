<?php

declare(strict_types=1);

namespace Lectern\Tests;

/** The shared test vectors of sdks/vectors and the operation list of sdks/operations.json. */
final class Vectors
{
    /** @return array<string, mixed> */
    public static function load(string $name): array
    {
        $path = dirname(__DIR__, 3) . "/vectors/{$name}.json";
        return json_decode((string) file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    }

    /** @return list<array<string, mixed>> */
    public static function operations(): array
    {
        $path = dirname(__DIR__, 3) . '/operations.json';
        return json_decode((string) file_get_contents($path), true, 512, JSON_THROW_ON_ERROR)['operations'];
    }
}
