import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../src/docs/generated.js';

describe('generated files', () => {
  for (const [file, expected] of Object.entries(generatedFiles())) {
    it(`${file} is current (npm run gen:docs)`, () => {
      expect(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')).toBe(expected);
    });
  }
});
