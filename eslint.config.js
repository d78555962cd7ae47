import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The suites and their kits: unit, server and browser. */
export const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*test-kit.ts', 'e2e/**/*.ts', 'apps/server/test/test-app.ts'];
const NO_SLEEP =
  'Wait on the event (a row, a request a fake saw, a page marker, expect.poll / waitForSelector) with a deadline, not a fixed pause.';
const LOOP = ':matches(WhileStatement, DoWhileStatement, ForStatement, ForOfStatement, ForInStatement)';
/**
 * A sleep, `new Promise((r) => setTimeout(r, n))`, anywhere but in a loop's body or as the deadline side of a
 * `Promise.race` (a timer that rejects or gives up is a deadline, not a sleep).
 */
export const SLEEP_OUTSIDE_A_LOOP =
  `NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']` +
  `:not(${LOOP} *):not(CallExpression[callee.property.name='race'] *)`;

/** A sleep in a loop that kills a process: a fault test kills at points it observes (N requests seen), not on a timer. */
export const SLEEP_IN_A_KILL_LOOP =
  `${LOOP}:has(CallExpression[callee.property.name='kill']) NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']` +
  `:not(CallExpression[callee.property.name='race'] *)`;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.test-workers/**', '**/.thread-bundles/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests wait on the event itself (a row, a request a fake saw, a page marker) with a deadline, never a guessed
    // pause. A timer inside a loop is a poll's interval (the loop checks the event and its deadline); anywhere else
    // it decides an outcome. Proved by apps/server/test/no-sleep-rule.test.ts.
    files: TEST_FILES,
    rules: {
      'no-restricted-properties': ['error', { property: 'waitForTimeout', message: NO_SLEEP }],
      'no-restricted-syntax': [
        'error',
        { selector: SLEEP_OUTSIDE_A_LOOP, message: NO_SLEEP },
        { selector: SLEEP_IN_A_KILL_LOOP, message: 'Kill once the run has reached an observed point (N requests a fake saw, N rows), not after a pause.' },
      ],
    },
  },
  {
    // Only repositories touch the database (conventions: routes → service → repository → db).
    files: ['apps/server/src/modules/**/*.{routes,service}.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', 'pg'], message: 'Database access belongs in a repository.' }] }],
    },
  },
);
