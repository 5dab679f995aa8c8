/**
 * The host table is data stated once (src/rules/compat/hosts.ts) and docs/compat.md renders it by hand: every
 * limit there must cite a source with its sentence and the day it was read, and the page must show each of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_IDS } from '../../../src/config/compat.js';
import { HOSTS, type Limit } from '../../../src/rules/compat/hosts.js';

const page = readFileSync(new URL('../../../docs/compat.md', import.meta.url), 'utf8');
const limits = HOST_IDS.flatMap((id) =>
  (['toolName', 'toolCount'] as const).flatMap((constraint) => {
    const limit: Limit | undefined = HOSTS[id][constraint];
    return limit === undefined ? [] : [[`${id} ${constraint}`, limit] as const];
  }),
);

describe('host limits', () => {
  it('every known host has at least one documented limit (an id that judges nothing would be an option ignored)', () => {
    for (const id of HOST_IDS) expect(HOSTS[id].toolName ?? HOSTS[id].toolCount, id).toBeDefined();
  });

  it.each(limits)('%s cites a source: a URL, the sentence, the day it was read', (_name, { source }) => {
    expect(source.url).toMatch(/^https:\/\//);
    expect(source.quote.length).toBeGreaterThan(20);
    expect(source.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (source.dated !== undefined) expect(source.dated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each(limits)('%s is shown in docs/compat.md with its source, its sentence and the day it was read', (_name, { source }) => {
    expect(page).toContain(source.url);
    // The page marks a regex as code; the sentence is otherwise verbatim.
    expect(page.replaceAll('`', '')).toContain(source.quote);
    expect(page).toContain(source.read);
    if (source.dated !== undefined) expect(page).toContain(source.dated);
  });
});
