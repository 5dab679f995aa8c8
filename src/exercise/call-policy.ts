/**
 * The safe-call policy: for each tool of a server, may mcpact call it with valid input, and may it send it
 * invalid input, and why. One small pure function of the Surface and the `calls` settings, so every feature
 * that calls tools (input probing, behavioural suites, latency budgets) decides the same way and reports the
 * same reasons. Defaults (docs/tools.md):
 *   - valid-input calls only to tools annotated `readOnlyHint: true`, unless their name or description announces a
 *     change ("delete_note": a hint that contradicts itself is not trusted). `destructiveHint` is not read beside
 *     it: the schema says it "is meaningful only when readOnlyHint == false", and SDKs set it to its default, true,
 *     on every tool (mcp-go's NewTool), read-only ones included;
 *   - invalid-input probes to tools that declare a required property (a validating server rejects them before
 *     doing anything);
 *   - `calls.allow` adds tools to both, `calls.all: true` opts in to everything, `calls.deny` always wins.
 */
import type { CallsConfig } from '../config/calls.js';
import { items } from '../surface/items.js';
import type { Surface } from '../surface/types.js';
import { asRecord } from '../util/json.js';
import { mutatingVerb } from '../util/mutating-verbs.js';

export type CallReason = 'denied' | 'all' | 'allowed' | 'read-only' | 'not-read-only' | 'suspect-read-only' | 'required-property' | 'no-required-property';

/** What each reason means, worded for reports ("<tool>: <text>"). */
export const CALL_REASONS = {
  denied: 'listed in calls.deny',
  all: 'calls.all is true',
  allowed: 'listed in calls.allow',
  'read-only': 'annotated readOnlyHint: true',
  'not-read-only': 'not annotated readOnlyHint: true',
  'suspect-read-only': 'annotated read-only, but its name or description says it changes something (security/annotation-mismatch)',
  'required-property': 'declares a required property, which a validating server checks before running',
  'no-required-property': 'declares no required property, so invalid input could run it',
} as const satisfies Record<CallReason, string>;

export interface Permission {
  allowed: boolean;
  reason: CallReason;
}

export interface ToolCallPolicy {
  /** The tool's name as declared. */
  name: string;
  /** May mcpact call it with input that its inputSchema accepts? */
  valid: Permission;
  /** May mcpact send it input that its inputSchema rejects? */
  invalid: Permission;
}

export interface CallPolicy {
  /** One entry per tool with a string name, in list order (a name declared twice is decided once). */
  tools: ToolCallPolicy[];
  /** Names in calls.allow or calls.deny that the server does not declare (likely typos). */
  unknownNames: string[];
}

export function callPolicy(surface: Surface, calls: CallsConfig | undefined): CallPolicy {
  const allow = new Set(calls?.allow ?? []);
  const deny = new Set(calls?.deny ?? []);
  const seen = new Set<string>();
  const tools: ToolCallPolicy[] = [];
  for (const item of items(surface, 'tools')) {
    const name = item.record?.name;
    if (typeof name !== 'string' || seen.has(name)) continue;
    seen.add(name);
    tools.push(decide(name, item.record ?? {}, { allow, deny, all: calls?.all === true }));
  }
  const unknownNames = [...new Set([...allow, ...deny])].filter((name) => !seen.has(name)).sort();
  return { tools, unknownNames };
}

function decide(name: string, tool: Record<string, unknown>, calls: { allow: Set<string>; deny: Set<string>; all: boolean }): ToolCallPolicy {
  const both = (allowed: boolean, reason: CallReason): ToolCallPolicy => ({ name, valid: { allowed, reason }, invalid: { allowed, reason } });
  if (calls.deny.has(name)) return both(false, 'denied');
  if (calls.all) return both(true, 'all');
  if (calls.allow.has(name)) return both(true, 'allowed');
  const annotations = asRecord(tool.annotations);
  const readOnly = annotations?.readOnlyHint === true;
  // A read-only hint is trusted only when the tool does not announce the opposite ("delete_note", "Sends ...").
  const suspect = readOnly && mutatingVerb(name, tool.description) !== undefined;
  const valid: Permission = !readOnly
    ? { allowed: false, reason: 'not-read-only' }
    : suspect
      ? { allowed: false, reason: 'suspect-read-only' }
      : { allowed: true, reason: 'read-only' };
  // A tool that is safe to run with valid input is safe to send invalid input too.
  const invalid: Permission = declaresRequired(tool.inputSchema)
    ? { allowed: true, reason: 'required-property' }
    : valid.allowed
      ? valid
      : { allowed: false, reason: 'no-required-property' };
  return { name, valid, invalid };
}

function declaresRequired(schema: unknown): boolean {
  const required = asRecord(schema)?.required;
  return Array.isArray(required) && required.some((entry) => typeof entry === 'string');
}
