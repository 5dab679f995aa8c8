/**
 * docs/drift.md carries the change-id table generated from the classification table; this keeps it current.
 * MCPACT_UPDATE_DOCS=1 rewrites the section in place instead of failing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changeTableMarkdown } from '../../src/drift/changes.js';

const FILE = new URL('../../docs/drift.md', import.meta.url);
const START = /<!-- change-table:start[^>]*-->\n/;
const END = '<!-- change-table:end -->';

describe('docs/drift.md', () => {
  it('has the current change-id table', () => {
    const text = readFileSync(FILE, 'utf8');
    const start = START.exec(text);
    const end = text.indexOf(END);
    expect(start, 'docs/drift.md lost its change-table markers').not.toBeNull();
    const from = start!.index + start![0].length;
    const current = text.slice(from, end);
    const wanted = changeTableMarkdown();
    if (current !== wanted && process.env.MCPACT_UPDATE_DOCS === '1') writeFileSync(FILE, text.slice(0, from) + wanted + text.slice(end));
    else expect(current, 'refresh with MCPACT_UPDATE_DOCS=1 npx vitest run test/drift/docs.test.ts').toBe(wanted);
  });
});
