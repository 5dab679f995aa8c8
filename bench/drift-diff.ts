/**
 * Times the drift diff of two lockfiles of 10,000 tools each (realistic input and output schemas; one tool in
 * ten changed, some removed and added), as `mcpact diff` does it: parse and validate both files, diff, and turn each change into a finding.
 * Target (issue #4): under 1 s. Usage: node dist/bench/drift-diff.js [--tools N]
 */
import { contractOf, lockfileOf } from '../src/drift/compare.js';
import { stamp } from '../src/engine/runner.js';
import { resolveLevel } from '../src/engine/severity.js';
import { driftRules } from '../src/rules/drift/index.js';
import { changeReport } from '../src/rules/drift/change-report.js';
import { diffContracts } from '../src/drift/diff/diff.js';
import { parseLockfile, serializeLockfile, type Contract, type LockedTool } from '../src/drift/lockfile/lockfile.js';

const argv = process.argv.slice(2);
const flag = argv.indexOf('--tools');
const count = flag === -1 ? 10_000 : Number(argv[flag + 1]);

function tool(index: number, revision: boolean): LockedTool {
  const changed = revision && index % 10 === 0;
  return {
    name: `tool_${String(index).padStart(5, '0')}`,
    title: `Tool ${index}`,
    description: changed ? `Looks up record ${index} in the catalogue, now with history.` : `Looks up record ${index} in the catalogue.`,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Record id.', minLength: changed ? 3 : 1 },
        limit: { type: 'integer', minimum: 1, maximum: changed ? 200 : 100 },
        fields: { type: 'array', items: { type: 'string', enum: ['name', 'price', 'stock'] } },
        filter: { $ref: '#/$defs/filter' },
      },
      required: changed ? ['id', 'limit'] : ['id'],
      additionalProperties: false,
      $defs: { filter: { type: 'object', properties: { field: { type: 'string' }, value: { type: ['string', 'number'] } } } },
    },
    outputSchema: { type: 'object', properties: { id: { type: 'string' }, price: { type: changed ? 'number' : 'integer' } }, required: ['id'] },
    annotations: { readOnlyHint: !changed, openWorldHint: false },
  };
}

function contract(revision: boolean): Contract {
  const tools: LockedTool[] = [];
  for (let index = 0; index < count; index++) {
    // A few tools disappear in the revision and a few new ones appear, so the total stays the same.
    if (revision && index % 500 === 7) tools.push(tool(count + index, true));
    else tools.push(tool(index, revision));
  }
  return {
    server: { name: 'bench', version: '1.0.0', protocolVersion: '2025-11-25', capabilities: { tools: {} } },
    tools,
    prompts: [],
    resources: [],
    resourceTemplates: [],
  };
}

const baseText = serializeLockfile(lockfileOf(contract(false), '0.0.0'));
const revisionText = serializeLockfile(lockfileOf(contract(true), '0.0.0'));

const started = performance.now();
const base = contractOf(parseLockfile(baseText, 'base.lock.json'));
const revision = contractOf(parseLockfile(revisionText, 'revision.lock.json'));
const loaded = performance.now();
// Each change as the drift rules report it: the rule's Report, its level, the stamped Finding.
const rules = new Map(driftRules.map((rule) => [rule.change, rule]));
const findings = diffContracts(base, revision).map((change) => {
  const rule = rules.get(change.id)!;
  const report = changeReport(change, undefined);
  const level = resolveLevel(rule, { levels: {} }, report);
  return stamp(rule, level === 'off' ? rule.defaultSeverity : level, report, undefined);
});
const done = performance.now();

const row = (label: string, ms: number) => `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`;
process.stdout.write(
  [
    `drift diff of two lockfiles of ${count} tools (${(baseText.length / 1e6).toFixed(1)} MB each), ${findings.length} findings`,
    row('parse and validate both', loaded - started),
    row('diff and classify', done - loaded),
    `${row('total', done - started)}   (target < 1000 ms)`,
    '',
  ].join('\n'),
);
