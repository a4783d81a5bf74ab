import js from '@eslint/js';
import * as astroParser from 'astro-eslint-parser';
import tseslint from 'typescript-eslint';
import { doors } from './eslint/doors.js';

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
  'Parse JSON that arrives (a zod schema, or the checks of @cleaning-shop/kit/reader.ts) instead of casting it: a cast trusts what crossed a boundary, and bad data then fails far from where it came in.';

/**
 * The places that are long today, each with why (`npm run figures:house` counts them): data laid out one
 * entry a line, code that follows Magento's or Opayo's own steps one for one, and browser scripts still to
 * be split into state and painter like quick-order-state.ts.
 */
const FUNCTION = 'max-lines-per-function';
const FILE = 'max-lines';
const LENGTH_EXCEPTIONS = [
  // Data, one entry a line: the back end's tables, its seed and input schemas, the domain's types,
  // GraphQL's validation rules as webonyx lists them, Opayo's fields as its spec does.
  {
    files: [
      'packages/embedded-magento/schema.ts',
      'packages/embedded-magento/input.ts',
      'packages/embedded-magento/seed/**',
      'packages/embedded-magento/directory/country-data.ts',
      'packages/embedded-magento/graphql/webonyx-rules.ts',
      'src/catalogue/types.ts',
      'packages/contracts/opayo/protocol.ts',
    ],
    rules: [FUNCTION, FILE],
  },
  // Magento's steps one for one (quote to order, the totals collectors, the order's and a rule's fields,
  // the catalogue's routes, the customer and CMS repositories), so each can be checked against its source.
  {
    files: [
      'packages/embedded-magento/orders/write.ts',
      'packages/embedded-magento/orders/serialize.ts',
      'packages/embedded-magento/checkout/totals.ts',
      'packages/embedded-magento/checkout/collect.ts',
      'packages/embedded-magento/catalog/routes.ts',
      'packages/embedded-magento/customers/customers.ts',
      'src/magento/client.ts',
    ],
    rules: [FUNCTION, FILE],
  },
  // The payment records and the Magento checkout: one object of calls under one lock each (the model of
  // payments/on-account.ts), to split when PayPal joins them behind the payment seam (issue 53).
  { files: ['src/payments/payment-records.ts', 'src/payments/magento-checkout.ts'], rules: [FUNCTION, FILE] },
  // Browser scripts and rules still one module each, to split into state and painter.
  {
    files: [
      'src/components/basket/basket.client.ts',
      'src/components/wishlist/wishlist.client.ts',
      'src/components/catalogue/browse-tools.client.ts',
      'src/components/catalogue/variant-picker.client.ts',
      'src/components/fits/finder-suggest.client.ts',
      'src/components/quick-order/quick-order.client.ts',
    ],
    rules: [FUNCTION, FILE],
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'dist.*/', '.astro/', 'node_modules/', 'var/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { house: { rules: { doors } } },
    languageOptions: { parserOptions: { extraFileExtensions: ['.astro'] } },
  },
  {
    files: ['**/*.astro'],
    languageOptions: { parser: astroParser, parserOptions: { parser: tseslint.parser } },
    // Astro's globals (Fragment, Astro) and the platform's: `astro check` types every name.
    rules: { 'no-undef': 'off' },
  },
  {
    // One door per feature (eslint/doors.js): tests and tooling may open any room they check.
    files: ['src/**/*.{js,mjs,ts,tsx,astro}'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'house/doors': 'error' },
  },
  {
    // The stand-ins are packages of their own (packages/README.md): the shop starts one through its
    // index.ts only, and a package imports nothing of the shop or of another stand-in.
    files: ['src/**/*.{js,mjs,ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@cleaning-shop/(embedded-magento|opayo-sandbox|paypal-sandbox|mail-catcher)/',
              message:
                "Start a stand-in through its package's index (@cleaning-shop/<name>), never its insides.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|tests|scripts|e2e)/',
              message:
                'A package imports nothing of the shop: only @cleaning-shop/contracts and @cleaning-shop/kit.',
            },
            {
              regex: '^(\\.\\./)+(embedded-magento|opayo-sandbox|paypal-sandbox|mail-catcher)/',
              message: 'A stand-in imports nothing of another stand-in.',
            },
            {
              regex: '^@cleaning-shop/(embedded-magento|opayo-sandbox|paypal-sandbox|mail-catcher)',
              message: 'A stand-in imports nothing of another stand-in.',
            },
          ],
        },
      ],
    },
  },
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
    // A function fits on a screen, a module in one read (issue 52): new code that outgrows them is warned.
    files: ['src/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'packages/**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['warn', { max: 79 }],
      'max-lines': ['warn', { max: 300 }],
    },
  },
  ...LENGTH_EXCEPTIONS.map(({ files, rules }) => ({
    files,
    rules: Object.fromEntries(rules.map((rule) => [rule, 'off'])),
  })),
  {
    // Tests and journeys cast the answers they then assert on: a wrong shape fails the test at that
    // assertion, which is what a parse would do. Benchmarks are tooling that reads its own processes' output.
    files: ['tests/**', 'e2e/**', 'scripts/**', 'src/**/*.test.ts', 'packages/**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The exceptions: the declaration itself, and test and benchmark tooling that runs in processes of its
    // own (Playwright's config for CI, the journeys' settings, benchmarks spawning builds with an env).
    files: ['src/config/env.ts', 'playwright.config.ts', 'e2e/**', 'scripts/bench-*.ts', 'scripts/bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
