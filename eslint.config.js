import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // shared/ is pure: no clock, no ambient randomness, no Node or Electron.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'require'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Take a seeded Prng (shared/prng.ts).' },
        { object: 'Date', property: 'now', message: 'Take a clock argument.' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'electron', 'better-sqlite3*'] }],
    },
  },
  {
    // The renderer's only door to data is window.blindrate (shared/api.ts).
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'better-sqlite3*', '**/db/**', '**/electron/**'] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
