/**
 * Why the official conformance suite and mcpact may give one scenario different verdicts. Each entry names the
 * evidence it stands on, matched against what the suite itself said: a disagreement that no entry explains, or an
 * entry that explains nothing any more, fails test/conformance/agreement.test.ts. Where a sentence of the
 * specification decides, it is quoted as the rules quote theirs (src/model/spec.ts `SpecText`), for the revision
 * the scenario ran at.
 */
import type { QuotedRevision, SpecText } from '../../src/model/spec.js';

export type Why =
  /**
   * The scenario calls a tool, prompt or resource that only the suite's own fixture server has (`test_simple_text`),
   * so it fails every other server. `names` when the suite's message does not name them (else its `name` group).
   */
  | { kind: 'suite-fixture'; names?: readonly string[] }
  /** A sentence of the specification decides: `reading` says how it applies to this server. */
  | { kind: 'sentence'; revision: QuotedRevision; text: SpecText; reading: string }
  /** The sentence a rule of mcpact quotes decides (taken from the rule, where it is stated once). */
  | { kind: 'rule'; rule: string; revision: QuotedRevision; reading: string }
  /** mcpact has no rule that judges this ground; `text` is the sentence such a rule would rest on. */
  | { kind: 'not-covered'; reason: string; revision?: QuotedRevision; text?: SpecText };

export interface Difference {
  /** The scenarios this entry may explain. */
  scenarios: RegExp;
  /**
   * Matched against `<check id>: <message>` of each check the suite failed or warned on. Without it, the entry
   * explains a verdict of the suite's own (its checks that no entry explains) that differs from mcpact's.
   */
  evidence?: RegExp;
  /** Only on the run of this defect fixture (agreement.test.ts `DEFECT_TARGETS`). */
  defect?: string;
  why: Why;
}

/** Names of the suite's fixture server as its messages give them: `test_…` tools and prompts, `test://` resources. */
const SUITE_FIXTURE_NAMED =
  /(?:Unknown (?:tool|prompt): |(?:Tool|Prompt) '?|Resource not found: |diagnostic tool ')(?<name>test_\w+|json_schema_2020_12_tool|test:\/\/[\w/.-]+)/;

const COMPLETION_ERRORS: SpecText = {
  keyword: 'SHOULD',
  binds: 'server',
  section: 'server/utilities/completion#error-handling',
  quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: … Method not found: `-32601` (Capability not supported)',
};

const EXTENSIONS_OPTIONAL: SpecText = {
  keyword: 'none',
  binds: 'both',
  section: 'basic/versioning#extension-negotiation',
  quote: 'Clients and servers can negotiate support for optional extensions beyond the core protocol.',
};

export const DIFFERENCES: readonly Difference[] = [
  { scenarios: /./, evidence: SUITE_FIXTURE_NAMED, why: { kind: 'suite-fixture' } },
  // The suite's messages name no tool here; the scenario's code does.
  {
    scenarios: /^server-stateless$/,
    evidence: /^sep-2575-server-sends-prompts-list-changed-on-subscription: Mutated the prompt list/,
    why: { kind: 'suite-fixture', names: ['test_trigger_prompt_change'] },
  },
  {
    scenarios: /^server-stateless$/,
    evidence: /^sep-2575-server-sends-tools-list-changed-on-subscription: Mutated the tool list/,
    why: { kind: 'suite-fixture', names: ['test_trigger_tool_change'] },
  },
  {
    scenarios: /^input-required-result-multi-round$/,
    evidence: /^sep-2322-multi-round-r1: Expected InputRequiredResult/,
    why: { kind: 'suite-fixture', names: ['test_input_required_result_multi_round'] },
  },
  {
    scenarios: /^input-required-result-tampered-state$/,
    evidence: /^sep-2322-reject-tampered-state: Prerequisite failed/,
    why: { kind: 'suite-fixture', names: ['test_input_required_result_tampered_state'] },
  },
  {
    scenarios: /^input-required-result-missing-input-response$/,
    evidence: /^sep-2322-missing-response-rerequests: Server returned JSON-RPC error instead of re-requesting/,
    why: { kind: 'suite-fixture', names: ['test_input_required_result_elicitation'] },
  },
  {
    scenarios: /^completion-complete$/,
    evidence: /^completion-complete: Failed: Method not found/,
    why: {
      kind: 'sentence',
      revision: '2026-07-28',
      text: COMPLETION_ERRORS,
      reading: 'the server declares no `completions` capability and answers -32601, as the text asks; the suite fails it for a capability it never declared',
    },
  },
  {
    scenarios: /^resources-(?:un)?subscribe$/,
    evidence: /^resources-(?:un)?subscribe: Failed: Method not found/,
    why: {
      kind: 'sentence',
      revision: '2025-11-25',
      text: {
        keyword: 'none',
        binds: 'server',
        section: 'server/resources#capabilities',
        quote: 'Both `subscribe` and `listChanged` are optional … servers can support neither, either, or both:',
      },
      reading:
        'the server declares `resources` without `subscribe` and refuses the method (-32601), which `resources/subscribe-undeclared` expects; the suite fails it for a capability it never declared',
    },
  },
  {
    scenarios: /^tasks-/,
    evidence:
      /: (?:capabilities\.extensions MUST be advertised|tasks\/\w+ MUST return -32021; got -32601|Tool \w+ not found|Not testable: no task was created|expected -32602; got -32601|routing-task fixture from Check \d+ unavailable|tools\/call for \w+ returned error code -32602)/,
    why: {
      kind: 'sentence',
      revision: '2026-07-28',
      text: EXTENSIONS_OPTIONAL,
      reading:
        'the server does not declare `io.modelcontextprotocol/tasks`, so the extension asks nothing of it (the suite runs these scenarios unscored, for visibility); the `tasks` family runs only where a server declares it',
    },
  },
  {
    // The two scenarios check the headers and the envelope of tasks/* requests the suite sends itself, which pass on a
    // server without the extension too; mcpact sends tasks/* only to a server that declares it.
    scenarios: /^tasks-(?:dispatch-and-envelope|request-headers)$/,
    why: {
      kind: 'sentence',
      revision: '2026-07-28',
      text: EXTENSIONS_OPTIONAL,
      reading:
        'the server does not declare `io.modelcontextprotocol/tasks`, so the `tasks` family has nothing to ask of it and skips; the suite passes what it could check without the extension',
    },
  },
  {
    scenarios: /^server-sse-polling$/,
    evidence: /^server-sse-priming-event: /,
    why: {
      kind: 'not-covered',
      reason: 'no rule reads the SSE stream of a POST for its priming event (checklist H4)',
      revision: '2025-11-25',
      text: {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'basic/transports#sending-messages-to-the-server',
        quote:
          'The server SHOULD immediately send an SSE event consisting of an event ID and an empty `data` field in order to prime the client to reconnect (using that event ID as `Last-Event-ID`).',
      },
    },
  },
  {
    scenarios: /^server-sse-polling$/,
    evidence: /^server-sse-retry-field: /,
    why: {
      kind: 'sentence',
      revision: '2025-11-25',
      text: {
        keyword: 'SHOULD',
        binds: 'server',
        section: 'basic/transports#sending-messages-to-the-server',
        quote:
          'If the server does close the connection prior to terminating the SSE stream, it SHOULD send an SSE event with a standard `retry` field before closing the connection.',
      },
      reading: 'the `retry` field is asked of a server that closes the connection before the stream ends; the suite asks it of every SSE stream',
    },
  },
  {
    scenarios: /^server-sse-(?:multiple-streams|polling)$/,
    why: { kind: 'not-covered', reason: 'no rule opens several streams at once or resumes one (checklist H6, H7)' },
  },
  {
    scenarios: /^server-session-lifecycle$/,
    defect: 'http-defects notification-answered',
    why: {
      kind: 'rule',
      rule: 'http/notification-accepted',
      revision: '2025-11-25',
      reading: 'the proxy answers the accepted notification 200 with a JSON body; the suite accepts any 2xx, mcpact holds the server to 202 and no body',
    },
  },
  {
    scenarios: /^server-stateless$/,
    defect: 'eras --defect no-result-type',
    why: {
      kind: 'rule',
      rule: 'protocol/result-type',
      revision: '2026-07-28',
      reading: 'no result carries `resultType`; no check of the scenario looks for it, and its schema check lets it pass',
    },
  },
];
