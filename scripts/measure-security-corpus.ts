/**
 * Prints what the security rules say on the corpora (scripts/security-measure.ts) and writes the details to
 * corpus/measurement.json: every finding on the benign corpus and every poisoned case missed.
 *
 *   npm run build && node dist/scripts/measure-security-corpus.js
 */
import { writeFileSync } from 'node:fs';
import { CORPUS_DIR, loadBenign, loadPoisoned } from './security-corpus.js';
import { formatMeasurement, measure } from './security-measure.js';

const result = await measure(loadBenign(), loadPoisoned().cases);
writeFileSync(new URL('measurement.json', CORPUS_DIR), `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(formatMeasurement(result));
