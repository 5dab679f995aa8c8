/**
 * Regenerates the files derived from code: the JSON Schemas under schemas/, docs/rules.md and the change-id table
 * of docs/drift.md. `npm run refresh` runs it (with the golden files); test/generated.test.ts fails when a
 * committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { generatedFiles } from '../src/docs/generated.js';

const root = new URL('../../', import.meta.url);
for (const [file, text] of Object.entries(generatedFiles((name) => readFileSync(new URL(name, root), 'utf8')))) {
  if (readFileSync(new URL(file, root), 'utf8') === text) continue;
  writeFileSync(new URL(file, root), text);
  process.stdout.write(`wrote ${file}\n`);
}
