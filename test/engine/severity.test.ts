/** The one severity resolver: rules: first, then for drift rules the change level and drift.fail_on, else the default. */
import { describe, expect, it } from 'vitest';
import { changeSeverity, resolveLevel, worstOf } from '../../src/engine/severity.js';

const lint = { id: 'schema/tool-name', defaultSeverity: 'warning' as const };
const removed = { id: 'drift/tool-removed', defaultSeverity: 'error' as const, change: 'tool-removed' as const };
const annotation = { id: 'drift/tool-annotation-changed', defaultSeverity: 'error' as const, change: 'tool-annotation-changed' as const };

describe('resolveLevel', () => {
  it('gives a rule its default unless rules: re-levels it', () => {
    expect(resolveLevel(lint, { levels: {} })).toBe('warning');
    expect(resolveLevel(lint, { levels: { 'schema/tool-name': 'error' } })).toBe('error');
    expect(resolveLevel(lint, { levels: { 'schema/tool-name': 'off' } })).toBe('off');
  });

  it('derives a drift rule from its change level and drift.fail_on', () => {
    expect(resolveLevel(removed, { levels: {} })).toBe('error');
    expect(resolveLevel(removed, { levels: {}, drift: { fail_on: ['risky'] } })).toBe('warning');
    expect(resolveLevel(removed, { levels: {}, drift: { levels: { 'tool-removed': 'compatible' } } })).toBe('info');
    expect(resolveLevel(removed, { levels: {}, drift: { fail_on: ['tool-removed'], levels: { 'tool-removed': 'compatible' } } })).toBe('error');
  });

  it("uses a conditional change's own level, below drift.levels and rules:", () => {
    expect(resolveLevel(annotation, { levels: {} }, { level: 'compatible' })).toBe('info');
    expect(resolveLevel(annotation, { levels: {}, drift: { levels: { 'tool-annotation-changed': 'risky' } } }, { level: 'compatible' })).toBe('error');
    expect(resolveLevel(annotation, { levels: { 'drift/tool-annotation-changed': 'warning' } }, { level: 'compatible' })).toBe('warning');
  });
});

describe('resolveLevel by what a finding rests on', () => {
  const must = { id: 'prompts/optional-arguments', defaultSeverity: 'error' as const };
  const spec = { basis: 'spec', level: 'SCHEMA' } as const;
  const policy = { basis: 'policy', level: 'POLICY' } as const;

  it("holds mcpact's policy and a best practice to a warning, whatever the rule's default", () => {
    expect(resolveLevel(must, { levels: {} }, { cited: spec })).toBe('error');
    expect(resolveLevel(must, { levels: {} }, { cited: policy })).toBe('warning');
    expect(resolveLevel(must, { levels: {} }, { cited: { basis: 'spec', level: 'BEST PRACTICE' } })).toBe('warning');
    expect(resolveLevel(lint, { levels: {} }, { cited: policy })).toBe('warning');
    expect(resolveLevel({ ...lint, defaultSeverity: 'info' }, { levels: {} }, { cited: policy })).toBe('info');
  });

  it('makes leniency the spec permits info, and only on a policy', () => {
    expect(resolveLevel(must, { levels: {} }, { cited: { ...policy, lenient: true } })).toBe('info');
    expect(resolveLevel(must, { levels: {} }, { cited: { ...spec, lenient: true } })).toBe('error');
  });

  it('lets rules: and inherited: win over the basis', () => {
    expect(resolveLevel(must, { levels: { 'prompts/optional-arguments': 'error' } }, { cited: { ...policy, lenient: true } })).toBe('error');
    expect(resolveLevel(must, { levels: {}, inherited: 'warning' }, { cited: { ...policy, lenient: true }, inherited: true })).toBe('warning');
  });
});

describe('resolveLevel for inherited findings', () => {
  const policy = (inherited?: 'off' | 'info' | 'warning', levels: Record<string, 'off' | 'info' | 'warning' | 'error'> = {}) => ({ levels, inherited });

  it('gives an inherited finding the inherited: level, info by default', () => {
    expect(resolveLevel(lint, policy(), { inherited: true })).toBe('info');
    expect(resolveLevel(lint, policy('warning'), { inherited: true })).toBe('warning');
    expect(resolveLevel(lint, policy('off'), { inherited: true })).toBe('off');
  });

  it('leaves the author’s own findings and the rule itself at the rule’s level', () => {
    expect(resolveLevel(lint, policy('off'), { inherited: false })).toBe('warning');
    expect(resolveLevel(lint, policy('off'))).toBe('warning');
  });

  it('lets an explicit rules: level win over inherited:', () => {
    expect(resolveLevel(lint, policy('off', { 'schema/tool-name': 'error' }), { inherited: true })).toBe('error');
    expect(resolveLevel(lint, policy('warning', { 'schema/tool-name': 'off' }), { inherited: true })).toBe('off');
  });
});

describe('changeSeverity and worstOf', () => {
  it('maps levels outside fail_on to warning (breaking, risky) and info (compatible)', () => {
    expect(changeSeverity('tool-added', 'compatible', { drift: { fail_on: [] } })).toBe('info');
    expect(changeSeverity('tool-removed', 'breaking', { drift: { fail_on: [] } })).toBe('warning');
    expect(changeSeverity('tool-added', 'compatible', { drift: { fail_on: ['tool-added'] } })).toBe('error');
  });

  it('picks the highest severity, info for none', () => {
    expect(worstOf(['info', 'error', 'warning'])).toBe('error');
    expect(worstOf([])).toBe('info');
  });
});
