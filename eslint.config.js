import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Only src/cli/ may print, exit, or use the terminal libraries (STYLE.md "Rooms").
const cliOnly = {
  paths: [
    { name: 'chalk', message: 'Terminal output belongs in src/cli/.' },
    { name: 'ora', message: 'Terminal output belongs in src/cli/.' },
    { name: 'cli-table3', message: 'Terminal output belongs in src/cli/.' },
    { name: 'commander', message: 'Argument parsing belongs in src/cli/.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        performance: 'readonly',
        AbortController: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        fetch: 'readonly',
        structuredClone: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', cliOnly],
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'exit', message: 'Only src/cli/ exits.' },
        { object: 'process', property: 'stdout', message: 'Only src/cli/ prints.' },
      ],
    },
  },
);
