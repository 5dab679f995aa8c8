/**
 * What a rule is: data (id, family, description, default severity, the spec requirement it rests on) plus a
 * `check` function. A check reports plain findings; the engine stamps the rule id and the configured severity.
 */
import type { SpecRef } from '../spec/revisions.js';
import type { Surface } from '../surface/types.js';
import type { ServerSettings } from '../config/schema.js';
import type { RunRuntime } from './runtime.js';
import type { Severity } from './severity.js';
import type { Probe } from './probe.js';
import type { TransportProbe } from './transport-probe.js';
import type { LatencyReport } from '../report/model.js';

export const FAMILIES = ['protocol', 'schema', 'prompts', 'drift', 'tools', 'security', 'stdio', 'http', 'suites', 'latency'] as const;
export type Family = (typeof FAMILIES)[number];

export const LOCATION_KINDS = ['server', 'tool', 'prompt', 'resource', 'resourceTemplate', 'transport'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export interface Location {
  kind: LocationKind;
  /** The item's name (or URI for resources), as the server sent it. */
  name?: string;
  /** JSON Pointer into the item (or into the initialize result for `server`). */
  pointer?: string;
}

export interface Report {
  message: string;
  location: Location;
  /** Raw values for JSON/SARIF consumers; reporters redact and sanitize them. */
  data?: Record<string, unknown>;
  /** When the verdict rests on another requirement than the rule's own (for example a revision-specific one). */
  spec?: SpecRef;
}

/** What the engine hands a rule: the captured contract, the one door to the server, and per-server expectations. */
export interface RuleContext {
  surface: Surface;
  probe: Probe;
  expect: { protocolVersion?: string };
  /** This server's feature options from the config (empty for zero-config runs). */
  settings: ServerSettings;
  /** Opt-ins (--show-values, --update-golden) and golden files. */
  runtime: RunRuntime;
  /**
   * Connections of the rule's own to the same server, for transport checks (stdio framing, HTTP status codes,
   * version negotiation); undefined for in-memory targets.
   */
  transport?: TransportProbe;
  // The callbacks are function properties, not methods: rules destructure them (`check({ report, skip })`).
  report: (finding: Report) => void;
  /** Adds a note to the rule's result (shown as its reason), e.g. which items could not be exercised. */
  note: (text: string) => void;
  /** Marks the rule as not applicable to this server, with the reason shown in reports. */
  skip: (reason: string) => void;
  /** Measurements for the server's report, shown by every reporter whether or not a finding was made (latency). */
  metrics: (metrics: { latency: LatencyReport }) => void;
}

export interface Rule<Id extends string = string> {
  id: Id;
  family: Family;
  /** One line, shown by `mcpact rules` and in docs. */
  description: string;
  defaultSeverity: Severity;
  spec: SpecRef;
  /** Longer explanation for docs/rules.md: why it matters, what passes, how to fix it. */
  docs: string;
  /**
   * Runs once every other rule has finished: for rules that judge what the whole session saw (its stdout), or
   * that time the server without mcpact's other requests in flight (latency).
   */
  afterOthers?: boolean;
  check(context: RuleContext): void | Promise<void>;
}

/** Identity function: it exists so the rule id keeps its literal type. */
export function defineRule<const Id extends string>(rule: Rule<Id>): Rule<Id> {
  return rule;
}
