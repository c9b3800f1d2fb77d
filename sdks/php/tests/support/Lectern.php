<?php

declare(strict_types=1);

namespace Lectern\Tests;

use Lectern\Client;

/**
 * A real Lectern for the integration tests, started once on first use through the shared harness
 * (node sdks/harness/start-lectern.mjs: SQLite in a temporary folder) and stopped by closing its stdin.
 */
final class Lectern
{
    /** @var array{base_url: string, key: string, limited_key: string}|null */
    private static ?array $info = null;
    /** @var resource|null */
    private static $process = null;
    /** @var array<int, resource> */
    private static array $pipes = [];
    private static ?string $log = null;

    /** @return array{base_url: string, key: string, limited_key: string} */
    public static function info(): array
    {
        if (self::$info !== null) {
            return self::$info;
        }
        $root = dirname(__DIR__, 4);
        $log = self::$log = (string) tempnam(sys_get_temp_dir(), 'lectern-php-harness-');
        self::$process = proc_open(
            ['node', 'sdks/harness/start-lectern.mjs'],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $log, 'w']],
            self::$pipes,
            $root,
        );
        if (!is_resource(self::$process)) {
            throw new \RuntimeException('Could not start node sdks/harness/start-lectern.mjs');
        }
        $line = '';
        $deadline = microtime(true) + 90;
        while (!str_contains($line, "\n") && microtime(true) < $deadline) {
            $read = [self::$pipes[1]];
            $write = $except = null;
            if (stream_select($read, $write, $except, 1) > 0) {
                $chunk = fread(self::$pipes[1], 8192);
                if ($chunk === '' || $chunk === false) {
                    break; // the harness exited
                }
                $line .= $chunk;
            }
        }
        $info = json_decode(trim(strtok($line, "\n") ?: ''), true);
        if (!is_array($info) || !isset($info['base_url'], $info['key'], $info['limited_key'])) {
            self::stop();
            throw new \RuntimeException("The harness did not announce a server:\n{$line}\n" . file_get_contents($log));
        }
        return self::$info = $info;
    }

    /** A client of the enterprise account. @param array<string, mixed> $options named Client arguments */
    public static function client(array $options = []): Client
    {
        $info = self::info();
        return new Client($options['apiKey'] ?? $info['key'], $info['base_url'], ...array_diff_key($options, ['apiKey' => true]));
    }

    public static function stop(): void
    {
        if (self::$process === null) {
            return;
        }
        foreach (self::$pipes as $pipe) {
            if (is_resource($pipe)) {
                fclose($pipe); // closing stdin stops the server and removes its folder
            }
        }
        $deadline = microtime(true) + 15;
        while (proc_get_status(self::$process)['running'] && microtime(true) < $deadline) {
            usleep(100_000);
        }
        if (proc_get_status(self::$process)['running']) {
            proc_terminate(self::$process);
        }
        proc_close(self::$process);
        self::$process = null;
        if (self::$log !== null) {
            @unlink(self::$log);
        }
    }
}

/** `php -S` serving tests/support/receiver.php: records every request it gets into a file. */
final class WebhookReceiver
{
    /** @var resource */
    private $process;
    public readonly string $url;
    private readonly string $file;

    public function __construct()
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $name = (string) stream_socket_get_name($socket, false);
        fclose($socket);
        $port = (int) substr($name, strrpos($name, ':') + 1);
        $this->file = (string) tempnam(sys_get_temp_dir(), 'lectern-php-receiver-');
        $this->process = proc_open(
            [PHP_BINARY, '-S', "127.0.0.1:{$port}", __DIR__ . '/receiver.php'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
            null,
            ['RECEIVER_FILE' => $this->file] + getenv(),
        );
        $this->url = "http://127.0.0.1:{$port}/webhooks/lectern";
        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline) {
            $probe = @stream_socket_client("tcp://127.0.0.1:{$port}", $errno, $error, 0.2);
            if ($probe !== false) {
                fclose($probe);
                return;
            }
            usleep(50_000);
        }
        throw new \RuntimeException("php -S did not listen on {$port}");
    }

    /**
     * Waits for a received request that $match accepts.
     *
     * @param callable(array{headers: array<string, string>, body: string}): bool $match
     * @return array{headers: array<string, string>, body: string}|null
     */
    public function waitFor(callable $match, float $seconds = 20.0): ?array
    {
        $deadline = microtime(true) + $seconds;
        do {
            foreach (file($this->file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $line) {
                $received = json_decode($line, true);
                if (is_array($received) && $match($received)) {
                    return $received;
                }
            }
            usleep(200_000);
        } while (microtime(true) < $deadline);
        return null;
    }

    public function stop(): void
    {
        proc_terminate($this->process);
        proc_close($this->process);
        @unlink($this->file);
    }
}
