// ESLint: typescript-eslint's type-checked recommended rules over every TypeScript source
// (`npm run lint`, run in CI).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Each official library lints and tests itself in its own folder (sdks/<lang>); the shared
  // scripts of sdks/ (vectors, operation names, the test harness) are linted here.
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'sdks/typescript/**', 'sdks/python/**', 'sdks/php/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fastify's plugins and hooks are async functions by its own convention, and services are
      // async by ours (a service with nothing to wait for still answers a promise).
      '@typescript-eslint/require-await': 'off',
      // `_name` marks a parameter a signature needs and the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Migrations take Kysely<any>, as Kysely documents: a migration must not depend on the schema
    // types of today, which later migrations change.
    files: ['src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read response bodies as the JSON they are (`response.json()` is `any`) and poke at
    // values the types do not describe; the promise rules and the rest still hold there.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Plain JavaScript scripts run on Node.
  {
    files: ['**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(['process', 'Buffer', 'console', 'setTimeout', 'clearTimeout', 'URL', 'fetch'].map((name) => [name, 'readonly'])),
    },
  },
);
