// Lint: TypeScript's recommended rules, type-aware checks for promises nobody waits for, React
// hooks' rules of use and jsx-a11y's recommended accessibility rules. Formatting is Prettier's job.
import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // Type information (from tsconfig.json) for the promise rules below.
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Reacting to a fetcher's result (toast, reset the form) sets state in an effect by nature.
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A promise nobody awaits loses its errors; one passed where a callback's result is ignored
      // (an event handler, a void callback) does too. Mark a deliberate fire-and-forget `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
