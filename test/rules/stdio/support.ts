/**
 * Targets for the stdio rule tables: the raw defect fixture, correct without a defect and failing one way at a
 * time with one, and the answer-order fixture, correct but answering out of order or twice. (The good fixture, whose strict framing passes every stdio rule, is run with all rules in
 * test/integration/fixtures.test.ts.)
 */
import type { SessionTarget } from '../../../src/connect/session.js';
import type { StdioDefect } from '../../../fixtures/servers/stdio-defects.js';
import type { AnswerMode } from '../../../fixtures/servers/answer-order.js';
import { ROOT } from '../../support/cli.js';

const node = (file: string, args: string[] = []): SessionTarget => ({
  kind: 'stdio',
  command: process.execPath,
  args: [`${ROOT}dist/${file}`, ...args],
  env: {},
});

/** The raw stdio fixture, correct without a defect. */
export const defectStdio = (defect?: StdioDefect) => (): SessionTarget => node('fixtures/servers/stdio-defects.js', defect ? [defect] : []);

/** A correct raw stdio server whose answers travel differently (out of order, twice, ...): answer-order.ts. */
export const answerOrder = (mode: AnswerMode) => (): SessionTarget => node('fixtures/servers/answer-order.js', [mode]);

/** A fake server with real items, for the in-memory skip cases. */
export const fakeWithTools = { tools: [{ name: 'a', inputSchema: { type: 'object' } }] };
