// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Recommended rules of ESLint and typescript-eslint; Prettier owns the layout (width 120), max-len the rest of it. */
export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'dist/', 'packages/', 'test/fixtures/', '.keys/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      // `const { a: _, ...rest } = x` drops a member on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
      'no-sequences': 'error',
      // Past four parameters a call reads as a row of positional guesses: take an options object.
      'max-params': ['error', 4],
      // Prettier wraps code at 120 but leaves strings, template literals and comments as written: this catches them.
      // Core `max-len` is deprecated but kept until ESLint 11; `@stylistic/eslint-plugin` has the same rule then.
      'max-len': ['error', { code: 120, tabWidth: 2 }],
    },
  },
  {
    // Written by `npm run generate` (scripts/generate-ids.ts): one list entry a line, whatever its length.
    files: ['**/*.generated.ts'],
    rules: { 'max-len': 'off' },
  },
  {
    // A property's callback takes one parameter per arbitrary (fast-check's shape), and a test helper is read where
    // it is called: the options-object rule is for the code a user calls.
    files: ['test/**/*.ts'],
    rules: { 'max-params': 'off' },
  },
);
