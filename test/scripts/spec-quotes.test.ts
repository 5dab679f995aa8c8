/** The quote checker of scripts/verify-spec-quotes.ts, on a two-file stand-in for a checkout of the specification. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ABSENT, type RuleSpec, type SpecText } from '../../src/model/spec.js';
import { normalizeInline, occursIn, renderPage, schemaDeclaration, slug } from '../../scripts/spec-text.js';
import { verify } from '../../scripts/verify-spec-quotes.js';

const PAGE = `---
title: Tools
---

<div id="enable-section-numbers" />

## Security Considerations

1. Servers **MUST**:
   - Validate all tool inputs
   - Rate limit tool invocations

\`\`\`json
{ "Servers MUST": "not a quote" }
\`\`\`

## Tool Names

- Tool names **SHOULD** be unique within a server.
- See [the schema](/specification/2025-11-25/schema#tool), with \`name\` and an \\_escape\\_.

### Examples

getUser
`;

const SCHEMA = `/**
 * Definition for a tool the client can call.
 */
export interface Tool extends BaseMetadata {
  /**
   * A human-readable description of the tool.
   */
  description?: string;
  inputSchema: {
    type: "object";
    properties?: { [key: string]: object };
  };
}
`;

const root = mkdtempSync(join(tmpdir(), 'mcpact-spec-'));
mkdirSync(join(root, 'docs/specification/2025-11-25/server'), { recursive: true });
mkdirSync(join(root, 'schema/2025-11-25'), { recursive: true });
writeFileSync(join(root, 'docs/specification/2025-11-25/server/tools.mdx'), PAGE);
writeFileSync(join(root, 'schema/2025-11-25/schema.ts'), SCHEMA);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function spec(text: SpecText): { id: string; spec: RuleSpec } {
  return {
    id: 'test/rule',
    spec: { texts: { '2025-11-25': text, '2025-06-18': ABSENT, '2025-03-26': ABSENT, '2024-11-05': ABSENT } },
  };
}
const text = (keyword: SpecText['keyword'], section: string, quote: string): SpecText => ({ keyword, binds: 'server', section, quote });

describe('the text of a spec page', () => {
  const page = renderPage(PAGE);
  it('has an anchor per heading with the text up to the next heading of its level, and no code blocks', () => {
    expect(page.sections.map((section) => section.anchor)).toEqual(['security-considerations', 'tool-names', 'examples']);
    expect(page.sections[1]!.text).toContain('Examples getUser');
    expect(page.sections[0]!.text).toContain('Servers MUST: Validate all tool inputs Rate limit tool invocations');
    expect(page.sections[0]!.text).not.toContain('Tool names SHOULD be unique');
    expect(page.text).not.toContain('not a quote');
  });
  it('drops emphasis, link targets and escapes, and keeps code spans', () => {
    expect(normalizeInline('See [the schema](/x#y), with `name` and an \\_escape\\_, **MUST**\n  _latest_.')).toBe(
      'See the schema, with `name` and an _escape_, MUST latest.',
    );
    expect(slug('Sending Messages to the Server')).toBe('sending-messages-to-the-server');
    expect(slug('`Tool`')).toBe('tool');
  });
  it('finds quotes as whole words, with " … " for words left out', () => {
    expect(occursIn('Servers MUST: … Rate limit tool invocations', page.text)).toBe(true);
    expect(occursIn('Servers MUST: Validate all tool input', page.text)).toBe(false);
    expect(occursIn('Servers MUST validate all tool inputs', page.text)).toBe(false);
  });
  it('reads a declaration of schema.ts with and without its comments', () => {
    const tool = schemaDeclaration(SCHEMA, 'Tool')!;
    expect(tool.code).toContain('inputSchema: { type: "object"; properties?: { [key: string]: object }; }');
    expect(tool.withComments).toContain('A human-readable description of the tool. description?: string;');
    expect(schemaDeclaration(SCHEMA, 'Prompt')).toBeUndefined();
  });
});

describe('verify', () => {
  it('accepts verbatim quotes of the page and the schema', () => {
    const good = [
      spec(text('MUST', 'server/tools#security-considerations', 'Servers MUST: Validate all tool inputs')),
      spec(text('SHOULD', 'server/tools#tool-names', 'Tool names SHOULD be unique within a server.')),
      spec(text('SCHEMA', 'server/tools#tool-names', 'Tool.inputSchema: { type: "object"; … }')),
      spec(text('none', 'server/tools', 'Tool: A human-readable description of the tool.')),
    ];
    expect(verify(root, good)).toEqual([]);
  });
  it('names every quote that is not in its section, a missing page or anchor, and a keyword the quote lacks', () => {
    const bad = [
      spec(text('SHOULD', 'server/tools#security-considerations', 'Tool names SHOULD be unique within a server.')),
      spec(text('MUST', 'server/tools#error-handling', 'x')),
      spec(text('MUST', 'server/prompts', 'x')),
      spec(text('SHOULD', 'server/tools#security-considerations', 'Servers MUST: Validate all tool inputs')),
      spec(text('SCHEMA', 'server/tools', 'Tool.inputSchema: { type: "string"; }')),
      spec(text('SCHEMA', 'server/tools', 'Prompt.name: string')),
      spec(text('none', 'server/tools', 'x'.repeat(301))),
    ];
    expect(verify(root, bad)).toEqual([
      'test/rule 2025-11-25: not in server/tools#security-considerations: Tool names SHOULD be unique within a server.',
      'test/rule 2025-11-25: no anchor #error-handling on server/tools',
      'test/rule 2025-11-25: no page server/prompts',
      'test/rule 2025-11-25: quote does not contain its keyword SHOULD',
      'test/rule 2025-11-25: not in Tool of schema.ts: inputSchema: { type: "string"; }',
      'test/rule 2025-11-25: schema.ts declares no Prompt',
      'test/rule 2025-11-25: quote is 301 characters (at most 300)',
      `test/rule 2025-11-25: not in server/tools: ${'x'.repeat(301)}`,
    ]);
  });
});
