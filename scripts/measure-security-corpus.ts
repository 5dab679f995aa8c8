/**
 * Prints what the security rules say on the corpora today (scripts/security-measure.ts); with `--json FILE`, also
 * writes the details there: every finding on the benign corpus and every poisoned case missed.
 *
 *   npm run build && node dist/scripts/measure-security-corpus.js [--json FILE] [--cases FILE]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadBenign, loadPoisoned } from './security-corpus.js';
import { formatMeasurement, measure } from './security-measure.js';

const args = process.argv.slice(2);
const options = new Map<string, string>();
for (let i = 0; i < args.length; i += 2) {
  if ((args[i] !== '--json' && args[i] !== '--cases') || args[i + 1] === undefined) {
    process.stderr.write('usage: measure-security-corpus [--json FILE] [--cases FILE]\n');
    process.exit(2);
  }
  options.set(args[i]!, args[i + 1]!);
}
const json = options.get('--json');
// --cases: a case list written by build-poisoned-corpus --texts-out, holding the texts the corpus may not keep.
const cases = options.get('--cases');
const corpus = loadPoisoned(cases === undefined ? undefined : new URL(`file://${resolve(cases)}`));
const fresh = new Set(corpus.sources.filter((source) => source.fresh === true).map((source) => source.repo));
const result = await measure(loadBenign(), corpus.cases, fresh);
if (json !== undefined) writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(formatMeasurement(result));
