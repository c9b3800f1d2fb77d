<?php

declare(strict_types=1);

use Lectern\Tests\Assert;
use Lectern\Tests\Vectors;

/** @var Lectern\Tests\TestRunner $runner */

// The document is being rewritten with named component schemas ($ref everywhere), a Lesson union by
// `type` and a `webhooks` section. These tests run the generator on such a document, made here from
// today's by moving every titled inline schema into components.schemas, so regeneration is known to
// work before the new document lands.

$root = dirname(__DIR__, 4);
$php = escapeshellarg(PHP_BINARY);
$generate = escapeshellarg(dirname(__DIR__, 2) . '/generate.php');

/** @return array<string, mixed> today's document with named schemas behind $refs */
$componentised = function () use ($root): array {
    $document = json_decode((string) file_get_contents("{$root}/docs/openapi.json"), true, 512, JSON_THROW_ON_ERROR);
    $schemas = $document['components']['schemas'] ?? [];
    $hoist = function (mixed $node) use (&$hoist, &$schemas): mixed {
        if (!is_array($node)) {
            return $node;
        }
        $node = array_map($hoist, $node);
        if (isset($node['title'], $node['properties']) && is_string($node['title'])) {
            $name = $node['title'];
            unset($node['title']);
            $schemas[$name] = $node;
            return ['$ref' => '#/components/schemas/' . $name];
        }
        return $node;
    };
    $document['paths'] = $hoist($document['paths']);
    $document['components']['schemas'] = $schemas;

    // Lesson as a union by `type`, a quiz lesson built with allOf.
    $lesson = $schemas['Lesson'];
    $base = $lesson;
    unset($base['properties']['quiz'], $base['properties']['type']);
    $base['required'] = array_values(array_diff($base['required'], ['quiz', 'type']));
    $document['components']['schemas']['LessonBase'] = $base;
    $document['components']['schemas']['TextLesson'] = ['allOf' => [['$ref' => '#/components/schemas/LessonBase'], ['type' => 'object', 'required' => ['type'], 'properties' => ['type' => ['type' => 'string', 'enum' => ['text', 'video', 'assignment']], 'quiz' => ['type' => 'null']]]]];
    $document['components']['schemas']['QuizLesson'] = ['allOf' => [['$ref' => '#/components/schemas/LessonBase'], ['type' => 'object', 'required' => ['type', 'quiz'], 'properties' => ['type' => ['const' => 'quiz'], 'quiz' => $lesson['properties']['quiz']]]]];
    $document['components']['schemas']['Lesson'] = ['oneOf' => [['$ref' => '#/components/schemas/TextLesson'], ['$ref' => '#/components/schemas/QuizLesson']], 'discriminator' => ['propertyName' => 'type']];
    // A schema named like a resource class, and a webhooks section.
    $document['components']['schemas']['Progress'] = $schemas['StudentProgress'];
    $document['components']['schemas']['CourseCreatedEvent'] = ['type' => 'object', 'required' => ['id', 'type', 'created_at', 'data'], 'properties' => [
        'id' => ['type' => 'string'], 'type' => ['const' => 'course.created'], 'created_at' => ['type' => 'string', 'format' => 'date-time'],
        'data' => ['type' => 'object', 'required' => ['object'], 'properties' => ['object' => ['$ref' => '#/components/schemas/Course']]],
    ]];
    $document['webhooks'] = ['course.created' => ['post' => ['requestBody' => ['content' => ['application/json' => ['schema' => ['$ref' => '#/components/schemas/CourseCreatedEvent']]]], 'responses' => ['200' => ['description' => 'Acknowledged']]]]];
    // A parameter and a request body behind $refs.
    $document['components']['parameters']['PerPage'] = ['in' => 'query', 'name' => 'per_page', 'required' => false, 'schema' => ['type' => 'integer', 'minimum' => 1, 'maximum' => 100]];
    foreach ($document['paths']['/api/v1/courses']['get']['parameters'] as $i => $parameter) {
        if ($parameter['name'] === 'per_page') {
            $document['paths']['/api/v1/courses']['get']['parameters'][$i] = ['$ref' => '#/components/parameters/PerPage'];
        }
    }
    $document['components']['requestBodies']['CourseCreate'] = $document['paths']['/api/v1/courses']['post']['requestBody'];
    $document['paths']['/api/v1/courses']['post']['requestBody'] = ['$ref' => '#/components/requestBodies/CourseCreate'];
    return $document;
};

$runner->test('the generator copes with $refs to components, unions by type and a webhooks section', function (Assert $t) use ($componentised, $php, $generate, $root): void {
    $dir = sys_get_temp_dir() . '/lectern-php-gen-' . bin2hex(random_bytes(4));
    mkdir("{$dir}/out", 0777, true);
    try {
        file_put_contents("{$dir}/openapi.json", json_encode($componentised(), JSON_UNESCAPED_SLASHES));
        $args = ' --openapi=' . escapeshellarg("{$dir}/openapi.json") . ' --out=' . escapeshellarg("{$dir}/out");
        exec("{$php} {$generate}{$args} 2>&1", $output, $status);
        $t->same(0, $status, implode("\n", $output));
        exec("{$php} {$generate}{$args} --check 2>&1", $output, $status);
        $t->same(0, $status, '--check right after generating: ' . implode("\n", $output));

        foreach (glob("{$dir}/out/*.php") ?: [] as $file) {
            exec("{$php} -l " . escapeshellarg($file) . ' 2>&1', $lint, $status);
            $t->same(0, $status, basename($file) . ' is valid PHP');
        }
        $schemas = (string) file_get_contents("{$dir}/out/Schemas.php");
        $courses = (string) file_get_contents("{$dir}/out/Courses.php");
        $t->true(str_contains($schemas, '@phpstan-type Lesson TextLesson|QuizLesson'), 'Lesson is the union');
        $t->true(str_contains($schemas, "type: 'quiz',"), 'a quiz lesson\'s type is the literal');
        $t->true(str_contains($schemas, '@phpstan-type ProgressSchema '), 'a schema named like a resource class is renamed');
        $t->true(str_contains($schemas, '@phpstan-type WebhookEvent CourseCreatedEvent'), 'WebhookEvent from the webhooks section');
        $t->true(str_contains($courses, '@phpstan-import-type Course from Schemas'), 'Courses imports Course');
        $t->true(str_contains($courses, "     * @return Course|null\n") || str_contains($courses, "     * @return Course\n"), 'get answers a Course');
        $t->true(str_contains($courses, "     *   per_page?: int,\n"), 'a $ref parameter');
        $t->true(str_contains($courses, "     *   title: string,\n"), 'a $ref request body');

        // The regenerated classes work: every operation is there, with the client of this library.
        $script = sprintf(
            '
            spl_autoload_register(function ($class) { if (str_starts_with($class, "Lectern\\\\Resources\\\\")) { require %s . "/" . substr($class, 18) . ".php"; } }, true, true);
            require %s;
            $client = new Lectern\Client("k", "https://lectern.test/api/v1");
            foreach (json_decode(file_get_contents(%s), true)["operations"] as $op) {
                if (!method_exists($client->{$op["resource"]}, $op["method"])) { echo "missing {$op["resource"]}.{$op["method"]}\n"; exit(1); }
            }
            echo "ok";',
            var_export("{$dir}/out", true),
            var_export(dirname(__DIR__, 2) . '/autoload.php', true),
            var_export("{$root}/sdks/operations.json", true),
        );
        $out = (string) shell_exec("{$php} -r " . escapeshellarg($script) . ' 2>&1');
        $t->same('ok', $out);
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
