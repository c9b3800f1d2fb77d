<?php

declare(strict_types=1);

/*
 * The library's test runner (no PHPUnit: nothing is downloaded). Runs every tests/unit/*Test.php
 * and tests/integration/*Test.php, counts assertions, prints each failing case, exits 1 on any failure.
 *
 *   php sdks/php/tests/run.php                 all tests (integration starts a real Lectern)
 *   php sdks/php/tests/run.php --unit          unit tests only (shared vectors, no server)
 *   php sdks/php/tests/run.php --integration   integration tests only
 *   php sdks/php/tests/run.php --filter=retry  tests whose file or name contains "retry"
 */

require dirname(__DIR__) . '/autoload.php';
require __DIR__ . '/support/TestRunner.php';
require __DIR__ . '/support/FakeTransport.php';
require __DIR__ . '/support/Vectors.php';
require __DIR__ . '/support/Lectern.php';

$args = array_slice($argv, 1);
$suites = [];
$filter = null;
foreach ($args as $arg) {
    if ($arg === '--unit' || $arg === '--integration') {
        $suites[] = substr($arg, 2);
    } elseif (str_starts_with($arg, '--filter=')) {
        $filter = substr($arg, 9);
    } else {
        fwrite(STDERR, "Unknown argument {$arg}\n");
        exit(2);
    }
}
$suites = $suites === [] ? ['unit', 'integration'] : $suites;

$runner = new Lectern\Tests\TestRunner($filter);
foreach ($suites as $suite) {
    foreach (glob(__DIR__ . "/{$suite}/*Test.php") ?: [] as $file) {
        $runner->file("{$suite}/" . basename($file), static function (Lectern\Tests\TestRunner $runner) use ($file): void {
            require $file;
        });
    }
}
exit($runner->run() ? 0 : 1);
