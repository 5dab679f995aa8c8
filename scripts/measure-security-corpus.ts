/**
 * Prints what the security rules say on the corpora today (scripts/security-measure.ts); with `--json FILE`, also
 * writes the details there: every finding on the benign corpus and every poisoned case missed.
 *
 *   npm run build && node dist/scripts/measure-security-corpus.js [--json FILE]
 */
import { writeFileSync } from 'node:fs';
import { loadBenign, loadPoisoned } from './security-corpus.js';
import { formatMeasurement, measure } from './security-measure.js';

const args = process.argv.slice(2);
const json = args[0] === '--json' ? args[1] : undefined;
if (args.length > 0 && json === undefined) {
  process.stderr.write('usage: measure-security-corpus [--json FILE]\n');
  process.exit(2);
}
const result = await measure(loadBenign(), loadPoisoned().cases);
if (json !== undefined) writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(formatMeasurement(result));
