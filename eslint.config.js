import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'dist.*/', '.astro/', 'node_modules/', 'var/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      // Wire data is parsed with zod, never cast; `any` would hide that.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // The environment is declared once (src/config/env.ts); everything else is handed a parsed `Env`.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read settings through loadEnv() in src/config/env.ts (processEnvironment() for child processes).',
        },
      ],
    },
  },
  {
    // The exceptions: the declaration itself, and test and benchmark tooling that runs in processes of its
    // own (Playwright's config for CI, the journeys' settings, benchmarks spawning builds with an env).
    files: ['src/config/env.ts', 'playwright.config.ts', 'e2e/**', 'scripts/bench-*.ts', 'scripts/bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
