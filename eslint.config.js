// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.mcpact/', '.cache/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program for every file (tsconfig.lint.json: tsconfig.json and the root config files). The project
        // service costs about half as much CPU again here (55 against 38 CPU-seconds for `eslint .`).
        project: ['./tsconfig.lint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Destructuring a property away (`const { $ref: _ref, ...rest } = schema`) is how this code omits keys.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // Names a server chooses may be any key of Object.prototype (`constructor`, `toString`, `__proto__`): a plain
    // object keyed by them finds inherited functions where it holds nothing, and loses `__proto__` to the
    // prototype setter (docs/hostile.md, prototype-names).
    // The config and the command line hold the user's own names, and zod builds their objects.
    files: ['src/**'],
    ignores: ['src/cli/**', 'src/config/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='in'][left.type!='Literal']",
          message: '`key in object` also finds what the object inherits (`constructor`, `toString`): use Object.hasOwn, or a Map.',
        },
        {
          selector:
            "VariableDeclarator[init.type='ObjectExpression'][init.properties.length=0][id.typeAnnotation.typeAnnotation.typeName.name=/^(Record|JsonRecord|ArgumentMap)$/]",
          message:
            'An empty record filled by key stores `__proto__` as its prototype and finds `constructor` before it is stored: use nameRecord() (util/json.ts) or a Map.',
        },
      ],
    },
  },
  {
    files: ['test/**', 'fixtures/**'],
    rules: {
      // Fake servers and transport stubs implement Promise-returning interfaces with `async` bodies that need no
      // await; `async` is what turns their throws into rejections, which is what the tests exercise.
      '@typescript-eslint/require-await': 'off',
      // Fake servers stringify client-sent prompt arguments (typed `unknown`) as a sloppy server would: what
      // they print for a non-string is part of the behaviour under test.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests read mcpact's own output back with JSON.parse and poke at it with expect(), which is the check;
      // typing each parsed report would only add casts (and `!` under noUncheckedIndexedAccess).
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
