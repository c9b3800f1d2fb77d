<?php

declare(strict_types=1);

use Lectern\Tests\Assert;

/** @var Lectern\Tests\TestRunner $runner */

// The generator over the committed docs/openapi.json: named component schemas behind $refs keep
// their names as @phpstan-type aliases, each discriminated union (Lesson by `type`, QuizQuestion by
// `kind`, bulk results by `status`, Event by `type`) is a union of shapes whose tag is the
// mapping's value, WebhookEvent has one member per entry of the `webhooks` section, bulk records and
// the rotate bodies are typed, a secret shown once is an optional key; the output is valid PHP that
// the library loads; and --check notices a stale or left-over file.

$root = dirname(__DIR__, 4);
$php = escapeshellarg(PHP_BINARY);
$generate = escapeshellarg(dirname(__DIR__, 2) . '/generate.php');
$document = json_decode((string) file_get_contents("{$root}/docs/openapi.json"), true, 512, JSON_THROW_ON_ERROR);
$schemasFile = fn (): string => (string) file_get_contents(dirname(__DIR__, 2) . '/src/Resources/Schemas.php');
$resourceFile = fn (string $class): string => (string) file_get_contents(dirname(__DIR__, 2) . "/src/Resources/{$class}.php");
/** The shape an alias stands for, on one line or several. */
$shapeOf = fn (string $schemas, string $alias): string => preg_match("/@phpstan-type {$alias} (array\\{.*?\\})\\n \\*\\n/s", $schemas, $match) === 1 ? $match[1] : '';

$runner->test('each discriminated union of the document is a union of shapes tagged by its mapping', function (Assert $t) use ($document, $schemasFile, $shapeOf): void {
    $schemas = $schemasFile();
    $unions = array_filter($document['components']['schemas'], fn ($schema) => isset($schema['discriminator']));
    $t->same([], array_values(array_diff(['Lesson', 'QuizQuestion', 'StudentBulkResult', 'EnrollmentBulkResult', 'Event'], array_keys($unions))), 'the unions the document has');
    foreach ($unions as $name => $schema) {
        $tag = $schema['discriminator']['propertyName'];
        $mapping = $schema['discriminator']['mapping'] ?? null;
        $t->true(is_array($mapping), "#/components/schemas/{$name}: a discriminator on `{$tag}` without a mapping");
        $members = array_map(fn ($member) => basename($member['$ref']), $schema['oneOf'] ?? $schema['anyOf']);
        $t->true(str_contains($schemas, "@phpstan-type {$name} " . implode('|', $members) . "\n"), "{$name} is the union of its members");
        foreach ($mapping ?? [] as $value => $target) {
            $member = basename($target);
            // A member may carry several values of the tag ('idempotency_request_in_progress'|'idempotency_key_reused').
            $t->true(preg_match("/[{ ]{$tag}: (?:'[^']*'\\|)*'" . preg_quote($value, '/') . "'(?:\\|'[^']*')*(?:,|\\n)/", $shapeOf($schemas, $member)) === 1, "{$member}.{$tag} is '{$value}'");
        }
    }
});

$runner->test('WebhookEvent has one member per entry of the webhooks section', function (Assert $t) use ($document, $schemasFile): void {
    $events = array_map(fn ($ref) => basename($ref), $document['components']['schemas']['Event']['discriminator']['mapping']);
    $t->same(array_keys($events), array_keys($document['webhooks']), 'the webhooks section lists the Event members');
    $t->true(str_contains($schemasFile(), '@phpstan-type WebhookEvent ' . implode('|', $events) . "\n"), 'WebhookEvent is their union');
});

$runner->test('component names, renamed only where they would shadow a resource class', function (Assert $t) use ($document, $schemasFile, $resourceFile): void {
    $schemas = $schemasFile();
    $classes = array_map(fn ($operation) => ucfirst($operation['resource']), Lectern\Tests\Vectors::operations());
    foreach (array_keys($document['components']['schemas']) as $name) {
        $alias = in_array($name, $classes, true) ? "{$name}Schema" : $name; // Progress, RateLimits
        $t->true(str_contains($schemas, "@phpstan-type {$alias} "), "{$alias} is an alias");
    }
    $courses = $resourceFile('Courses');
    $t->true(str_contains($courses, '@phpstan-import-type Course from Schemas'), 'Courses imports Course');
    $t->true(str_contains($courses, "     * @return Course\n"), 'get answers a Course');
    $t->true(str_contains($courses, "     * @return array{data: list<Course>, pagination: PagePagination|CursorPagination}\n"), 'a page has either pagination');
    $t->true(str_contains($resourceFile('Lessons'), "     * @return Lesson\n"), 'a lesson is the Lesson union');
});

$runner->test('typed bulk records, optional rotate bodies, a secret shown once is optional', function (Assert $t) use ($schemasFile, $resourceFile, $shapeOf): void {
    // A record is the single create's body, or any other object (answered in the 207 as its validation_error).
    $t->true(str_contains($resourceFile('Students'), "     * @param array{records: list<CreateStudentRequest|array<string, mixed>>} \$body\n"), 'student records');
    $t->true(str_contains($resourceFile('Enrollments'), "     * @param array{records: list<CreateEnrollmentRequest|array<string, mixed>>} \$body\n"), 'enrollment records');
    foreach (['ApiKeys' => 'rotate', 'Webhooks' => 'rotateSecret'] as $class => $method) {
        $t->true(str_contains($resourceFile($class), "     * @param array{grace_period_seconds?: int}|null \$body\n"), "{$class}::{$method} documents its body");
        $parameter = (new ReflectionMethod("Lectern\\Resources\\{$class}", $method))->getParameters()[1];
        $t->same(['body', true, null], [$parameter->getName(), $parameter->allowsNull(), $parameter->getDefaultValue()], "{$class}::{$method} body defaults to none");
    }
    $schemas = $schemasFile();
    foreach (['WebhookEndpointWithSecret' => 'secret', 'ApiKeyWithSecret' => 'key'] as $alias => $key) {
        $t->true(preg_match("/[{ ]{$key}\\?: string[,\\n]/", $shapeOf($schemas, $alias)) === 1, "{$alias}.{$key} is optional (absent on an idempotent replay)");
    }
});

$runner->test('the generated files are valid PHP that the library loads, with every operation', function (Assert $t) use ($php, $generate, $root): void {
    $dir = sys_get_temp_dir() . '/lectern-php-gen-' . bin2hex(random_bytes(4));
    mkdir($dir);
    try {
        $out = ' --out=' . escapeshellarg($dir);
        exec("{$php} {$generate}{$out} 2>&1", $output, $status);
        $t->same(0, $status, implode("\n", $output));
        foreach (glob("{$dir}/*.php") ?: [] as $file) {
            exec("{$php} -l " . escapeshellarg($file) . ' 2>&1', $lint, $status);
            $t->same(0, $status, basename($file) . ' is valid PHP');
        }
        $script = sprintf(
            '
            spl_autoload_register(function ($class) { if (str_starts_with($class, "Lectern\\\\Resources\\\\")) { require %s . "/" . substr($class, 18) . ".php"; } }, true, true);
            require %s;
            $client = new Lectern\Client("k", "https://lectern.test/api/v1");
            foreach (json_decode(file_get_contents(%s), true)["operations"] as $op) {
                if (!method_exists($client->{$op["resource"]}, $op["method"])) { echo "missing {$op["resource"]}.{$op["method"]}\n"; exit(1); }
            }
            echo "ok";',
            var_export($dir, true),
            var_export(dirname(__DIR__, 2) . '/autoload.php', true),
            var_export("{$root}/sdks/operations.json", true),
        );
        $t->same('ok', (string) shell_exec("{$php} -r " . escapeshellarg($script) . ' 2>&1'));
    } finally {
        exec('rm -rf ' . escapeshellarg($dir));
    }
});

$runner->test('generate.php --check fails when a generated file is stale or one is left over', function (Assert $t) use ($php, $generate): void {
    $dir = sys_get_temp_dir() . '/lectern-php-gen-' . bin2hex(random_bytes(4));
    mkdir($dir);
    try {
        $out = ' --out=' . escapeshellarg($dir);
        exec("{$php} {$generate}{$out} 2>&1", $output, $status);
        $t->same(0, $status);
        exec("{$php} {$generate}{$out} --check 2>&1", $output, $status);
        $t->same(0, $status, '--check right after generating');
        file_put_contents("{$dir}/Courses.php", "<?php // edited by hand\n", FILE_APPEND);
        exec("{$php} {$generate}{$out} --check 2>&1", $output, $status);
        $t->same(1, $status, 'an edited file is stale');
        exec("{$php} {$generate}{$out} 2>&1", $output, $status);
        file_put_contents("{$dir}/Gone.php", "<?php\n");
        exec("{$php} {$generate}{$out} --check 2>&1", $output, $status);
        $t->same(1, $status, 'a file no longer generated is stale');
        exec("{$php} {$generate}{$out} 2>&1", $output, $status);
        $t->true(!is_file("{$dir}/Gone.php"), 'and regenerating removes it');
    } finally {
        exec('rm -rf ' . escapeshellarg($dir));
    }
});
