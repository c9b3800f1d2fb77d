// The project's lint rules (ESLint 10 reads the nearest config), without the built and generated files.
import project from '../../eslint.config.js';

export default [
  { ignores: ['dist/**', 'src/generated/**', 'node_modules/**'] },
  ...project,
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    // node:test's describe() and it() answer promises that the runner itself awaits.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: ['describe', 'it', 'test', 'before', 'after'], package: 'node:test' }] },
      ],
    },
  },
];
