import { describe, expect, it } from 'vitest';
import { expectations } from '../../../src/rules/prompts/expectations.js';
import { memoryRuntime } from '../../../src/engine/runtime.js';
import { runServer } from '../../../src/engine/runner.js';
import { DEFAULT_TIMEOUTS } from '../../../src/config/schema.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeServerTransport } from '../../support/fake-server.js';
import { promptServer } from './support.js';

const settings = (expect: Record<string, unknown>) => ({ prompts: { summarize: { arguments: { text: 'release notes' }, expect } } });

ruleTester(expectations, {
  valid: [
    {
      name: 'roles and patterns hold',
      server: promptServer(),
      settings: settings({ roles: ['user'], match: ['^Prompt summarize', 'release notes'], not_match: ['undefined'] }),
    },
  ],
  invalid: [
    {
      name: 'roles, match and not_match fail',
      server: promptServer(),
      settings: settings({ roles: ['user', 'assistant'], match: ['TL;DR'], not_match: ['release'] }),
      findings: [
        { message: 'message roles are [user], expected [user, assistant]', location: { name: 'summarize' }, data: { anchor: 'roles' } },
        { message: 'rendered text does not match /TL;DR/' },
        { message: 'rendered text matches /release/, which it must not' },
      ],
    },
    {
      name: 'missing golden file is a failure with a hint',
      server: promptServer(),
      settings: settings({ golden: 'golden/summarize.json' }),
      findings: [{ message: 'golden file golden/summarize.json does not exist; run mcpact run --update-golden' }],
    },
    {
      name: 'a prompt configured but not served',
      server: promptServer(),
      settings: { prompts: { nonexistent: { expect: { roles: ['user'] } } } },
      findings: [{ message: 'prompt "nonexistent" has expectations in the config, but the server lists no such prompt' }],
    },
  ],
  skipped: [{ name: 'no expectations', server: promptServer(), skipped: 'no prompts.<name>.expect' }],
});

describe('golden files', () => {
  const run = (runtime: ReturnType<typeof memoryRuntime>, golden: Record<string, unknown>) =>
    runServer(
      {
        name: 'fake',
        target: { kind: 'memory', transport: fakeServerTransport(promptServer()) },
        timeouts: DEFAULT_TIMEOUTS,
        expect: {},
        levels: {},
        settings: settings(golden),
        runtime,
      },
      { rules: [expectations], clientVersion: 'test', concurrency: 4 },
    );

  it('--update-golden writes the normalized rendering, which then passes and catches a change', async () => {
    const normalize = [{ pattern: 'release', replace: '<WORD>' }];
    const writer = memoryRuntime({}, { updateGolden: true });
    const written = await run(writer, { golden: 'g.json', normalize });
    expect(written.findings).toEqual([]);
    expect(writer.written['g.json']).toContain('Prompt summarize.\\ntext: <WORD> notes');

    const reader = memoryRuntime({ 'g.json': writer.written['g.json']! });
    expect((await run(reader, { golden: 'g.json', normalize })).findings).toEqual([]);

    const changed = memoryRuntime({ 'g.json': writer.written['g.json']!.replace('notes', 'NOTES') });
    const report = await run(changed, { golden: 'g.json', normalize });
    expect(report.findings.map((finding) => finding.message)).toEqual(['rendered messages differ from golden file g.json (first difference on line 6)']);
    expect(JSON.stringify(report)).not.toContain('release notes');
  });
});
