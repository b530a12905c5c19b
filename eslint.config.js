// typescript-eslint flat config. Engines are pure: no clock, no Math.random, no I/O (style.md §2).
// The layers import each other in one direction only (README, Architecture), at any depth:
//   engines → nothing of bot/store/render/table; render → no store/bot/table; store → no
//   bot/render/table; table → no discord.js and no bot; commands → table, the store's index (its read
//   API) and bot helpers, never engine internals or render.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Import patterns naming a source folder at any depth (`../bot/x.js`, `../../src/bot/x/y.js`, `../bot`). */
const folders = (...names) => names.flatMap((n) => [`**/${n}`, `**/${n}/**`, `./${n}/**`]);
const layer = (files, forbidden, paths = [], message = 'layer boundary (eslint.config.js)') => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { paths: paths.map((name) => ({ name, message })), patterns: [{ group: folders(...forbidden), message }] },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'out/**', 'test/differential/*.py'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['src/games/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'engines are clock-free (style.md §2)' },
        { name: 'setTimeout', message: 'engines are pure' },
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'use the seeded Rng (src/games/core/rng.ts)' }],
      'no-restricted-imports': [
        'error',
        {
          paths: ['discord.js', 'better-sqlite3', 'canvas', 'node:fs', 'fs', 'pino'],
          patterns: [{ group: folders('bot', 'store', 'render', 'table'), message: 'engines are pure: no bot/store/render/table' }],
        },
      ],
    },
  },
  layer(['src/render/**/*.ts'], ['store', 'bot', 'table'], [], 'render draws views only: no store/bot/table'),
  layer(['src/store/**/*.ts'], ['bot', 'render', 'table'], [], 'the store knows no bot/render/table'),
  layer(['src/table/**/*.ts'], ['bot'], ['discord.js', '@discordjs/builders'], 'src/table is Discord-free: no discord.js, no src/bot'),
  {
    files: ['commands/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: folders('games', 'render'), message: 'commands use src/table, never engine internals or render' },
            { group: ['**/store/*', '!**/store/index.js'], message: "commands use the store's read API (src/store/index.js)" },
          ],
        },
      ],
    },
  },
);
