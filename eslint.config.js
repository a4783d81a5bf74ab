import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A cast's expression: `JSON.parse(…)`, `x.json()`, `await x.json()`, and either with `.catch(…)` after it. */
const CAST = ':matches(TSAsExpression, TSTypeAssertion)';
const UNPARSED_JSON = [
  `${CAST}[expression.callee.object.name='JSON'][expression.callee.property.name='parse']`,
  `${CAST}[expression.callee.property.name='json']`,
  `${CAST}[expression.callee.object.callee.property.name='json']`,
  `${CAST}[expression.type='AwaitExpression'][expression.argument.callee.object.name='JSON'][expression.argument.callee.property.name='parse']`,
  `${CAST}[expression.type='AwaitExpression'][expression.argument.callee.property.name='json']`,
  `${CAST}[expression.type='AwaitExpression'][expression.argument.callee.object.callee.property.name='json']`,
];
const PARSE_IT =
  'Parse JSON that arrives (a zod schema, or the checks of src/parse/reader.ts) instead of casting it: a cast trusts what crossed a boundary, and bad data then fails far from where it came in.';

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
      // What JSON.parse or a response's .json() returns crossed a boundary: it is parsed, never cast.
      'no-restricted-syntax': [
        'error',
        ...UNPARSED_JSON.map((selector) => ({ selector, message: PARSE_IT })),
      ],
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
    // Tests and journeys cast the answers they then assert on: a wrong shape fails the test at that
    // assertion, which is what a parse would do. Benchmarks are tooling that reads its own processes' output.
    files: ['tests/**', 'e2e/**', 'scripts/**', 'src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The exceptions: the declaration itself, and test and benchmark tooling that runs in processes of its
    // own (Playwright's config for CI, the journeys' settings, benchmarks spawning builds with an env).
    files: ['src/config/env.ts', 'playwright.config.ts', 'e2e/**', 'scripts/bench-*.ts', 'scripts/bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
