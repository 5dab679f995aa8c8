/**
 * Output shapes: inference from result samples (structure, never values) and the comparison of two observations
 * with output variance, tested both ways (swapping the sides gives the inverse classification).
 */
import { describe, expect, it } from 'vitest';
import { parseLockfile, serializeLockfile, type ObservedOutput, type OutputShape } from '../../src/drift/lockfile/lockfile.js';
import { lockfile, tool } from './support.js';
import { diffObservedOutput } from '../../src/drift/diff/output-diff.js';
import { inferShape, MAX_FIELDS, MAX_SHAPE_DEPTH, observeOutput } from '../../src/drift/lockfile/output-shape.js';

describe('inferShape', () => {
  it('records JSON types, integer apart from number, and merges mixed types into a sorted list', () => {
    expect(inferShape(['a'])).toEqual({ type: 'string' });
    expect(inferShape([1, 2])).toEqual({ type: 'integer' });
    expect(inferShape([1, 2.5])).toEqual({ type: 'number' });
    expect(inferShape([true, null])).toEqual({ type: ['boolean', 'null'] });
    expect(inferShape(['a', 3, null])).toEqual({ type: ['integer', 'null', 'string'] });
    expect(inferShape([])).toEqual({});
  });

  it('nests objects and arrays; array items merge every element; required means present in every sample', () => {
    const shape = inferShape([
      { id: 1, tags: ['x'], owner: { name: 'a', email: 'a@example.com' }, rows: [{ n: 1 }, { n: 2, note: 'x' }] },
      { id: 2, tags: [], owner: { name: 'b' }, rows: [{ n: 1.5 }], extra: null },
    ]);
    expect(shape).toEqual({
      type: 'object',
      properties: {
        extra: { type: 'null' },
        id: { type: 'integer' },
        owner: { type: 'object', properties: { email: { type: 'string' }, name: { type: 'string' } }, required: ['name'] },
        rows: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' }, note: { type: 'string' } }, required: ['n'] } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['id', 'owner', 'rows', 'tags'],
    });
  });

  it('never records a value: no enum, const, default or example, and no sample string anywhere', () => {
    const shape = inferShape([{ secret: 'hunter2-token', count: 42, list: ['private-value'] }]);
    const text = JSON.stringify(shape);
    for (const value of ['hunter2-token', '42', 'private-value']) expect(text).not.toContain(value);
    expect(text).not.toMatch(/"(enum|const|default|examples)"/);
  });

  it('is deterministic: the same samples in any order give the same bytes, keys and required sorted', () => {
    const samples = [
      { b: 1, a: { y: 'x', x: [1, 'a'] } },
      { a: { x: [] }, c: true },
      { a: { y: null, z: 1 }, b: 2.5 },
    ];
    const shapes = [samples, [...samples].reverse(), [samples[1], samples[0], samples[2]]].map((order) => JSON.stringify(inferShape(order)));
    expect(new Set(shapes).size).toBe(1);
    const shape = inferShape(samples);
    expect(Object.keys(shape.properties ?? {})).toEqual(['a', 'b', 'c']);
    expect(shape.properties?.a?.properties?.x?.items).toEqual({ type: ['integer', 'string'] });
  });

  it('keeps a "__proto__" field as data', () => {
    const shape = inferShape([JSON.parse('{"__proto__": {"polluted": 1}}')]);
    expect(Object.hasOwn(shape.properties ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('bounds hostile results: a map of many keys keeps no fields, deep nesting keeps only the type', () => {
    const map = Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, index) => [`k${index}`, index]));
    expect(inferShape([map])).toEqual({ type: 'object' });
    let deep: unknown = 'leaf';
    for (let level = 0; level < MAX_SHAPE_DEPTH + 10; level++) deep = { next: deep };
    let shape: OutputShape | undefined = inferShape([deep]);
    let depth = 0;
    while (shape?.properties?.next) {
      shape = shape.properties.next;
      depth++;
    }
    expect(depth).toBe(MAX_SHAPE_DEPTH);
    expect(shape).toEqual({ type: 'object' });
  });
});

describe('observeOutput', () => {
  const block = (text: string) => ({ type: 'text', text });

  it('prefers structuredContent when every result has it', () => {
    const output = observeOutput(
      [
        { content: [block('{"a":1}')], structuredContent: { a: 1 } },
        { content: [block('{"a":2}')], structuredContent: { a: 2, b: 'x' } },
      ],
      2,
    );
    expect(output).toEqual({
      calls: 2,
      source: 'structuredContent',
      content: ['text'],
      shape: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } }, required: ['a'] },
    });
  });

  it('falls back to JSON objects and arrays in text blocks, ignoring prose and bare scalars', () => {
    const output = observeOutput([{ content: [block('Here you go:'), block(' [{"n": 1}] '), block('42')] }, { content: [block('{"n": 2}')] }], 2);
    expect(output).toEqual({
      calls: 2,
      source: 'text',
      content: ['text'],
      shape: {
        type: ['array', 'object'],
        properties: { n: { type: 'integer' } },
        required: ['n'],
        items: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      },
    });
  });

  it('records only the block types when there is no JSON, and nothing when nothing succeeded', () => {
    expect(observeOutput([{ content: [block('plain words'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }] }], 1)).toEqual({
      calls: 1,
      source: 'content',
      content: ['image', 'text'],
    });
    expect(observeOutput([], 3)).toBeUndefined();
  });
});

const shape = (value: unknown, ...more: unknown[]): OutputShape => inferShape([value, ...more]);
const observation = (value: OutputShape, source: ObservedOutput['source'] = 'structuredContent', content = ['text']): ObservedOutput => ({
  calls: 3,
  source,
  content,
  shape: value,
});
/** `[change id, pointer, reason]` of each change, in the order a report sorts them (id, then pointer). */
const classified = (before: ObservedOutput, after: ObservedOutput) =>
  diffObservedOutput('tool', before, after)
    .map((change) => [change.id, change.location.pointer, change.reason])
    .sort(
      (a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1] ?? '').localeCompare(String(b[1] ?? '')) || String(a[2]).localeCompare(String(b[2])),
    );

describe('diffObservedOutput', () => {
  const v1 = observation(
    shape(
      { city: 'Oslo', station: { id: 'OSL', elevation: 94 }, updated: 'x', rows: [{ n: 1 }] },
      { city: 'Lima', station: { id: 'LIM', elevation: 1 }, updated: 'y', rows: [] },
    ),
  );
  const v2 = observation(
    shape(
      { city: 'Oslo', station: { id: 7, elevation: 94 }, humidity: 0.4, rows: [{ n: 1.5 }] },
      { city: 'Lima', station: { id: 8 }, humidity: 0.5, rows: [] },
    ),
  );

  it('removed field, changed type and required -> optional break; an added field is compatible; each with a pointer', () => {
    expect(classified(v1, v2)).toEqual([
      ['tool-output-breaking', '/observedOutput/shape/properties/rows/items/properties/n/type', 'field "rows[].n": type widened from integer to number'],
      ['tool-output-breaking', '/observedOutput/shape/properties/station/properties/id/type', 'field "station.id": type changed from string to integer'],
      ['tool-output-breaking', '/observedOutput/shape/properties/station/required', 'field "station.elevation" is no longer in every result'],
      ['tool-output-breaking', '/observedOutput/shape/properties/updated', 'field "updated" was removed'],
      ['tool-output-compatible', '/observedOutput/shape/properties/humidity', 'field "humidity" was added'],
    ]);
  });

  it('mirrors: swapped, additions and removals trade places and a changed type still breaks', () => {
    expect(classified(v2, v1)).toEqual([
      ['tool-output-breaking', '/observedOutput/shape/properties/humidity', 'field "humidity" was removed'],
      ['tool-output-breaking', '/observedOutput/shape/properties/station/properties/id/type', 'field "station.id": type changed from integer to string'],
      ['tool-output-compatible', '/observedOutput/shape/properties/rows/items/properties/n/type', 'field "rows[].n": type narrowed from number to integer'],
      ['tool-output-compatible', '/observedOutput/shape/properties/station/required', 'field "station.elevation" is now in every result'],
      ['tool-output-compatible', '/observedOutput/shape/properties/updated', 'field "updated" was added'],
    ]);
  });

  it('marks every change as observed', () => {
    const changes = diffObservedOutput('tool', v1, v2);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((change) => change.data?.observed === true)).toBe(true);
  });

  it('reports nothing for an equal observation', () => {
    expect(diffObservedOutput('tool', v1, structuredClone(v1))).toEqual([]);
  });

  it('takes no lack of evidence for a change: an array seen only empty, or fields under a type that changed', () => {
    const full = observation(shape({ rows: [{ n: 1 }] }));
    const empty = observation(shape({ rows: [] }));
    expect(classified(full, empty)).toEqual([]);
    expect(classified(empty, full)).toEqual([]);
    const record = observation(shape({ owner: { name: 'a', id: 1 } }));
    const text = observation(shape({ owner: 'a' }));
    expect(classified(record, text)).toEqual([
      ['tool-output-breaking', '/observedOutput/shape/properties/owner/type', 'field "owner": type changed from object to string'],
    ]);
  });

  it('a poorer source breaks, a richer one is compatible; content block types removed break, added are compatible', () => {
    const structured = observation(shape({ a: 1 }));
    const text = observation(shape({ a: 1 }), 'text');
    expect(classified(structured, text)).toEqual([
      ['tool-output-breaking', '/observedOutput/source', 'results now carry JSON in text content, not structuredContent'],
    ]);
    expect(classified(text, structured)).toEqual([
      ['tool-output-compatible', '/observedOutput/source', 'results now carry structuredContent, not JSON in text content'],
    ]);
    const withImage = observation(shape({ a: 1 }), 'structuredContent', ['image', 'text']);
    expect(classified(withImage, structured)).toEqual([['tool-output-breaking', '/observedOutput/content', 'no content block of type "image" any more']]);
    expect(classified(structured, withImage)).toEqual([['tool-output-compatible', '/observedOutput/content', 'now also content blocks of type "image"']]);
  });
});

describe('observedOutput in the lockfile', () => {
  const observed: ObservedOutput = { calls: 3, source: 'structuredContent', content: ['text'], shape: inferShape([{ b: [{ x: 1 }], a: 'x' }]) };
  const bytes = (value: unknown) => serializeLockfile(lockfile({ tools: [tool('t', { observedOutput: value as ObservedOutput })] }));

  it('round-trips with sorted keys', () => {
    const text = bytes(observed);
    expect(parseLockfile(text, 'mcpact.lock.json').tools[0]?.observedOutput).toEqual(observed);
    expect(text.indexOf('"calls"')).toBeLessThan(text.indexOf('"content"'));
    expect(text.indexOf('"properties"')).toBeLessThan(text.indexOf('"required"'));
  });

  it.each([
    ['a value keyword in a shape', { ...observed, shape: { type: 'string', enum: ['secret'] } }, /observedOutput\.shape: Unrecognized key/],
    ['more calls than output_samples allows', { ...observed, calls: 1_000_000 }, /observedOutput\.calls/],
    ['an unknown source', { ...observed, source: 'html' }, /observedOutput\.source/],
  ])('refuses %s', (_name, value, message) => {
    expect(() => parseLockfile(bytes(value), 'mcpact.lock.json')).toThrow(message);
  });
});
