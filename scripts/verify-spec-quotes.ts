/**
 * Checks every spec quote of the rules against the specification itself: a checkout of
 * github.com/modelcontextprotocol/modelcontextprotocol (its docs/specification/<revision>/ pages and
 * schema/<revision>/schema.ts). Not part of `npm test`, which never reaches the network; run it when a quote or a
 * revision changes:
 *
 *   git clone --depth 1 https://github.com/modelcontextprotocol/modelcontextprotocol /tmp/mcp-spec
 *   npm run build --silent && node dist/scripts/verify-spec-quotes.js /tmp/mcp-spec
 *
 * For each revision of each rule it checks that the page and anchor of `section` exist, that the quote occurs
 * verbatim in that section (schema quotes: in the declaration of schema.ts they name), that it is at most 300
 * characters, and that a prose quote with a keyword other than `none` contains that keyword.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_REVISIONS, type RuleSpec, type SpecText } from '../src/model/spec.js';
import { ALL_RULES } from '../src/rules/index.js';
import { SUITE_SPECS } from '../src/rules/suites/cases.js';
import { DECLARE_SPECS } from '../src/rules/protocol/capability-consistency.js';
import { occursIn, renderPage, schemaDeclaration, type RenderedPage } from './spec-text.js';

/** `Type.field: declaration` or `Type: text`: a quote of schema.ts. */
const SCHEMA_QUOTE = /^([A-Z]\w*)(?:\.(\w+\??))?: (.+)$/s;

export function verify(root: string, specs: readonly { id: string; spec: RuleSpec }[]): string[] {
  const pages = new Map<string, RenderedPage | undefined>();
  const page = (revision: string, path: string) => {
    const key = `${revision}/${path}`;
    if (!pages.has(key)) {
      const base = join(root, 'docs/specification', revision, path);
      const file = [`${base}.mdx`, join(base, 'index.mdx')].find((candidate) => existsSync(candidate));
      pages.set(key, file === undefined ? undefined : renderPage(readFileSync(file, 'utf8')));
    }
    return pages.get(key);
  };
  const schemas = new Map<string, string>();
  const schema = (revision: string) => {
    if (!schemas.has(revision)) schemas.set(revision, readFileSync(join(root, 'schema', revision, 'schema.ts'), 'utf8'));
    return schemas.get(revision)!;
  };

  const problems: string[] = [];
  for (const { id, spec } of specs) {
    for (const revision of KNOWN_REVISIONS) {
      const text: SpecText | 'absent' = spec.texts[revision];
      if (text === 'absent') continue;
      const at = (problem: string) => problems.push(`${id} ${revision}: ${problem}`);
      if (text.quote.length > 300) at(`quote is ${text.quote.length} characters (at most 300)`);
      const [path, anchor] = text.section.split('#') as [string, string | undefined];
      const rendered = page(revision, path);
      if (!rendered) {
        at(`no page ${path}`);
        continue;
      }
      const section = anchor === undefined ? { text: rendered.text } : rendered.sections.find((candidate) => candidate.anchor === anchor);
      if (!section) {
        at(`no anchor #${anchor} on ${path}`);
        continue;
      }
      const schemaQuote = SCHEMA_QUOTE.exec(text.quote);
      if (text.keyword === 'SCHEMA' || (schemaQuote && !occursIn(text.quote, section.text))) {
        if (!schemaQuote) {
          at(`SCHEMA quote is neither "Type.field: declaration" nor "Type: text": ${text.quote}`);
          continue;
        }
        const [, type, field, rest] = schemaQuote as unknown as [string, string, string | undefined, string];
        const declaration = schemaDeclaration(schema(revision), type);
        if (!declaration) {
          at(`schema.ts declares no ${type}`);
          continue;
        }
        const wanted = field === undefined ? rest : `${field}: ${rest}`;
        if (!occursIn(wanted, declaration.code) && !occursIn(wanted, declaration.withComments)) at(`not in ${type} of schema.ts: ${wanted}`);
        continue;
      }
      if (!occursIn(text.quote, section.text)) at(`not in ${text.section}: ${text.quote}`);
      if (text.keyword !== 'none' && !new RegExp(`\\b${text.keyword}\\b`).test(text.quote)) at(`quote does not contain its keyword ${text.keyword}`);
    }
  }
  return problems;
}

// Run as a script; imported (by a test), only verify() is wanted.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv[2]);

function main(root: string | undefined): void {
  if (root === undefined) {
    process.stderr.write('usage: node dist/scripts/verify-spec-quotes.js <checkout of modelcontextprotocol/modelcontextprotocol>\n');
    process.exitCode = 2;
    return;
  }
  const specs = [
    ...ALL_RULES.flatMap((rule) => (rule.spec ? [{ id: rule.id, spec: rule.spec }] : [])),
    ...Object.entries(SUITE_SPECS).map(([kind, spec]) => ({ id: `suites/cases (${kind})`, spec })),
    ...Object.entries(DECLARE_SPECS).map(([capability, spec]) => ({ id: `protocol/capability-consistency (${capability})`, spec })),
  ];
  const problems = verify(root, specs);
  for (const problem of problems) process.stdout.write(`${problem}\n`);
  process.stdout.write(`${specs.length} specs checked, ${problems.length} problem(s)\n`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
