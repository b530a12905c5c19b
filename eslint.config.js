// typescript-eslint flat config. Engines are pure: no clock, no Math.random, no I/O (style.md §2).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
          patterns: ['../../bot/*', '../../store/*', '../../render/*'],
        },
      ],
    },
  },
);
