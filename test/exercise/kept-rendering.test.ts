import { describe, expect, it } from 'vitest';
import { KEPT_PROBLEM_KINDS, KEPT_ROLES, keptRendering, rolesDigest } from '../../src/exercise/prompts/kept-rendering.js';
import { render } from '../../src/exercise/prompts/render.js';

const text = (role: string, value: string) => ({ role, content: { type: 'text', text: value } });
const kept = (messages: unknown[], args: unknown = {}, whole = false) => keptRendering(render({ messages }), args, whole);

describe('keptRendering', () => {
  it('compares renderings by digest: equal messages, equal digests', () => {
    const a = kept([text('user', 'Hello'), text('assistant', 'Hi')]);
    expect(kept([text('user', 'Hello'), text('assistant', 'Hi')]).digest).toBe(a.digest);
    expect(kept([text('user', 'Hello'), text('assistant', 'Hi!')]).digest).not.toBe(a.digest);
    expect(a.roles).toEqual(['user', 'assistant']);
    expect(a.rolesDigest).toBe(rolesDigest(['user', 'assistant']));
    expect(a.whole).toBeUndefined();
  });

  it('keeps the first roles to show, and a digest of all of them', () => {
    const many = Array.from({ length: 1_000 }, (_, index) => text(index === 999 ? 'assistant' : 'user', 'x'));
    const rendering = kept(many);
    expect(rendering.roles).toHaveLength(KEPT_ROLES);
    expect(rendering.rolesDigest).not.toBe(kept(many.slice(0, 999).concat(text('user', 'x'))).rolesDigest);
  });

  it('says how the whole text carries each supplied value, and counts the markers in it', () => {
    const rendering = kept([...Array.from({ length: 5_000 }, () => text('user', 'filler')), text('user', 'Topic: a&b, a&b; {{other}} null')], {
      topic: 'a&b',
      other: 'absent',
      count: 3,
    });
    expect(rendering.carried.get('topic')).toEqual({ appears: true, occurrences: 2 });
    expect(rendering.carried.get('other')).toEqual({ appears: false, occurrences: 0 });
    expect(rendering.carried.has('count')).toBe(false);
    expect(rendering.markers.get('{{…}}')).toBe(1);
    expect(rendering.markers.get('null')).toBe(1);
    expect(rendering.markers.get('undefined')).toBe(0);
  });

  it('keeps the first shape problem of each kind, and at most a hundred kinds', () => {
    const rendering = kept([...Array.from({ length: 1_000 }, (_, index) => text(`role${index % 300}`, 'x')), text('user', 'x'), 'junk']);
    expect(rendering.problems).toHaveLength(KEPT_PROBLEM_KINDS);
    expect(rendering.problems[0]).toEqual({ pointer: '/messages/0/role', message: 'role must be "user" or "assistant", got "role0"' });
    const twice = kept([text('bad', 'x'), text('bad', 'y'), 'junk', 'junk']);
    expect(twice.problems.map((problem) => problem.pointer)).toEqual(['/messages/0/role', '/messages/2']);
  });

  it('keeps the messages and the text only where asked (prompts/expectations)', () => {
    const messages = [text('user', 'Hello')];
    expect(kept(messages, {}, true).whole).toEqual({ messages, text: 'Hello' });
  });
});
