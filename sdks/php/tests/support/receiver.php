<?php

declare(strict_types=1);

// A webhook receiver for the integration tests, run by `php -S`: appends each request it gets
// (headers and the raw body) as one JSON line to $RECEIVER_FILE and acknowledges with 204.
$record = [
    'method' => $_SERVER['REQUEST_METHOD'] ?? '',
    'path' => $_SERVER['REQUEST_URI'] ?? '',
    'headers' => function_exists('getallheaders') ? getallheaders() : [],
    'body' => (string) file_get_contents('php://input'),
];
file_put_contents((string) getenv('RECEIVER_FILE'), json_encode($record, JSON_UNESCAPED_SLASHES) . "\n", FILE_APPEND | LOCK_EX);
http_response_code(204);
