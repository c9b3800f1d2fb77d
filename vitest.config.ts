import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: more workers only thrash.
    maxWorkers: 2,
    // A worker runs its test files one after another in one module graph: the app's modules, the
    // serializers (src/plugins/serializers.ts) and the OpenAPI response checker are loaded and
    // compiled once per worker, not once per file (import time 170 s → 15 s of the SQLite suite,
    // 372 s → 217 s wall; docs/testing.md). So no test may leave process-wide state changed: no
    // process.env writes, fake timers or patched prototypes that outlive their file (none does;
    // docs/testing.md says how to keep it so).
    isolate: false,
  },
});
