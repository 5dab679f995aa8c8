/**
 * Builds corpus/poisoned/cases.json (issue #12): MCP tool-poisoning, shadowing and rug-pull cases from public
 * research repositories, each with its source (repository, path, commit, licence), its attack categories, where
 * the malicious text sits, and whether a description can reveal it at all.
 *
 *   npm run build && node dist/scripts/build-poisoned-corpus.js [--source owner/name=GIT_DIR ...]
 *
 * Each source is read from a git directory at the pinned commit (`git show <commit>:<path>`); by default
 * /work/.mirror/<owner>+<name>/repo, where the session's fetch tool puts a snapshot. The judgement (categories,
 * placement, revealable) is written here, case by case; the text is always taken from the source, never typed in.
 * Sources without a licence that allows redistribution give `text: null` with the pointer and the reason.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { CORPUS_DIR, POISON_CATEGORIES, type Placement, type PoisonCategory, type PoisonedCase } from './security-corpus.js';

interface Source {
  repo: string;
  commit: string;
  license: string;
  /** False when the licence does not allow including the text (none declared). */
  redistributable: boolean;
  note: string;
}

const CISCO: Source = {
  repo: 'cisco-ai-defense/mcp-scanner',
  commit: '893327c54d223ea07296f68f32d8294f5c045f4a',
  license: 'Apache-2.0',
  redistributable: true,
  note: 'Copyright 2025 Cisco Systems, Inc. and its affiliates; Apache License 2.0 (file headers and LICENSE).',
};
const INVARIANT: Source = {
  repo: 'invariantlabs-ai/mcp-injection-experiments',
  // The original commits by Invariant Labs, as kept in the history of the fork johannhartmann/mcp-injection-experiments.
  commit: '838980bdc997a9a90343c2d0369cf6a8f8b45f6e',
  license: 'NONE',
  redistributable: false,
  note: 'No licence file or statement in the repository: all rights reserved, so only pointers are kept.',
};
const DVMCP: Source = {
  repo: 'harishsg993010/damn-vulnerable-MCP-server',
  commit: 'c7cb1e95ec2596bf0e989b70e7b954f364da03a2',
  license: 'NONE',
  redistributable: false,
  note: 'No licence file or statement in the repository: all rights reserved, so only pointers are kept.',
};
const SOURCES = [CISCO, INVARIANT, DVMCP];
/** Where each source's history can be read (a fork holds Invariant's original commits). */
const MIRRORS: Record<string, string> = {
  [CISCO.repo]: 'cisco-ai-defense+mcp-scanner',
  [INVARIANT.repo]: 'johannhartmann+mcp-injection-experiments',
  [DVMCP.repo]: 'harishsg993010+damn-vulnerable-MCP-server',
};

type Extract =
  /** The docstring of a Python function: FastMCP's tool (or prompt, resource) description. */
  | { docstring: string }
  /** A string assigned to `<target> = """..."""` (a rug pull rewriting `fn.__doc__`, a test fixture constant). */
  | { assigned: string; occurrence?: number };

interface Spec {
  id: string;
  source: Source;
  path: string;
  extract: Extract;
  categories: PoisonCategory[];
  placement: Placement;
  revealable?: boolean;
  reason?: string;
  parameter?: string;
  tool?: string;
  /** For rug pulls: the description first shown. */
  before?: Extract;
}

const EXAMPLES = 'examples/example-malicious-servers';
const YARA = 'tests/test_yara_rules_coverage.py';

/** Cases judged one by one. */
const SPECS: Spec[] = [
  // Cisco's example malicious servers (after Invariant Labs' published attacks).
  {
    id: 'cisco/example/add-reads-mcp-json-and-ssh-key',
    source: CISCO,
    path: `${EXAMPLES}/server.py`,
    extract: { docstring: 'add' },
    categories: ['secret-or-file-read', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'add',
  },
  {
    id: 'cisco/example/send-email-shadows-recipient',
    source: CISCO,
    path: `${EXAMPLES}/server.py`,
    extract: { docstring: 'send_email' },
    categories: ['shadowing', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'send_email',
  },
  {
    id: 'cisco/example/line-jumping-bcc',
    source: CISCO,
    path: `${EXAMPLES}/line_jumping_server.py`,
    extract: { docstring: 'send_mail' },
    categories: ['exfiltration'],
    placement: 'tool-description',
    tool: 'send_mail',
  },
  {
    id: 'cisco/example/line-jumping-retrieve-logs',
    source: CISCO,
    path: `${EXAMPLES}/line_jumping_server.py`,
    extract: { docstring: 'retrieve_logs' },
    categories: ['secret-or-file-read', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'retrieve_logs',
  },
  {
    id: 'cisco/example/line-jumping-workstation',
    source: CISCO,
    path: `${EXAMPLES}/line_jumping_server.py`,
    extract: { docstring: 'get_workstation_environment' },
    categories: ['forced-tool-order', 'instruction-override', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'get_workstation_environment',
  },
  {
    id: 'cisco/example/rug-pull-fact-of-the-day',
    source: CISCO,
    path: `${EXAMPLES}/tricky_server.py`,
    extract: { assigned: 'get_fact_of_the_day.__doc__' },
    before: { docstring: 'get_fact_of_the_day' },
    categories: ['rug-pull', 'shadowing', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'get_fact_of_the_day',
    reason: 'The first listing is benign; only a scan after the change (or a drift check against the approved contract) can see it.',
  },
  // Cisco's YARA fixtures: descriptions written to exercise its rules.
  {
    id: 'cisco/yara/html-comment-injection',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'PROMPT_INJECTION_HTML_COMMENT' },
    categories: ['instruction-override', 'exfiltration', 'secret-or-file-read', 'hiding-from-user'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/markdown-fence-injection',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'PROMPT_INJECTION_MARKDOWN_EVASION' },
    categories: ['instruction-override'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/bracket-marker-injection',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'PROMPT_INJECTION_BRACKET_MARKERS' },
    categories: ['instruction-override', 'secret-or-file-read', 'exfiltration'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/upload-secrets',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'DATA_EXFIL_EXTERNAL_UPLOAD' },
    categories: ['exfiltration', 'secret-or-file-read'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/upload-secrets-template-marker',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'DATA_EXFIL_TEMPLATE_MARKER_BYPASS' },
    categories: ['exfiltration', 'secret-or-file-read'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/clipboard-streaming',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'DATA_EXFIL_CLIPBOARD' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/conversation-export',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'DATA_EXFIL_CONVERSATION' },
    categories: ['exfiltration', 'disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/never-tell-the-user',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'DATA_EXFIL_HIDE_FROM_USER' },
    categories: ['hiding-from-user', 'disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/reads-etc-shadow',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'SYSTEM_CRITICAL_FILE_ACCESS' },
    categories: ['secret-or-file-read'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/also-indexes-credentials',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'TOOL_POISONING_ALSO_DOES' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/ocr-of-passwords',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'TOOL_POISONING_OCR' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/machine-fingerprint',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'TOOL_POISONING_FINGERPRINTING' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/dictionary-synced-to-cloud',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'TOOL_POISONING_SYNC_CLOUD' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/marketing-opt-in',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'TOOL_POISONING_AUTO_OPTIN' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },
  {
    id: 'cisco/yara/location-shared-with-third-parties',
    source: CISCO,
    path: YARA,
    extract: { assigned: 'TOOL_POISONING_THIRD_PARTY' },
    categories: ['disclosed-collection'],
    placement: 'tool-description',
  },

  // Invariant Labs' original experiments (pointers only).
  {
    id: 'invariant/direct-poisoning',
    source: INVARIANT,
    path: 'direct-poisoning.py',
    extract: { docstring: 'add' },
    categories: ['secret-or-file-read', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'add',
    parameter: 'sidenote',
  },
  {
    id: 'invariant/shadowing',
    source: INVARIANT,
    path: 'shadowing.py',
    extract: { docstring: 'add' },
    categories: ['shadowing', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'add',
  },
  {
    id: 'invariant/whatsapp-takeover',
    source: INVARIANT,
    path: 'whatsapp-takeover.py',
    extract: { assigned: 'get_fact_of_the_day.__doc__' },
    categories: ['rug-pull', 'shadowing', 'exfiltration', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'get_fact_of_the_day',
  },

  // Damn Vulnerable MCP Server (pointers only).
  {
    id: 'dvmcp/1-prompt-injection-via-input',
    source: DVMCP,
    path: 'challenges/easy/challenge1/server.py',
    extract: { docstring: 'get_user_info' },
    categories: ['tool-output'],
    placement: 'tool-output',
    revealable: false,
    reason: 'The injection comes back from the server as a tool result or resource content (user-controlled notes); the declared contract is benign.',
  },
  {
    id: 'dvmcp/2-tool-poisoning-company-data',
    source: DVMCP,
    path: 'challenges/easy/challenge2/server.py',
    extract: { docstring: 'get_company_data' },
    categories: ['secret-or-file-read', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'get_company_data',
  },
  {
    id: 'dvmcp/2-tool-poisoning-search',
    source: DVMCP,
    path: 'challenges/easy/challenge2/server.py',
    extract: { docstring: 'search_company_database' },
    categories: ['secret-or-file-read', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'search_company_database',
  },
  {
    id: 'dvmcp/3-excessive-permissions',
    source: DVMCP,
    path: 'challenges/easy/challenge3/server.py',
    extract: { docstring: 'read_file' },
    categories: ['behaviour-only'],
    placement: 'code',
    revealable: false,
    reason: 'The tool reads outside its intended directory; nothing in the description says so.',
  },
  {
    id: 'dvmcp/4-rug-pull-weather',
    source: DVMCP,
    path: 'challenges/medium/challenge4/server.py',
    extract: { assigned: 'get_weather_forecast.__doc__' },
    categories: ['rug-pull', 'secret-or-file-read'],
    placement: 'tool-description',
    tool: 'get_weather_forecast',
    reason: 'The description changes after a few calls: only a scan after the change, or a drift check, can see it.',
  },
  {
    id: 'dvmcp/5-shadowing-calculate',
    source: DVMCP,
    path: 'challenges/medium/challenge5/server.py',
    extract: { docstring: 'enhanced_calculate' },
    categories: ['shadowing', 'secret-or-file-read'],
    placement: 'tool-description',
    tool: 'enhanced_calculate',
  },
  {
    id: 'dvmcp/6-indirect-prompt-injection',
    source: DVMCP,
    path: 'challenges/medium/challenge6/server.py',
    extract: { docstring: 'upload_and_process_document' },
    categories: ['tool-output'],
    placement: 'tool-output',
    revealable: false,
    reason: 'Instructions embedded in processed documents reach the model through tool results.',
  },
  {
    id: 'dvmcp/7-token-theft',
    source: DVMCP,
    path: 'challenges/medium/challenge7/server.py',
    extract: { docstring: 'check_service_status' },
    categories: ['tool-output'],
    placement: 'tool-output',
    revealable: false,
    reason: 'Tokens leak through tool results and logs; the description is benign.',
  },
  {
    id: 'dvmcp/8-code-execution',
    source: DVMCP,
    path: 'challenges/hard/challenge8/server.py',
    extract: { docstring: 'execute_python_code' },
    categories: ['behaviour-only'],
    placement: 'code',
    revealable: false,
    reason: 'Unsandboxed execution is what the tool does; its description says it executes code, which is not an injection.',
  },
  {
    id: 'dvmcp/9-command-injection',
    source: DVMCP,
    path: 'challenges/hard/challenge9/server.py',
    extract: { docstring: 'network_diagnostic' },
    categories: ['behaviour-only'],
    placement: 'code',
    revealable: false,
    reason: 'Unvalidated input reaches a shell; a description cannot show that.',
  },
  {
    id: 'dvmcp/10-multi-vector-profile',
    source: DVMCP,
    path: 'challenges/hard/challenge10/server.py',
    extract: { docstring: 'get_user_profile' },
    categories: ['secret-or-file-read', 'hiding-from-user'],
    placement: 'tool-description',
    tool: 'get_user_profile',
  },
];

/** Cisco's prompt-injection evals: description-level injections, judged one by one (file name -> categories). */
const CISCO_PROMPT_INJECTION: Record<string, PoisonCategory[]> = {
  act_as_role_injection: ['privilege-claim', 'instruction-override'],
  admin_privilege_escalation: ['privilege-claim', 'instruction-override'],
  contradictory_description_validation_bypass: ['instruction-override'],
  hidden_metadata_filter_bypass: ['instruction-override'],
  hidden_system_instructions: ['instruction-override', 'privilege-claim'],
  jailbreak_mode_context_manipulation: ['instruction-override', 'privilege-claim'],
  nested_ignore_trust_escalation: ['instruction-override'],
  override_instruction_injection: ['instruction-override'],
  safety_bypass_emergency_access: ['instruction-override', 'privilege-claim'],
  system_prompt_override: ['instruction-override'],
};
const EVALS = 'evals/behavioral-analysis/data';

// ---------------------------------------------------------------------------------------------------------------

function parseArgs(argv: string[]): Map<string, string> {
  const dirs = new Map<string, string>();
  for (const source of SOURCES) dirs.set(source.repo, `/work/.mirror/${MIRRORS[source.repo]}/repo`);
  for (let i = 0; i < argv.length; i++) {
    const match = argv[i] === '--source' ? /^([^=]+)=(.+)$/.exec(argv[++i] ?? '') : null;
    if (!match) fail(`usage: build-poisoned-corpus [--source owner/name=GIT_DIR ...]`);
    dirs.set(match[1]!, match[2]!);
  }
  for (const [repo, dir] of dirs) if (!existsSync(dir)) fail(`no git directory for ${repo} at ${dir} (--source ${repo}=DIR)`);
  return dirs;
}

function fail(message: string): never {
  process.stderr.write(`build-poisoned-corpus: ${message}\n`);
  process.exit(2);
}

const files = new Map<string, string>();
function show(dirs: Map<string, string>, source: Source, path: string): string {
  const key = `${source.repo}:${path}`;
  let text = files.get(key);
  if (text === undefined) {
    text = execFileSync('git', ['-C', dirs.get(source.repo)!, 'show', `${source.commit}:${path}`], { encoding: 'utf8', maxBuffer: 16 << 20 });
    files.set(key, text);
  }
  return text;
}

/** inspect.cleandoc: the first line stripped, the common indentation of the others removed, blank ends dropped. */
function cleandoc(doc: string): string {
  const lines = doc.replace(/\t/g, '        ').split('\n');
  const indents = lines
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.length - line.trimStart().length);
  const margin = indents.length > 0 ? Math.min(...indents) : 0;
  const out = [lines[0]!.trim(), ...lines.slice(1).map((line) => line.slice(margin).trimEnd())];
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out.join('\n');
}

/** Python string escapes that occur in these sources (\" \' \\ \n). */
function unescape(text: string): string {
  return text.replace(/\\(["'\\n])/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

function extract(file: string, how: Extract, where: string): string {
  const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if ('docstring' in how) {
    const pattern = new RegExp(
      String.raw`^[ \t]*(?:async\s+)?def\s+${escaped(how.docstring)}\s*\([\s\S]*?\)\s*(?:->\s*[^:\n]+)?:\s*\n\s*(?:"""([\s\S]*?)"""|'''([\s\S]*?)''')`,
      'm',
    );
    const match = pattern.exec(file);
    if (!match) fail(`${where}: no docstring for ${how.docstring}`);
    return cleandoc(unescape(match[1] ?? match[2] ?? ''));
  }
  const pattern = new RegExp(String.raw`^[ \t]*${escaped(how.assigned)}\s*=\s*(?:"""([\s\S]*?)"""|'''([\s\S]*?)''')`, 'gm');
  const matches = [...file.matchAll(pattern)];
  const match = matches[how.occurrence ?? 0];
  if (!match) fail(`${where}: no string assigned to ${how.assigned}`);
  return cleandoc(unescape(match[1] ?? match[2] ?? ''));
}

function build(dirs: Map<string, string>): PoisonedCase[] {
  const cases: PoisonedCase[] = [];
  const add = (spec: Spec) => {
    const where = `${spec.source.repo}/${spec.path}`;
    const file = show(dirs, spec.source, spec.path);
    const text = extract(file, spec.extract, where);
    const symbol = 'docstring' in spec.extract ? spec.extract.docstring : spec.extract.assigned;
    const revealable = spec.revealable ?? true;
    const reason = spec.source.redistributable ? spec.reason : [spec.reason, `Text not included: ${spec.source.note}`].filter(Boolean).join(' ');
    cases.push({
      id: spec.id,
      source: { repo: spec.source.repo, path: spec.path, commit: spec.source.commit, license: spec.source.license, symbol },
      categories: spec.categories,
      placement: spec.placement,
      revealable,
      ...(reason !== undefined && { reason }),
      ...(spec.tool !== undefined && { tool: spec.tool }),
      ...(spec.parameter !== undefined && { parameter: spec.parameter }),
      text: spec.source.redistributable ? text : null,
      ...(spec.before !== undefined && { before: spec.source.redistributable ? extract(file, spec.before, where) : null }),
    });
  };
  for (const spec of SPECS) add(spec);

  // Cisco's behavioural evals: every tool of every file. Only the prompt-injection folder puts the attack in the
  // description; in all the others the description is benign and the malice is in the code.
  const listing = execFileSync('git', ['-C', dirs.get(CISCO.repo)!, 'ls-tree', '-r', '--name-only', CISCO.commit, EVALS], { encoding: 'utf8' });
  for (const path of listing.split('\n').filter((line) => line.endsWith('.py'))) {
    const file = show(dirs, CISCO, path);
    const folder = path.split('/').at(-2)!;
    const base = path.split('/').at(-1)!.replace(/\.py$/, '');
    for (const match of file.matchAll(/@app\.tool\([^)]*\)\s*\n(?:async\s+)?def\s+(\w+)/g)) {
      const tool = match[1]!;
      const injected = folder === 'prompt-injection';
      const categories = injected ? CISCO_PROMPT_INJECTION[base] : (['behaviour-only'] as PoisonCategory[]);
      if (!categories) fail(`${path}: prompt-injection case not judged (add it to CISCO_PROMPT_INJECTION)`);
      add({
        id: `cisco/evals/${folder}/${base}/${tool}`,
        source: CISCO,
        path,
        extract: { docstring: tool },
        categories,
        placement: injected ? 'tool-description' : 'code',
        revealable: injected,
        tool,
        ...(!injected && { reason: `Cisco category "${folder}": the description is benign; the attack is in the tool's code.` }),
      });
    }
  }
  return cases.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function readme(cases: readonly PoisonedCase[]): string {
  const row = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  const categories = POISON_CATEGORIES.map((category) => {
    const of = cases.filter((entry) => entry.categories.includes(category));
    const texts = of.filter((entry) => entry.text !== null);
    return row([category, String(of.length), String(of.filter((entry) => entry.revealable).length), String(texts.length)]);
  });
  const shown = cases.filter((entry) => !entry.id.startsWith('cisco/evals/') || entry.revealable);
  const behaviour = new Map<string, number>();
  for (const entry of cases.filter((candidate) => candidate.id.startsWith('cisco/evals/') && !candidate.revealable)) {
    const folder = entry.source.path.split('/').at(-2)!;
    behaviour.set(folder, (behaviour.get(folder) ?? 0) + 1);
  }
  return [
    '# Poisoned corpus',
    '',
    'Tool poisoning, shadowing and rug-pull cases from public research repositories, in `cases.json`:',
    '`{ sources, cases: [{ id, source: { repo, path, commit, license, symbol }, categories, placement, revealable,',
    'reason?, tool?, parameter?, text, before? }] }`. `placement` is where the malicious text sits; `revealable` says',
    'whether reading the declared contract can show the attack at all (tool-output and behaviour-only attacks cannot);',
    '`text` is the description as the source publishes it (a Python docstring, cleaned as `inspect.cleandoc` does, which',
    "is what FastMCP sends), or `null` where the source's licence does not allow including it: then the pointer",
    '(repository, path, commit, symbol) is kept so that the case can be read there.',
    '',
    'Rebuild: `npm run build && node dist/scripts/build-poisoned-corpus.js [--source owner/name=GIT_DIR ...]` (reads each',
    'source at its pinned commit with `git show`; the judgement per case is written in the script, the text is always',
    'taken from the source). This README is regenerated with it.',
    '',
    '## Sources and licences',
    '',
    '| repository | commit | licence | what is kept |',
    '| --- | --- | --- | --- |',
    ...SOURCES.map((source) =>
      row([source.repo, source.commit, source.license, source.redistributable ? `texts. ${source.note}` : `pointers only. ${source.note}`]),
    ),
    '',
    "The texts from cisco-ai-defense/mcp-scanner are Cisco's, under the Apache License 2.0",
    '(https://www.apache.org/licenses/LICENSE-2.0), reproduced unmodified apart from the docstring cleaning; its',
    "example servers restate attacks first published by Invariant Labs. Invariant Labs' original commits are read",
    'from the history kept in the fork johannhartmann/mcp-injection-experiments.',
    '',
    '## Categories',
    '',
    '| category | cases | revealable by a description | text included |',
    '| --- | --- | --- | --- |',
    ...categories,
    '',
    'No public, licensed case of hidden Unicode (zero-width or tag characters) was found; that category is empty.',
    '',
    '## Cases',
    '',
    '| id | categories | placement | revealable | text |',
    '| --- | --- | --- | --- | --- |',
    ...shown.map((entry) =>
      row([
        entry.id,
        entry.categories.join(', '),
        entry.placement,
        entry.revealable ? 'yes' : `no: ${entry.reason ?? ''}`,
        entry.text === null ? 'not included' : 'included',
      ]),
    ),
    '',
    '## Behaviour-only cases (cannot be revealed by a description)',
    '',
    "Every tool of cisco-ai-defense/mcp-scanner's behavioural evals outside its prompt-injection folder: the",
    'description is benign and the malice is in the code, so no description scan can catch them; they are kept (with',
    'their benign descriptions) as the cases a description scan must not be blamed for, and as extra benign texts.',
    '',
    '| Cisco category | tools |',
    '| --- | --- |',
    ...[...behaviour].sort(([a], [b]) => (a < b ? -1 : 1)).map(([folder, count]) => row([folder, String(count)])),
    '',
  ].join('\n');
}

const dirs = parseArgs(process.argv.slice(2));
const cases = build(dirs);
const dir = new URL('poisoned/', CORPUS_DIR);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('cases.json', dir), `${JSON.stringify({ sources: SOURCES, cases }, null, 2)}\n`);
writeFileSync(new URL('README.md', dir), readme(cases));
process.stderr.write(`${cases.length} cases (${cases.filter((entry) => entry.text !== null).length} with text) in corpus/poisoned/cases.json\n`);
