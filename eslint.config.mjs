import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', 'lib/generated/', 'data/', 'test-results/', 'playwright-report/', '.test-reports/', 'next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One validated configuration module reads the environment (lib/config/config.ts).
    files: ['app/**', 'lib/**', 'components/**', 'proxy.ts', 'instrumentation*.ts'],
    ignores: ['lib/config/**', 'lib/generated/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read settings through config() from lib/config/config.ts.' },
      ],
    },
  },
  {
    // View models, hooks and components run in the browser (or must stay pure): no database code.
    files: ['lib/*/view/**', 'lib/*/hooks/**', 'lib/client/**', 'components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^@/lib/|^(\\.\\./)+)(db|generated)(/|$)', allowTypeImports: true, message: 'Database code stays on the server: take the data as props or through the API.' }] },
      ],
    },
  },
  {
    // Links go through components/ui/Link.tsx (no prefetch unless asked: see there).
    files: ['app/**', 'components/**'],
    ignores: ['components/ui/Link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', message: 'Use Link from @/components/ui/Link.' }] }],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bin/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', setTimeout: 'readonly' },
    },
  },
);
