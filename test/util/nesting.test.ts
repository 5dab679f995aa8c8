/** The nesting bound on input (util/nesting.ts): iterative, in place, and visible to the schema rules. */
import { describe, expect, it } from 'vitest';
import { cutDeepNesting, holdsNestingCut, MAX_NESTING, NESTING_CUT, parseJsonBounded } from '../../src/util/nesting.js';
import { schemaProblems } from '../../src/util/json-schema.js';

const deepArrays = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

describe('cutDeepNesting', () => {
  it('leaves a value within the bound untouched', () => {
    const value = { a: [1, { b: 'c' }], d: null };
    expect(cutDeepNesting(value, 3)).toBe(0);
    expect(value).toEqual({ a: [1, { b: 'c' }], d: null });
  });

  it('replaces every container deeper than the bound by the marker, in objects and arrays alike', () => {
    const value = { a: { b: [[1]] }, c: [{ d: {} }] };
    expect(cutDeepNesting(value, 2)).toBe(2);
    expect(value).toEqual({ a: { b: NESTING_CUT }, c: [NESTING_CUT] });
  });

  it('keeps a __proto__ key a key', () => {
    const value = JSON.parse('{"__proto__":{"__proto__":{}}}') as object;
    cutDeepNesting(value, 2);
    expect(JSON.stringify(value)).toBe(`{"__proto__":{"__proto__":${JSON.stringify(NESTING_CUT)}}}`);
  });

  it('walks 200,000 levels without overflowing the stack, and what is left serializes', () => {
    const value = deepArrays(200_000);
    expect(cutDeepNesting(value)).toBe(1);
    expect(JSON.stringify(value).length).toBe(2 * MAX_NESTING + NESTING_CUT.length + 2);
    expect(holdsNestingCut(value)).toBe(true);
    expect(holdsNestingCut(deepArrays(MAX_NESTING))).toBe(false);
  });

  it('parseJsonBounded parses and cuts', () => {
    expect(holdsNestingCut(parseJsonBounded('['.repeat(5_000) + ']'.repeat(5_000)))).toBe(true);
  });
});

describe('a schema cut on input', () => {
  it('is nested too deeply: the server defect the schema rules report', () => {
    const message = JSON.parse(`{"schema":${'{"type":"object","properties":{"a":'.repeat(1_000)}{}${'}}'.repeat(1_000)}}`) as { schema: unknown };
    cutDeepNesting(message);
    expect(schemaProblems(message.schema)).toEqual([{ pointer: '', message: 'is nested too deeply (mcpact reads messages to 1,000 levels)' }]);
  });
});
