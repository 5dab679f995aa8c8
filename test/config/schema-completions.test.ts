/**
 * What an editor learns from schemas/config.v1.schema.json (#17): the defaults, the rule ids a `rules:` map may
 * name (from the registry, so a new rule appears without editing anything), and the drift change ids. Checked with
 * Ajv on the committed file, as yaml-language-server would read it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { CHANGE_IDS } from '../../src/model/changes.js';
import { ROOT } from '../support/cli.js';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/config.v1.schema.json'), 'utf8')) as Record<string, unknown>;
const validate = new Ajv2020({ strict: false }).compile(schema);
const server = { transport: 'stdio', command: 'node', args: ['server.js'] };

describe('config schema completions', () => {
  it('lists every rule id of the registry as the keys of rules:, top level and per server', () => {
    const text = JSON.stringify(schema);
    for (const rule of ALL_RULES) expect(text).toContain(JSON.stringify(rule.id));
    expect(validate({ server, rules: { 'protocol/invalid-cursor': 'off' } })).toBe(true);
    expect(validate({ server, rules: { 'protocol/invalid-cursr': 'off' } })).toBe(false);
    expect(validate({ server: { ...server, rules: { 'protocol/invalid-cursr': 'off' } } })).toBe(false);
    expect(validate({ servers: [{ ...server, name: 'a', rules: { 'schema/tool-name': 'warning' } }] })).toBe(true);
  });

  it('lists the change ids under drift', () => {
    const first: string = CHANGE_IDS[0] ?? '';
    expect(validate({ server: { ...server, drift: { levels: { [first]: 'compatible' }, fail_on: [first] } } })).toBe(true);
    expect(validate({ server: { ...server, drift: { levels: { 'no-such-change': 'compatible' } } } })).toBe(false);
  });

  it('gives the defaults', () => {
    const defaults = new Map<string, unknown>();
    const walk = (node: unknown, key: string) => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if ('default' in record) defaults.set(key, record.default);
      for (const [name, value] of Object.entries(record)) walk(value, name === 'properties' || name === 'items' ? key : name);
    };
    walk(schema, '');
    expect(defaults.get('connect_ms')).toBe(10_000);
    expect(defaults.get('call_ms')).toBe(10_000);
    expect(defaults.get('run_ms')).toBe(120_000);
    expect(defaults.get('fail_on')).toBe('error');
    expect(defaults.get('inherited')).toBe('info');
  });
});
