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
 *
 * Rules that rest on an extension (the MCP Apps rules) quote that extension's own document; give a checkout of
 * its repository as the second argument (github.com/modelcontextprotocol/ext-apps), or they are listed as not
 * checked ('' skips an argument to give a later one):
 *
 *   node dist/scripts/verify-spec-quotes.js /tmp/mcp-spec /tmp/ext-apps
 *
 * The Tasks rules quote SEP-2663 (seps/2663-tasks-extension.md of github.com/modelcontextprotocol/ext-tasks), the
 * third argument:
 *
 *   node dist/scripts/verify-spec-quotes.js /tmp/mcp-spec /tmp/ext-apps /tmp/ext-tasks
 *
 * The Skills rules quote the stable text of github.com/modelcontextprotocol/ext-skills, the fourth argument:
 *
 *   node dist/scripts/verify-spec-quotes.js /tmp/mcp-spec /tmp/ext-apps /tmp/ext-tasks /tmp/ext-skills
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENSIONS, QUOTED_REVISIONS, type RuleSpec, type SpecText } from '../src/model/spec.js';
import { ALL_RULES } from '../src/rules/index.js';
import { occursIn, renderPage, schemaDeclaration, type RenderedPage } from './spec-text.js';

/** `Type.field: declaration` or `Type: text`: a quote of schema.ts. */
const SCHEMA_QUOTE = /^([A-Z]\w*)(?:\.(\w+\??))?: (.+)$/s;

export function verify(root: string, specs: readonly { id: string; spec: RuleSpec }[], extensionRoots: Partial<Record<string, string>> = {}): string[] {
  const pages = new Map<string, RenderedPage | undefined>();
  const page = (revision: string, path: string, spec: RuleSpec) => {
    const key = `${spec.extension ?? ''}${revision}/${path}`;
    if (!pages.has(key)) {
      // An extension's rules quote one document of its repository; `section` is an anchor of it.
      const extensionRoot = spec.extension === undefined ? undefined : extensionRoots[spec.extension];
      const base = extensionRoot === undefined ? join(root, 'docs/specification', revision, path) : undefined;
      const candidates = base === undefined ? [join(extensionRoot!, EXTENSIONS[spec.extension!].path)] : [`${base}.mdx`, join(base, 'index.mdx')];
      const file = candidates.find((candidate) => existsSync(candidate));
      pages.set(key, file === undefined ? undefined : renderPage(readFileSync(file, 'utf8')));
    }
    return pages.get(key);
  };
  const schemas = new Map<string, string>();
  const schema = (revision: string, spec: RuleSpec) => {
    const extension = spec.extension;
    const key = extension ?? revision;
    if (!schemas.has(key)) {
      // An extension declares its types in TypeScript blocks of its document (not exported): read them as schema.ts.
      const source =
        extension === undefined
          ? readFileSync(join(root, 'schema', revision, 'schema.ts'), 'utf8')
          : readFileSync(join(extensionRoots[extension]!, EXTENSIONS[extension].path), 'utf8').replace(/^(\s*)(interface|type) /gm, '$1export $2 ');
      schemas.set(key, source);
    }
    return schemas.get(key)!;
  };

  const problems: string[] = [];
  for (const { id, spec } of specs) {
    if (spec.extension !== undefined && extensionRoots[spec.extension] === undefined) {
      problems.push(`${id}: not checked, it quotes ${spec.extension} (give a checkout of its specification repository)`);
      continue;
    }
    for (const revision of QUOTED_REVISIONS) {
      const text: SpecText | 'absent' | undefined = spec.texts[revision];
      if (text === undefined || text === 'absent') continue;
      const at = (problem: string) => problems.push(`${id} ${revision}: ${problem}`);
      if (text.quote.length > 300) at(`quote is ${text.quote.length} characters (at most 300)`);
      const [path, anchor] = text.section.split('#') as [string, string | undefined];
      const rendered = page(revision, path, spec);
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
      // A SCHEMA text quotes schema.ts, or the prose sentence of its section that makes schema.ts the source of truth.
      const schemaProse = text.keyword === 'SCHEMA' && !schemaQuote && occursIn(text.quote, section.text);
      if ((text.keyword === 'SCHEMA' && !schemaProse) || (schemaQuote && !occursIn(text.quote, section.text))) {
        if (!schemaQuote) {
          at(`SCHEMA quote is neither "Type.field: declaration" nor "Type: text": ${text.quote}`);
          continue;
        }
        const [, type, field, rest] = schemaQuote as unknown as [string, string, string | undefined, string];
        const declaration = schemaDeclaration(schema(revision, spec), type);
        if (!declaration) {
          at(`schema.ts declares no ${type}`);
          continue;
        }
        const wanted = field === undefined ? rest : `${field}: ${rest}`;
        if (!occursIn(wanted, declaration.code) && !occursIn(wanted, declaration.withComments)) at(`not in ${type} of schema.ts: ${wanted}`);
        continue;
      }
      if (!occursIn(text.quote, section.text)) at(`not in ${text.section}: ${text.quote}`);
      if (text.keyword !== 'none' && !schemaProse && !new RegExp(`\\b${text.keyword}\\b`).test(text.quote))
        at(`quote does not contain its keyword ${text.keyword}`);
    }
  }
  return problems;
}

// Run as a script; imported (by a test), only verify() is wanted.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  main(process.argv[2], process.argv[3], process.argv[4], process.argv[5]);

function main(root: string | undefined, extApps: string | undefined, extTasks: string | undefined, extSkills: string | undefined): void {
  if (root === undefined) {
    process.stderr.write(
      'usage: node dist/scripts/verify-spec-quotes.js <checkout of modelcontextprotocol/modelcontextprotocol> [<checkout of ext-apps> [<checkout of ext-tasks> [<checkout of ext-skills>]]]\n',
    );
    process.exitCode = 2;
    return;
  }
  const specs = [
    ...ALL_RULES.flatMap((rule) => (rule.spec ? [{ id: rule.id, spec: rule.spec }] : [])),
    ...ALL_RULES.flatMap((rule) => Object.entries(rule.alsoQuotes ?? {}).map(([what, spec]) => ({ id: `${rule.id} (${what})`, spec }))),
  ];
  const extensionRoots = {
    ...(extApps !== undefined && extApps !== '' && { 'io.modelcontextprotocol/ui': extApps }),
    ...(extTasks !== undefined && extTasks !== '' && { 'io.modelcontextprotocol/tasks': extTasks }),
    ...(extSkills !== undefined && { 'io.modelcontextprotocol/skills': extSkills }),
  };
  const problems = verify(root, specs, extensionRoots);
  for (const problem of problems) process.stdout.write(`${problem}\n`);
  process.stdout.write(`${specs.length} specs checked, ${problems.length} problem(s)\n`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
