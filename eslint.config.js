import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Layer fences (test/unit/architecture/fences.test.ts feeds each one a violating import): every folder
 * lists what it must not import. Only electron/main and electron/preload touch Electron; renderer/ reaches
 * data only through window.blindrate (shared/api.ts); shared/ is pure; db/ sits on shared/ alone.
 */
/** Node's modules by exact name ('fs', 'path', …; also 'domain', so never as gitignore-style patterns). */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));
const fence = (message, group, names = []) => ({
  'no-restricted-imports': [
    'error',
    { paths: names.map((name) => ({ name, message })), patterns: [{ group, message }] },
  ],
});
const ELECTRON = 'electron';

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
      ...fence(
        'shared/ is pure: it imports no other folder of the app and no Node built-in.',
        ['node:*', ELECTRON, 'better-sqlite3*', '**/db/**', '**/electron/**', '**/renderer/**'],
        NODE_BUILTINS,
      ),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: fence(
      'The renderer imports only shared/: its door to data is window.blindrate (shared/api.ts).',
      ['node:*', ELECTRON, 'better-sqlite3*', '**/db/**', '**/electron/**'],
      NODE_BUILTINS,
    ),
  },
  {
    files: ['db/**/*.ts'],
    rules: fence('db/ imports only shared/ (plus SQLite and Node built-ins).', [
      ELECTRON,
      '**/electron/**',
      '**/renderer/**',
    ]),
  },
  {
    files: ['electron/services/**/*.ts'],
    rules: fence(
      'Services are Electron-free and used by the front ends (CLI, server, shell), never the other way round.',
      [ELECTRON, '**/cli/**', '**/serve/**', '**/main/**', '**/preload/**', '**/renderer/**'],
    ),
  },
  {
    files: ['electron/cli/**/*.ts', 'electron/serve/**/*.ts'],
    rules: fence('Only electron/main and electron/preload import Electron; the renderer is reached over the API.', [
      ELECTRON,
      '**/renderer/**',
    ]),
  },
  {
    // A helper two commands need lives in electron/cli/, not in one of the commands.
    files: ['electron/cli/commands/**/*.ts'],
    ignores: ['electron/cli/commands/index.ts'],
    rules: fence('Commands do not import sibling commands: move the shared helper to a module in electron/cli/.', [
      ELECTRON,
      '**/renderer/**',
      './*',
      '!./index',
    ]),
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: fence('The shell reaches the renderer over IPC only.', ['**/renderer/**']),
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (a failed save would look saved).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a kind names every kind (or ends in assertNever, shared/kinds/assert-never.ts).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
