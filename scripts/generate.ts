/**
 * Regenerates the files derived from code: schemas/config.v1.schema.json, schemas/report.v1.schema.json and
 * docs/rules.md. Run `npm run gen:docs`; test/generated.test.ts fails when a committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { generatedFiles } from '../src/docs/generated.js';

for (const [file, text] of Object.entries(generatedFiles())) {
  writeFileSync(new URL(`../../${file}`, import.meta.url), text);
  process.stdout.write(`wrote ${file}\n`);
}
