<?php

declare(strict_types=1);

// A PSR-4 autoloader for the Lectern library, for projects without Composer:
//     require '/path/to/sdks/php/autoload.php';
// With Composer, the "autoload" map of composer.json does the same.
spl_autoload_register(static function (string $class): void {
    $prefix = 'Lectern\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
