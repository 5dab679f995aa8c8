/**
 * The recorder (mock/record.ts) against in-process fake servers: what is asked and kept, what the safe-call policy
 * keeps from being called, and the bounds: an answer too large is left out, and past the size cap answers stop, each
 * said in the notes, with a cassette that still reads.
 */
import { describe, expect, it } from 'vitest';
import { recordCassette } from '../../src/mock/record.js';
import { MAX_ANSWER_BYTES, parseCassette } from '../../src/mock/cassette.js';
import { redactor } from '../../src/report/redact.js';
import { withProbe } from '../support/probe.js';
import type { FakeServerSpec } from '../support/fake-server.js';

const tool = (name: string, readOnly: boolean) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  annotations: { readOnlyHint: readOnly },
});

const resources = Array.from({ length: 6 }, (_, index) => ({ uri: `docs://page/${index}`, name: `page ${index}`, mimeType: 'text/plain' }));
const text = (uri: string, size: number) => ({ result: { contents: [{ uri, mimeType: 'text/plain', text: 'x'.repeat(size) }] } });

const SERVER: FakeServerSpec = {
  tools: [tool('lookup', true), tool('delete_all', false)],
  prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }],
  resources,
  reads: Object.fromEntries(resources.map((resource) => [resource.uri, text(resource.uri, 10_000)])),
};

const record = (spec: FakeServerSpec, maxBytes?: number, secrets: string[] = []) =>
  withProbe(spec, (probe, surface) => recordCassette(surface, probe, { settings: {}, mcpactVersion: '9.9.9', redact: redactor(secrets), maxBytes }));

describe('mcpact record, the recorder', () => {
  it('keeps the answers to the calls the policy allows, and says which tools it did not call', async () => {
    const { cassette, text: written } = await record(SERVER);
    expect(parseCassette(written, 'c.json')).toEqual(cassette);
    const asked = cassette.answers.map((answer) => `${answer.method} ${JSON.stringify(answer.params)}`);
    expect(asked.filter((line) => line.startsWith('tools/call')).every((line) => line.includes('"lookup"'))).toBe(true);
    expect(asked.some((line) => line.startsWith('tools/call'))).toBe(true);
    expect(asked).toContain('prompts/get {"name":"greet","arguments":{"who":"mcpact-sample-who"}}');
    expect(asked.filter((line) => line.startsWith('resources/read'))).toHaveLength(resources.length);
    expect(cassette.notes).toContain('tool "delete_all": not called, not annotated readOnlyHint: true');
    expect(cassette.lists.tools?.items).toHaveLength(2);
    expect(cassette.lists.tools?.pages).toBe(1);
    expect(cassette).toMatchObject({ mcpactCassette: 1, recordedWith: '9.9.9', era: 'legacy' });
  });

  it('writes the same bytes for the same server', async () => {
    expect((await record(SERVER)).text).toBe((await record(SERVER)).text);
  });

  it('stops recording answers at the size cap, says so, and the cassette still reads', async () => {
    const whole = await record(SERVER);
    const cap = Buffer.byteLength(whole.text) - 25_000;
    const { cassette, text: written } = await record(SERVER, cap);
    expect(Buffer.byteLength(written)).toBeLessThanOrEqual(cap);
    expect(cassette.answers.length).toBeLessThan(whole.cassette.answers.length);
    expect(cassette.answers.length).toBeGreaterThan(0);
    expect(cassette.notes.some((note) => note.startsWith(`cassette size cap of ${cap} bytes reached at `))).toBe(true);
    expect(parseCassette(written, 'c.json').answers).toEqual(cassette.answers);
  });

  it('leaves out an answer larger than the answer bound', async () => {
    const spec = { ...SERVER, reads: { ...SERVER.reads, 'docs://page/2': text('docs://page/2', MAX_ANSWER_BYTES + 10) } };
    const { cassette } = await record(spec);
    expect(cassette.answers.some((answer) => JSON.stringify(answer.params).includes('docs://page/2'))).toBe(false);
    expect(cassette.answers.some((answer) => JSON.stringify(answer.params).includes('docs://page/3'))).toBe(true);
    expect(cassette.notes).toContain(`resources/read "docs://page/2": answer not recorded, larger than ${MAX_ANSWER_BYTES / 1024} KiB`);
  });

  it('redacts secrets from the contract and the answers', async () => {
    const secret = 'tok-5f2e9a1c77';
    const spec: FakeServerSpec = {
      ...SERVER,
      instructions: `Use ${secret}.`,
      reads: { 'docs://page/0': { result: { contents: [{ uri: 'docs://page/0', text: secret }] } } },
    };
    const { text: written } = await record(spec, undefined, [secret]);
    expect(written).not.toContain(secret);
    expect(written).toContain('Use [redacted].');
  });
});
