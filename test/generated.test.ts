/** The files derived from code are current; `npm run refresh` rewrites them (and the golden files). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../src/docs/generated.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

describe('generated files', () => {
  for (const [file, expected] of Object.entries(generatedFiles(read))) {
    it(`${file} is current (npm run refresh)`, () => {
      expect(read(file), `${file} is stale: run npm run refresh`).toBe(expected);
    });
  }
});
