/**
 * Files derived from the code: the published JSON Schemas, the rule reference and the tables other pages splice
 * in. One function, so the generator script and the staleness test cannot disagree about what "current" means.
 */
import { ANSWER_CLASSES, ANSWER_CLASS_TEXT } from '../model/answer.js';
import { configJsonSchema } from '../config/schema.js';
import { reportJsonSchema } from '../model/report.js';
import { lockfileJsonSchema } from '../drift/lockfile/lockfile.js';
import { knownFindingsJsonSchema } from '../model/known-findings.js';
import { ALL_RULES } from '../rules/index.js';
import { SIGNALS } from '../rules/security/signals.js';
import { FAMILIES } from '../model/family.js';
import { CHANGE_IDS, CHANGES, type ChangeMeta } from '../model/changes.js';
import { ruleAnchor } from '../model/rule-meta.js';
import { SDKS, SIGNATURES, TRAITS, type SdkId, type Signature } from '../engine/signatures.js';
import { RATE_LIMIT } from '../connect/rate-limit.js';
import { THROTTLE } from '../connect/throttling.js';
import { GO_SIGNATURES } from '../engine/signatures/go.js';
import { JAVA_SIGNATURES } from '../engine/signatures/java.js';
import { PYTHON_SIGNATURES } from '../engine/signatures/python.js';
import { RUST_SIGNATURES } from '../engine/signatures/rust.js';
import { TS_SIGNATURES } from '../engine/signatures/typescript.js';
import { appliesInEra, type Rule } from '../engine/rule.js';
import { FAMILY_SHARE } from '../engine/runner.js';
import { BURST } from '../connect/health.js';
import { LATE_GRACE_FACTOR } from '../connect/probe.js';
import { revisionCoverageMarkdown } from './coverage.js';
import { ABSENT, EXTENSIONS, citation, QUOTED_REVISIONS, TARGET_REVISION, levelOf, specUrl, targetRef, type RuleSpec } from '../model/spec.js';

/**
 * Every derived file with its current content. `current` reads a committed file: docs/drift.md is written by hand
 * except for its change-id table, which is spliced in between its markers.
 */
export function generatedFiles(current: (file: string) => string): Record<string, string> {
  return {
    'schemas/config.v1.schema.json': JSON.stringify(configJsonSchema(ALL_RULES.map((rule) => rule.id)), null, 2) + '\n',
    'schemas/report.v1.schema.json': JSON.stringify(reportJsonSchema(), null, 2) + '\n',
    'schemas/lockfile.v1.schema.json': JSON.stringify(lockfileJsonSchema(), null, 2) + '\n',
    'schemas/known-findings.v1.schema.json': JSON.stringify(knownFindingsJsonSchema(), null, 2) + '\n',
    'docs/rules.md': rulesMarkdown(),
    'src/rules/ids.ts': ruleIdsModule(),
    'docs/drift.md': spliced('docs/drift.md', current('docs/drift.md'), 'change-table', changeTableMarkdown()),
    'docs/security.md': spliced('docs/security.md', current('docs/security.md'), 'signal-table', signalTableMarkdown()),
    'docs/revisions.md': spliced('docs/revisions.md', current('docs/revisions.md'), 'era-table', eraTableMarkdown()),
    'docs/conformance.md': spliced('docs/conformance.md', current('docs/conformance.md'), 'revision-coverage', revisionCoverageMarkdown(ALL_RULES)),
    'docs/sdks.md': Object.entries(SDK_ROWS).reduce(
      (text, [language, rows]) => spliced('docs/sdks.md', text, `${language}-rows`, sdkRowsMarkdown(rows)),
      current('docs/sdks.md'),
    ),
  };
}

/** The signature rows of each language's SDKs (engine/signatures/), for their sections of docs/sdks.md. */
const SDK_ROWS: Record<string, Record<string, Signature<SdkId>>> = {
  typescript: TS_SIGNATURES,
  python: PYTHON_SIGNATURES,
  go: GO_SIGNATURES,
  rust: RUST_SIGNATURES,
  java: JAVA_SIGNATURES,
};

/** The identities one language's rows name (how each is recognised) and the rows themselves, with their evidence. */
function sdkRowsMarkdown(rows: Record<string, Signature<SdkId>>): string {
  // Server words in descriptions (`<name>`, `<root>`) are text, not HTML.
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
  const ids = [...new Set(Object.values(rows).flatMap((row) => row.sdks))];
  return [
    '| identity | SDK | versions observed | recognised by |',
    '| --- | --- | --- | --- |',
    ...ids.map((id) => {
      const sdk = SDKS[id];
      return `| \`${id}\` | ${cell(sdk.name)} | ${cell(sdk.versions)} | ${sdk.requires.map((trait) => cell(TRAITS[trait].description)).join('; ')} |`;
    }),
    '',
    '| signature | rule | marked on | behaviour | evidence |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(rows).map(
      ([id, row]) =>
        `| \`${id}\` | [\`${row.ruleId}\`](rules.md#${ruleAnchor(row.ruleId)}) | ${row.sdks.map((sdk) => `\`${sdk}\``).join(', ')} | ${cell(row.description)} | ${row.reference === undefined ? '' : `<${row.reference}>`} |`,
    ),
    '',
  ].join('\n');
}

/**
 * Every rule id, as a module of its own: `mcpact run` checks the config's rule ids with it before loading the
 * rules, so that the first servers can start while the rules load (cli/run.ts).
 */
function ruleIdsModule(): string {
  const ids = ALL_RULES.map((rule) => `  '${rule.id}',`);
  return [
    '// Generated from the rule registry by `npm run refresh` (src/docs/generated.ts); test/generated.test.ts keeps it current.',
    '',
    '/** Every rule id, in registry order: what the config may name before the rules themselves are loaded. */',
    'export const RULE_IDS: readonly string[] = [',
    ...ids,
    '];',
    '',
  ].join('\n');
}

/**
 * A hand-written file with one generated table between `<!-- NAME:start ... -->` and `<!-- NAME:end -->`. Also used by
 * test/conformance/agreement.test.ts, whose table comes from a run of two tools instead of from the code.
 */
export function spliced(file: string, text: string, name: string, table: string): string {
  const start = new RegExp(`<!-- ${name}:start[^>]*-->\\n`).exec(text);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (!start || end < start.index) throw new Error(`${file} lost its ${name} markers`);
  const from = start.index + start[0].length;
  return text.slice(0, from) + table + text.slice(end);
}

/** The signal table of the security scan as Markdown, for docs/security.md. */
function signalTableMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/</g, '&lt;');
  const rows = SIGNALS.map(
    (signal) => `| \`${signal.id}\` | ${signal.category} | ${signal.weight} | ${cell(signal.what)} | ${cell(signal.examples.fires[0]!)} | ${cell(signal.examples.silent[0]!)} |`,
  );
  return ['| id | kind | weight | what it means | fires on | silent on |', '| --- | --- | --- | --- | --- | --- |', ...rows, ''].join('\n');
}

/**
 * Which rules run in which era, for docs/revisions.md: a rule of the modern era only is not listed on a legacy
 * session (engine/rule.ts `appliesInEra`), a rule with `skipIn.modern` is skipped there with its reason, and the
 * revisions a rule quotes say which sentence each verdict cites.
 */
function eraTableMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = ALL_RULES.filter((rule) => rule.family !== 'drift').map((rule) => {
    const legacy = appliesInEra(rule, 'legacy') ? (rule.skipIn?.legacy ? `skipped: ${cell(rule.skipIn.legacy)}` : 'runs') : 'not listed';
    const modern = rule.skipIn?.modern ? `skipped: ${cell(rule.skipIn.modern)}` : 'runs';
    const quoted = rule.spec ? QUOTED_REVISIONS.filter((revision) => rule.spec!.texts[revision] !== undefined && rule.spec!.texts[revision] !== ABSENT).join(', ') : '';
    const severity = rule.severityFollowsRevision ? `${rule.defaultSeverity} (follows the revision's keyword)` : rule.defaultSeverity;
    return `| [\`${rule.id}\`](rules.md#${ruleAnchor(rule.id)}) | ${legacy} | ${modern} | ${quoted} | ${severity} |`;
  });
  return ['| rule | legacy era (initialize) | modern era (2026-07-28) | revisions quoted | default severity |', '| --- | --- | --- | --- | --- |', ...rows, ''].join('\n');
}

/** The change-id table as Markdown, for docs/drift.md. */
function changeTableMarkdown(): string {
  const rows = CHANGE_IDS.map((id) => {
    const meta: ChangeMeta = CHANGES[id];
    const notes = [meta.when, meta.wording && 'wording: not reported with `descriptions: ignore`'].filter(Boolean).join('; ');
    return `| \`${id}\` | ${meta.subject} | ${meta.level} | ${meta.description} | ${notes} |`;
  });
  return ['| id | about | default level | meaning | notes |', '| --- | --- | --- | --- | --- |', ...rows, ''].join('\n');
}

function rulesMarkdown(): string {
  const lines = [
    '# Rules',
    '',
    '<!-- Generated from the rule registry by `npm run refresh`; do not edit by hand. -->',
    '',
    'Every rule quotes the sentence it rests on in each specification revision mcpact knows, and a finding cites',
    'the one of the revision the server negotiated (the target revision 2025-11-25, marked as a fallback, when',
    'mcpact does not know that revision or it lacks the requirement). For each revision the table below a rule',
    'gives the keyword of the sentence (MUST, MUST NOT, SHOULD, SHOULD NOT, MAY; SCHEMA for a type or field of',
    'schema.ts; none when the text states no level), whom it binds (server, client, both parties, or the receiver',
    'of what mcpact sends), the sentence verbatim (" … " marks words left out), and its section; `absent` means the',
    'revision lacks what the rule checks. The level is what the text requires of the server: its keyword, or',
    'BEST PRACTICE when it states no level; CONFIG rules check your own expectations.',
    '',
    "A rule (or one kind of finding) whose quoted sentence does not say what it checks, or binds only the client,",
    "rests on mcpact's own policy: its level is POLICY, its basis says `policy` in every report (`spec.basis` and",
    '`spec.policy` in JSON, a `basis` property and a `policy` tag in SARIF, "mcpact policy" in the console, JUnit,',
    'Markdown and HTML), the sentence is quoted as context only, and it is a warning at most. Where the server was',
    'lenient in a way the specification permits (it rendered a prompt with an argument nobody declared, or with a',
    'blank value), the finding says so (`spec.lenient`) and is info.',
    '',
    'The default severity follows the level in 2025-11-25: MUST and SCHEMA are errors, SHOULD warnings, best',
    'practices and policies warnings or info (info when the text binds only the client); a finding that cites a',
    'best practice or a policy of its own is a warning at most whatever its rule. Re-level any rule in `mcpact.yaml`',
    'with `rules: { <id>: off | info | warning | error }`. Drift rules rest on the lockfile, not the specification:',
    'their severity follows the level of the change and `drift.fail_on` ([drift.md](drift.md)).',
    '',
    'A rule that finds one defect at several places reports it once: its findings whose messages differ only in',
    'names, numbers and quoted values (and whose codes agree) are one finding with `count` and every `locations`',
    'entry, shown as `× 52 tools: a, b, c, … (49 more)` (README, Reports). Findings of one family that rest on',
    "the same answer to bad input (the same class, code, expectation and origin, at one kind of place, in the same",
    'words once names and numbers are set aside) are one finding as well, whichever rules and cases judged it: the',
    'most severe, with `data.cases` listing every rule and case ([prompts.md](prompts.md#the-matrix)).',
    '',
    'A rule mcpact could not bring to a verdict (no answer to two tries, a list the server could not deliver) is',
    '`inconclusive`, with its reason: never a pass, never a finding (README, Verdicts mcpact could not reach).',
    '',
    ...answerClassesMarkdown(),
    ...runOrderMarkdown(),
    '| id | default | level | basis | description |',
    '| --- | --- | --- | --- | --- |',
    ...ALL_RULES.map(
      (rule) =>
        `| [\`${rule.id}\`](#${ruleAnchor(rule.id)}) | ${rule.defaultSeverity} | ${rule.spec ? targetRef(rule.spec).level : 'LOCKFILE'} | ${rule.spec ? basisCell(rule) : 'lockfile'} | ${rule.description} |`,
    ),
    '',
  ];
  for (const family of FAMILIES) {
    const rules = ALL_RULES.filter((rule) => rule.family === family);
    if (rules.length === 0) continue;
    lines.push(`## ${family}`, '');
    for (const rule of rules) {
      const spec = rule.spec && targetRef(rule.spec);
      lines.push(
        `### ${rule.id}`,
        '',
        rule.description,
        '',
        `- Default severity: **${rule.defaultSeverity}**`,
        spec
          ? spec.basis === 'policy'
            ? `- Rests on: mcpact policy, not a requirement of revision ${spec.revision}: ${spec.policy ?? ''} Context: [${spec.section}](${specUrl(spec)})` +
              (spec.checklist ? ` (checklist ${spec.checklist})` : '')
            : `- Rests on: ${spec.extension === undefined ? `${spec.level} in revision ${spec.revision}` : `${citation(spec)} (the extension's own specification, ${spec.revision === TARGET_REVISION ? 'at any MCP revision' : `from MCP ${spec.revision} on`})`}, [${spec.section}](${specUrl(spec)})` +
              (spec.checklist ? ` (checklist ${spec.checklist})` : '')
          : '- Rests on: the lockfile (`drift.baseline`, or `mcpact diff --lockfile`)',
        ...policiesOf(rule),
        '',
        ...(rule.spec ? [...textsTable(rule.spec), ''] : []),
        rule.docs,
        '',
      );
    }
  }
  lines.push(...inheritedMarkdown());
  return lines.join('\n');
}

/**
 * The basis column of the rule table: the rule's own at the target revision, and `policy` too where some of its
 * findings rest on a policy of their own (alsoQuotes).
 */
function basisCell(rule: Rule): string {
  const own = targetRef(rule.spec!).basis;
  const others = Object.values(rule.alsoQuotes ?? {}).some((spec) => targetRef(spec).basis === 'policy');
  return own !== 'policy' && others ? `${own}, policy` : own;
}

/** The policies some findings of a rule rest on besides the rule's own basis (alsoQuotes), one line each. */
function policiesOf(rule: Rule): string[] {
  return Object.entries(rule.alsoQuotes ?? {}).flatMap(([what, spec]) => {
    const ref = targetRef(spec);
    return ref.basis === 'policy' ? [`- Findings on ${what} rest on mcpact policy: ${ref.policy ?? ''} Context: [${ref.section}](${specUrl(ref)})`] : [];
  });
}

/** The answer classes (model/answer.ts), which every probe that sends bad input judges by. */
function answerClassesMarkdown(): string[] {
  return [
    '## Answer classes',
    '',
    'Every probe that sends bad input (tools/invalid-input, tools/invalid-input-code, tools/malformed-call and the',
    'prompt-argument matrix) classifies what came back before judging it, from the code, the layer and the',
    "server's words. The finding carries the class in `answer.class`, why in `answer.evidence`, the code in",
    "`answer.code` and the server's words on one line in `answer.said` (whole, up to 2,000 characters, in",
    '`data.said`); console, Markdown and JUnit print them as `server said (error -32603, …): …`.',
    '',
    '| class | meaning |',
    '| --- | --- |',
    ...ANSWER_CLASSES.map((name) => `| \`${name}\` | ${ANSWER_CLASS_TEXT[name]} |`),
    '',
    'A wrong code whose words show no sign either way counts as `validated-wrong-code`: the wrong code is certain,',
    'a missing validation is not claimed without evidence. The words are read for what only a runtime or the code',
    'behind a tool says: JavaScript (`TypeError`, `Cannot read properties of undefined`), Python (`KeyError:`,',
    "`'NoneType' object`, `invalid literal for int()`), Go (`panic:`, `runtime error:`, `interface conversion:`,",
    '`strconv.ParseInt: parsing`), Java (`NullPointerException`, `ClassCastException`, `NumberFormatException`), Rust',
    '(`panicked at`, `` called `Option::unwrap()` on a `None` value ``) and .NET (`System.NullReferenceException`, `Object',
    'reference not set to an instance of an object`). The words of a schema validator (pydantic\'s `1 validation',
    'error for X` and `Input should be`, `ValidationError`, `SchemaError`, `ZodError`, JSON Schema\'s `is not of type`)',
    'show a validation, even inside a traceback. A stack trace or traceback by itself only shows that something',
    'threw (validators throw too): it counts as `not-validated` when its own lines, without the frames, read as no',
    'validation. A missing file (`no such file or directory`, `ENOENT`, `FileNotFoundError`) counts only when it',
    'names the value mcpact sent (`open 12345: no such file or directory`): otherwise the file may be the server\'s own.',
    '',
    'An unreachable backend by itself is no verdict, even on input the schema rejects: a server may call its backend',
    'before it validates (to sign in, to load a schema), and then it fails on valid and invalid input alike, in the',
    'same words as a server that passes everything on; Servers MUST validate all tool inputs, not validate before',
    'any I/O. Four things tell them apart, and make the answer `not-validated`: the backend\'s error names the value',
    'mcpact sent (a host or a URL built from it); or the same tool answered another invalid input without the backend,',
    'in words that show validation; or (when tools/valid-input runs) it served a valid input without it. Then the',
    'backend is no step before validation, and a wrong type, or a value outside an enum or a bound, that reached it',
    'got past validation. A required property left out or an undeclared property added stays undecided: a validator',
    'that fills in a default or drops unknown keys also goes on, with valid data.',
    'Fourth: the tool refused none of the invalid input it was sent, and every call of it went out over the network',
    '(a DNS failure, a refused connection, `fetch failed`), among them at least two inputs that no validator lets',
    'through, strict or lenient: a required property left out that has no `default`, a value outside its enum, a',
    'value of a type no conversion makes valid. A server that validated before calling its backend would have refused',
    'those without it. What is left is a server that sends a request out before it validates, whatever the input;',
    'the finding names its evidence ("as every invalid input to the tool did, none refused"), so the author of such a',
    'server can say so in a known-findings file. A failure of the server\'s own setup (credentials refused, a command',
    'that is not installed, no configuration) never counts this way: a server may check those before it validates.',
    '',
    '`not-validated` is an error of tools/invalid-input (Servers MUST validate all tool inputs); `validated-wrong-code`',
    'a warning of tools/invalid-input-code (the text states no level for the layer). The prompt rules keep the level',
    'of their own sentence (SHOULD) for both and name the class in the message. `backend-unreachable` is never a',
    "finding: the rule is inconclusive for those probes and says so, with the server's words; when most tool calls of",
    "a run end so, the server's report says it once (`backend` in the JSON report, a `? backend` line in the console).",
    'A backend that refuses the credentials of the test environment (absent, or a dummy such as `TOKEN=x`: `401',
    'Unauthorized`, `invalid_token`, `Access token is not in valid JWT format`, `Invalid API key`, `Bad credentials`)',
    'is a backend not set up, read the same way: no verdict, with the reason "the backend is not set up (credentials)",',
    'for tool calls and resource reads alike (a listed resource behind it is not "cannot be read").',
    '',
    ...injectedMarkdown(),
  ];
}

/** What mcpact sends of its own (exercise/injected.ts), and why no verdict rests on it. */
function injectedMarkdown(): string[] {
  return [
    '## Values mcpact sent',
    '',
    'One module (`src/exercise/injected.ts`) holds every name and value mcpact makes up: the samples it fills',
    'arguments with, the names no server declares (`mcpact_unknown_argument`, `mcpact-no-such-prompt`,',
    '`mcpact_unknown_tool`, `mcpact_unexpected_property`, ...), the template reference of case `template-injection`',
    '(`{{<other argument>}}`), the delimiter, long and control-character values, and the wrong-type values of the',
    'tools probes. Made-up names carry the `mcpact-` or `mcpact_` mark. A server that echoes one of these values does',
    'what it was asked, so no verdict rests on a span that is one: `prompts/unresolved-markers` counts markers',
    'outside the values sent in that case, and a `prompts/message-shape` problem whose value mcpact sent (an argument',
    'embedded as a resource URI) is named in the rule\'s note, never a finding. A prompts/get case whose error names',
    'a value mcpact made up for another argument of that request ("Could not parse timeframe: mcpact-sample-timeframe")',
    'failed on that value, not on what the case tries: it has no verdict, and the rule says so (verdict `own-value`).',
    '',
    "Values fit the argument where its name (or else its description) says what it is ([prompts.md](prompts.md#finding-an-argument-map-the-server-accepts)):",
    'the examples its description gives first ("e.g. \'1d\', \'1 week\'", "for example `main`"), then',
    'a URI for a URI (one of the server\'s own listed resources first, then `https://example.invalid/mcpact-sample-<argument>`,',
    'a domain that never resolves), an address for an e-mail, an ISO date for a date, a small number for a count, and',
    '`true` for a switch. A switch changes a rendering without echoing its word: `prompts/argument-dropped` compares',
    'the rendering with the other word (case `switch-flipped`) or without the argument instead.',
    '',
  ];
}

/**
 * How a run is ordered and watched (engine/warm-up.ts, connect/health.ts, connect/limiter.ts): what makes verdicts
 * hold on a server whose state changes during the run, or that answers slowly.
 */
function runOrderMarkdown(): string[] {
  const grace = `${LATE_GRACE_FACTOR} times`;
  return [
    '## Order, health and time',
    '',
    'A server can change state during a run, and mcpact itself sends what may change it: bad input. Three things',
    'keep a verdict on what the server does from resting on a state mcpact caused.',
    '',
    '### Valid work first',
    '',
    'When the rules start, the valid work they will ask for anyway is sent first, through the same shared caches',
    '(engine/warm-up.ts): the valid calls of the tool plan, the resource reads of the resources family (listed',
    'resources, one expansion of each template, the UI resources tools link) and the renders of the prompt matrix',
    '(the search for an accepted argument map and the cases that expect a rendering), for each family that has a rule',
    'running. Every request that sends bad input (invalid, malformed and unknown tool calls, the cases of the prompt',
    "matrix that expect a rejection or test adversarial values, an unknown resource, the protocol rules' unknown",
    'method, invalid cursor and invalid log level, methods of capabilities the server did not declare) waits until',
    "that warm-up is done, or one `timeouts.call_ms` at most, so a slow warm-up cannot hold the run. The rules judge",
    'the cached answers, so a read or a render never meets a server that bad input already broke.',
    '',
    '### Health timeline',
    '',
    'After the capture, mcpact picks a control request: the first page of the shortest list the capture read',
    `(tools, prompts or resources), which answered well and changes nothing. It is asked again after every ${BURST}`,
    'answers to bad input, whenever a rule is about to judge answers that no control has followed yet, and once at the',
    'end. A control that answers like the capture did is good; one that answers otherwise (an error where a list came,',
    'another error code) has failed; one that gets no answer tells nothing (slowness is not degradation), and neither',
    'does one refused with words that say the server throttles (mcpact\'s pace, never bad input: it is waited out and',
    'asked again, see [Rate limits](#rate-limits)). An answer',
    'is in doubt when the control before it or the first control after it failed: the server degraded somewhere after',
    'the last good control. A rule that judged any answer in doubt is `inconclusive`, with no finding and a reason',
    'naming the degradation (what the control answered, where at capture it answered a list, and the bad input sent',
    'in between); the degradation itself is one finding of',
    `[\`protocol/stays-available\`](#${ruleAnchor('protocol/stays-available')}). Answers are judged per rule: a rule`,
    'that judges only the valid work (tools/valid-input, resources/readable, prompts/argument-dropped, ...) keeps its',
    'verdict, since that work came before the bad input.',
    '',
    'A server that goes away during the run (it crashes or exits, and the connection closes) is the end of that',
    'timeline. "The connection closed" is no answer of the server\'s to what was asked: which of the requests in',
    'flight brought it down, the wire cannot tell when several were, and a request asked for after it never reached',
    'it. A rule that judged such an answer is `inconclusive`, with a reason that says so; the loss itself is one',
    `finding of [\`protocol/stays-connected\`](#${ruleAnchor('protocol/stays-connected')}), naming the requests in`,
    'flight (a crash with a tools/call in flight is `tools/call-answered`\'s, which names the calls).',
    '',
    '### Bad-input connection',
    '',
    'Where the transport allows it, bad input goes on a connection of its own: a second server process over stdio, a',
    'second session over Streamable HTTP or HTTP+SSE (connect/bad-input-line.ts). The valid work stays on the run\'s',
    'session, so a state bad input puts the server in (a breaker it trips, a backend connection it breaks, a crash)',
    'never answers a valid call, read or render. The connection opens when the first bad request goes, so a run that',
    'sends none starts no second server. Before it carries bad input it must answer the control request as the',
    "run's session did at capture; when it cannot be opened, or answers otherwise (a second instance that cannot take",
    'a lock or a port the first holds), bad input goes on the run\'s session as before, and',
    '`protocol/stays-available` notes why. Each connection has its own health timeline: bursts of bad input are',
    'followed by a control on the connection they went on, and a verdict is in doubt only when the connection its',
    'answers came on degraded. Bad input that refers to the session\'s own state (`tasks/get` of a task the session',
    'created) stays on the session. What the server sends on either connection counts for the rules that read it',
    '(stdout lines, unmatched ids, notifications, message shapes), and `--trace` marks the traffic of the second',
    'connection with `"connection": "bad-input"`. A server that closes that connection (a crash on bad input) leaves',
    'the report incomplete, as a crash of the session does, but every verdict on the valid work stands. The',
    'stateless 2026-07-28 era over HTTP keeps no state per connection, and an in-process transport has only one,',
    'so neither gets a second. `bad_input_connection: session` in a server\'s config keeps everything on one session.',
    '',
    '### Slow is not silent',
    '',
    `A tools/call that misses \`timeouts.call_ms\` is not given up: mcpact keeps waiting for its answer ${grace} as`,
    'long again, outside the limit on requests in flight. An answer in that grace is slow, not missing:',
    '`tools/call-answered` names the slow calls in its note and reports none of them; the rules that needed the answer',
    'in time have no verdict on those calls. A call still unanswered after the grace is a finding of',
    '`tools/call-answered` (a valid call only when the server still answers ping, so that a server that stopped',
    'answering altogether is not blamed on one tool).',
    '',
    '### Families share the run',
    '',
    "Requests wait for a free slot (`--concurrency`, 4 by default) in one lane per rule family, and a free slot goes",
    'to the lanes in turn: 500 slow tool calls waiting cannot keep one ping waiting behind them. The families have',
    `${Math.round(FAMILY_SHARE * 100)}% of \`timeouts.run_ms\`; the rest is kept for the rules that judge the whole session once the`,
    "others are done. A rule still running when the families' share ends is cut short: its result is `error` with the",
    'reason (how many requests of its family were unanswered or not sent yet), the report is incomplete (exit 2), and',
    'every other family has its verdicts.',
    '',
    '### Rate limits',
    '',
    'An HTTP 429 Too Many Requests is the server asking the client to slow down (RFC 6585), never a defect of its',
    'contract, so no verdict rests on one. One rate limit per server is shared by the session and every probe',
    'connection (connect/rate-limit.ts): on a 429 every request to that server pauses for its `Retry-After`',
    `(delay-seconds or an HTTP-date, at most ${RATE_LIMIT.maxWaitMs / 1000} s; ${RATE_LIMIT.backoffMs / 1000} s doubled per 429 in a row without one), the`,
    'requests in flight at once are halved (down to one) for the rest of the run, and the refused request is sent',
    `again (it was not processed, so a tools/call too), up to ${RATE_LIMIT.attempts} times. Time spent waiting does not count toward`,
    "`timeouts.call_ms`; the run deadline bounds it. A request still refused when a wait would pass the run deadline, or",
    'after its attempts, is given up; from then on a request that meets a pause ends at once, so a server that never',
    'lifts its limit costs seconds, not the run. A rule that needed such an answer is `inconclusive` (never a pass,',
    'never a finding), and the report says once how many 429s came, how long mcpact waited and how many requests it',
    'gave up (`rateLimit` in the JSON report, a line in the console, Markdown and HTML reports).',
    '',
    'A server may throttle in JSON-RPC instead, on any transport, stdio included: it answers a request over its limit',
    'with an error whose words say so ("rate limit exceeded", "rate-limited", "too many requests", "throttled",',
    '"retry after" and a number, "quota exceeded"; any code; the word "limit" alone is not one, nor a disk quota).',
    'Such an answer is not the answer to what was asked, so it is treated as a 429 (connect/throttling.ts): every',
    `request to that server pauses for the wait its words or \`data\` name (\`retryAfter\`, \`retry_after_ms\`, …; at most ${THROTTLE.maxWaitMs / 1000} s), or else for`,
    `${THROTTLE.backoffMs} ms doubled per refusal in a row, within \`timeouts.call_ms\`; the refused request is sent again, up to`,
    `${THROTTLE.attempts} times; and mcpact slows down for the rest of the run, once per episode of refusals: the requests in flight`,
    'at once are halved (down to one), and so are the requests sent per second, from what the second before the',
    'refusal carried (down to one a second; each second of answers without a refusal adds one back). The pauses',
    `after refusals take at most ${Math.round(THROTTLE.budgetShare * 100)}% of \`timeouts.run_ms\` in all, so one family's refusals cannot use up the`,
    'time of the others, and a pause ends early with the deadline of the family that waits. A request still refused',
    'past those bounds ends as a 429 that persisted does: the rules that needed it',
    'are `inconclusive`, with a reason naming the throttling; no setting makes mcpact slower than this back-off, and',
    'more time for the run (`timeouts.run_ms`, `--run-timeout`) leaves more room to wait the limit out. A control',
    'request refused so tells nothing about degradation, and `protocol/stays-available` never reads it as one. The',
    '`rateLimit` of the report counts these refusals apart (`throttled`, with the pace mcpact ended at and the',
    "server's words); never a finding, since the specification asks servers to throttle (server/tools, Security",
    'considerations: "Servers **MUST**: … Rate limit tool invocations").',
    '',
  ];
}

/** The signature table (engine/signatures.ts): how an SDK is recognised and which of its findings are inherited. */
function inheritedMarkdown(): string[] {
  // Server words in descriptions (`<name>`, `<root>`) are text, not HTML.
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
  return [
    '## Inherited behaviour',
    '',
    'Some findings are behaviour of the SDK or framework a server is built on, not of its author\'s code. mcpact',
    'recognises the SDK from the server\'s own answers to two requests the tools rules send anyway (a tools/call whose',
    '`arguments` is a string, and a call of an unknown tool) and from the capabilities it declared and the tools it',
    'listed (their generated input schemas), compared character',
    'for character with what each SDK says. A finding is inherited only when the server was recognised so and the finding matches a signature of that',
    'SDK below; a server that answers with the same code in other words, or a hand-written one, is never marked. The',
    'finding then carries `inherited: { sdk, versions, signature, reference }`, every report lists it in one section',
    '"Inherited from the SDK", and its severity is the `inherited:` level of the config, `info` by default',
    '(`warning`, or `off` to leave inherited findings out: the rule then passes with a note saying how many). A level',
    'for the rule under `rules:` wins over `inherited:`. Without the evidence (`--skip tools`, those rules turned off,',
    'a server without tools) nothing is recognised and nothing is marked. [sdks.md](sdks.md) lists each SDK with the',
    'twin server every row is tested on (TypeScript, Python, Go, Rust and Java), and what each SDK does not let a server get wrong.',
    '',
    '### Recognised SDKs',
    '',
    '| id | SDK | versions | recognised by | tested with |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(SDKS).map(
      ([id, sdk]) =>
        `| \`${id}\` | ${cell(sdk.name)} | ${cell(sdk.versions)} | ${sdk.requires.map((trait) => cell(TRAITS[trait].description)).join('; ')} | ${sdk.tested.map((version) => `\`${version}\``).join(', ')} |`,
    ),
    '',
    '### Signatures',
    '',
    '| signature | rule | SDKs | behaviour | upstream |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(SIGNATURES).map(
      ([id, signature]) =>
        `| \`${id}\` | [\`${signature.ruleId}\`](#${ruleAnchor(signature.ruleId)}) | ${signature.sdks.map((sdk) => `\`${sdk}\``).join(', ')} | ${cell(signature.description)} | ${'reference' in signature ? `<${signature.reference}>` : ''} |`,
    ),
    '',
  ];
}

/** A rule's quoted sentence in every known revision, one row each, and the notes on them below. */
function textsTable(spec: RuleSpec): string[] {
  const rows = ['| revision | level | keyword | binds | sentence | section |', '| --- | --- | --- | --- | --- | --- |'];
  const notes = new Map<string, string[]>();
  const extension = spec.extension === undefined ? undefined : `${spec.extension} ${EXTENSIONS[spec.extension].revision}`;
  for (const revision of QUOTED_REVISIONS) {
    const text = spec.texts[revision];
    // A later revision is listed only where the rule quotes it.
    if (text === undefined) continue;
    if (text === ABSENT) {
      rows.push(`| ${revision} | — | absent | | | |`);
      continue;
    }
    const url = specUrl({ revision, section: text.section, ...(extension !== undefined && { extension }) });
    rows.push(`| ${revision} | ${levelOf(text, spec)} | ${text.keyword} | ${text.binds} | ${quoteCell(text.quote)} | [${text.section}](${url}) |`);
    if (text.note !== undefined) notes.set(text.note, [...(notes.get(text.note) ?? []), revision]);
  }
  return [...rows, ...(notes.size > 0 ? [''] : []), ...[...notes].map(([note, revisions]) => `- ${revisions.join(', ')}: ${note}`)];
}

/** A quote in a table cell: schema.ts text as code, prose as written (its code spans included); pipes escaped. */
function quoteCell(quote: string): string {
  const schema = /^[A-Z]\w*(\.\w+\??)?: /.test(quote) && !quote.includes('`');
  return (schema ? `\`${quote}\`` : `“${quote}”`).replace(/\|/g, '\\|');
}
