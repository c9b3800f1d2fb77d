<?php

declare(strict_types=1);

namespace Lectern\Tests;

/** Thrown by a failed assertion: ends the test, the runner reports it. */
final class AssertionFailed extends \Exception
{
}

/** Assertions; each counts one. */
final class Assert
{
    public int $count = 0;

    public function same(mixed $expected, mixed $actual, string $message = ''): void
    {
        $this->count++;
        if ($expected !== $actual) {
            $this->fail($message, 'expected ' . self::show($expected) . ', got ' . self::show($actual));
        }
    }

    /** Equality after normalising numbers (2 == 2.0) and empty objects/arrays. */
    public function equals(mixed $expected, mixed $actual, string $message = ''): void
    {
        $this->count++;
        if (self::normalise($expected) !== self::normalise($actual)) {
            $this->fail($message, 'expected ' . self::show($expected) . ', got ' . self::show($actual));
        }
    }

    public function true(bool $condition, string $message = ''): void
    {
        $this->count++;
        if (!$condition) {
            $this->fail($message, 'condition is false');
        }
    }

    /**
     * @template T of \Throwable
     * @param class-string<T> $class
     * @return T
     */
    public function throws(string $class, callable $callable, string $message = ''): \Throwable
    {
        $this->count++;
        try {
            $callable();
        } catch (\Throwable $error) {
            if ($error instanceof $class) {
                return $error;
            }
            $this->fail($message, "expected {$class}, got " . get_class($error) . ': ' . $error->getMessage());
        }
        $this->fail($message, "expected {$class}, nothing was thrown");
    }

    public function fail(string $message, string $reason = ''): never
    {
        throw new AssertionFailed(trim($message . ($message !== '' && $reason !== '' ? ': ' : '') . $reason));
    }

    private static function normalise(mixed $value): mixed
    {
        if (is_int($value) || is_float($value)) {
            return (float) $value;
        }
        if ($value instanceof \stdClass) {
            $value = (array) $value;
        }
        if (is_array($value)) {
            $out = [];
            foreach ($value as $key => $item) {
                $out[$key] = self::normalise($item);
            }
            return $out;
        }
        return $value;
    }

    private static function show(mixed $value): string
    {
        $text = json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR);
        if ($text === false) {
            $text = var_export($value, true);
        }
        return strlen($text) > 600 ? substr($text, 0, 600) . '…' : $text;
    }
}

final class TestRunner
{
    /** @var list<array{string, string, \Closure}> file, name, test */
    private array $tests = [];
    /** @var list<\Closure> run once after the last test (stop servers) */
    private array $cleanups = [];
    private string $currentFile = '';

    public function __construct(private readonly ?string $filter)
    {
    }

    public function file(string $name, \Closure $load): void
    {
        $this->currentFile = $name;
        $load($this);
    }

    /** @param \Closure(Assert): void $test */
    public function test(string $name, \Closure $test): void
    {
        if ($this->filter !== null && stripos($this->currentFile . ' ' . $name, $this->filter) === false) {
            return;
        }
        $this->tests[] = [$this->currentFile, $name, $test];
    }

    public function cleanup(\Closure $cleanup): void
    {
        $this->cleanups[] = $cleanup;
    }

    public function run(): bool
    {
        $assert = new Assert();
        $failures = [];
        $started = microtime(true);
        $file = null;
        foreach ($this->tests as [$testFile, $name, $test]) {
            if ($testFile !== $file) {
                $file = $testFile;
                echo "\n{$file}\n";
            }
            $before = $assert->count;
            $t0 = microtime(true);
            try {
                $test($assert);
                printf("  ok    %s (%d assertions, %.2f s)\n", $name, $assert->count - $before, microtime(true) - $t0);
            } catch (\Throwable $error) {
                $reason = $error instanceof AssertionFailed
                    ? $error->getMessage()
                    : get_class($error) . ': ' . $error->getMessage() . "\n        at " . $error->getFile() . ':' . $error->getLine();
                $failures[] = "{$file} › {$name}: {$reason}";
                printf("  FAIL  %s\n        %s\n", $name, $reason);
            }
        }
        foreach ($this->cleanups as $cleanup) {
            $cleanup();
        }
        printf("\n%d tests, %d assertions, %d failed (%.1f s)\n", count($this->tests), $assert->count, count($failures), microtime(true) - $started);
        foreach ($failures as $failure) {
            echo "  FAILED {$failure}\n";
        }
        if ($this->tests === []) {
            echo "No test matched.\n";
            return false;
        }
        return $failures === [];
    }
}
