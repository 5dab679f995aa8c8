/**
 * What a rule is: data (id, family, description, default severity, the spec requirement it rests on) plus a
 * `check` function, and optionally a `checkAcross` over every server of the run. A check reports plain findings;
 * the engine stamps the rule id and the severity (engine/severity.ts). Every family is made of rules, drift too.
 */
import { ABSENT, TARGET_REVISION, targetRef, type Era, type RuleSpec, type SpecRef } from '../model/spec.js';
import type { ListKind, Surface } from '../surface/types.js';
import type { ServerSettings } from '../config/schema.js';
import type { RunRuntime } from './runtime.js';
import type { Severity } from '../model/severity.js';
import type { Answer } from '../model/answer.js';
import type { Probe } from '../connect/probe.js';
import type { TransportProbe } from '../connect/transport-probe.js';
import type { BackendReport, LatencyReport } from '../model/report.js';

export interface ServerMetrics {
  latency?: LatencyReport;
  backend?: BackendReport;
}
import type { Family } from '../model/family.js';
import type { Location } from '../model/location.js';
import { RULES_DOCS_URL, ruleAnchor, type RuleMeta } from '../model/rule-meta.js';
import type { ChangeId, Level } from '../model/changes.js';
import type { Lockfile } from '../drift/lockfile/lockfile.js';
import type { RunCache } from '../util/run-cache.js';
import type { SignIn } from '../connect/oauth/sign-in.js';

export interface Report {
  message: string;
  location: Location;
  /** Raw values for JSON/SARIF consumers; reporters redact and sanitize them. */
  data?: Record<string, unknown>;
  /** When the verdict rests on another requirement than the rule's own; cited at the negotiated revision like it. */
  spec?: RuleSpec;
  /**
   * The server accepted what mcpact's policy would refuse, and the specification permits that (prompts/get takes
   * any argument key and any string value): the finding is information by default (engine/severity.ts `byBasis`).
   * The compat rules set it where every host a finding names only degrades (a soft limit), never refuses.
   * Counts only where the basis is mcpact's policy.
   */
  lenient?: boolean;
  /** Drift rules: this change's own level, for change ids whose level depends on the change. */
  level?: Level;
  /** The server's own answer the verdict rests on (exercise/answers.ts `answerOf`): shown by every reporter. */
  answer?: Answer;
  /**
   * What makes two reports of this rule one cause, when the message does not say it: typically the server's
   * answer (its code and its words). The engine masks names, numbers and quoted values in it; reports of one cause
   * are one finding. Default: the message. With a cause, one place may stand in a finding several times (two
   * invalid inputs to one tool, answered alike).
   */
  cause?: string;
}

/** The pinned contract a server is compared with (`drift.baseline`, or `mcpact diff --lockfile`). */
export interface Baseline {
  lock: Lockfile;
  /** The redaction `mcpact baseline` applied, so both sides of the comparison hide exactly the same values. */
  redact: <T>(value: T) => T;
  /** The file it was read from, as messages name it. */
  file: string;
  /**
   * Compared whichever server it pins: `mcpact diff --against` compares two versions of one server, captured just
   * now, so a new serverInfo.name is a note there, not another server's lockfile.
   */
  anyName?: true;
}

/** What decides whether a rule applies to a server at all (a rule that does not apply is not listed). */
export interface RuleTarget {
  settings: ServerSettings;
  baseline?: Baseline;
  /** HTTP: how mcpact signed in to the server (it answered 401 without a token); the auth rules apply only then. */
  signIn?: SignIn;
}

/** What the engine hands a rule: the captured contract, the one door to the server, and per-server expectations. */
export interface RuleContext {
  surface: Surface;
  probe: Probe;
  expect: { protocolVersion?: string };
  /**
   * The rule's requirement as its findings on this server cite it: the text of the negotiated revision (or the
   * target's, marked as a fallback). Messages that name the level take it from here.
   */
  spec?: SpecRef;
  /** This server's feature options from the config (empty for zero-config runs). */
  settings: ServerSettings;
  /** Opt-ins (--show-values, --update-golden) and golden files. */
  runtime: RunRuntime;
  /**
   * Connections of the rule's own to the same server, for transport checks (stdio framing, HTTP status codes,
   * version negotiation); undefined for in-memory targets.
   */
  transport?: TransportProbe;
  /** The lockfile this server is compared with, when there is one (drift rules apply only then). */
  baseline?: Baseline;
  /** HTTP: what signing in to the server found (its 401, its metadata) and the tokens of the auth probes. */
  signIn?: SignIn;
  /** Work shared by the rules of this server's run (engine/cache.ts). */
  cache: RunCache;
  /**
   * The ids of the rules that run on this server (not off): a rule that judges work other rules do (the tool calls
   * the tools rules make) looks at it only when those rules run, so it never makes calls a user turned off.
   */
  running: ReadonlySet<string>;
  // The callbacks are function properties, not methods: rules destructure them (`check({ report, skip })`).
  report: (finding: Report) => void;
  /** Adds a note to the rule's result (shown as its reason), e.g. which items could not be exercised. */
  note: (text: string) => void;
  /** Marks the rule as not applicable to this server, with the reason shown in reports. */
  skip: (reason: string) => void;
  /**
   * Measurements for the server's report, shown by every reporter whether or not a finding was made: latency, and
   * how many tool calls found the server's backend unreachable.
   */
  metrics: (metrics: ServerMetrics) => void;
  /**
   * The rule cannot reach a verdict for a reason that means not everything was tested (a capture that failed):
   * its result is an `error` with this reason, and the server's report is incomplete (exit 2).
   */
  incomplete: (reason: string) => void;
  /**
   * The rule could not reach a verdict on some or all of what it checks (no answer to two tries, a list that
   * could not be read). Without findings its result is `inconclusive` with this reason, never a pass; with
   * findings it fails, and the reason joins its notes.
   */
  inconclusive: (reason: string) => void;
}

/** One server of the run, as `checkAcross` sees it. */
export interface ServerSurface {
  name: string;
  surface: Surface;
}

export interface Rule<Id extends string = string> {
  id: Id;
  family: Family;
  /** One line, shown by `mcpact rules` and in docs. */
  description: string;
  defaultSeverity: Severity;
  /** The requirement the rule rests on; absent only for rules that rest on the user's own files (drift: the lockfile). */
  spec?: RuleSpec;
  /**
   * The other requirements its findings may rest on (`Report.spec`), by what they judge. Listed here so that
   * scripts/verify-spec-quotes.ts checks them against the specification like the rule's own, and the rule tester
   * refuses a finding that cites a sentence listed nowhere.
   */
  alsoQuotes?: Readonly<Record<string, RuleSpec>>;
  /** Longer explanation for docs/rules.md: why it matters, what passes, how to fix it. */
  docs: string;
  /** Drift rules: the change id of the change table they report (its level decides the severity). */
  change?: ChangeId;
  /**
   * The declared lists the rule judges. When one of them could not be read (an error, no answer), the rule cannot
   * pass: without findings it is inconclusive, with the server's words as the reason.
   */
  needs?: readonly ListKind[];
  /**
   * Eras in which the rule has nothing to check (what it tests does not exist there: initialize, ping, sessions in
   * the modern era), each with the reason its result shows. The engine skips the rule in those eras.
   */
  skipIn?: Partial<Record<Era, string>>;
  /**
   * The rule's default severity follows the keyword of the text it cites at the negotiated revision (MUST an
   * error, SHOULD a warning; engine/severity.ts `defaultSeverityAt`); `defaultSeverity` is the target revision's.
   */
  severityFollowsRevision?: boolean;
  /** Whether the rule applies to this server; default: always. A rule that does not apply is not listed for it. */
  applies?: (target: RuleTarget) => boolean;
  /**
   * Runs once every other rule has finished: for rules that judge what the whole session saw (its stdout), or
   * that time the server without mcpact's other requests in flight (latency).
   */
  afterOthers?: boolean;
  /**
   * The rule judges, itself, requests that the server going away left unanswered (`closed` with `lost`): the runner
   * does not make it inconclusive for having seen them.
   */
  judgesLoss?: boolean;
  /**
   * The rule takes a step on the fresh stdio child the transport probes share (connect/shared-child.ts). When one
   * that runs says so, the runner starts that child alongside the session instead of after the capture.
   */
  sharedChild?: boolean;
  check(context: RuleContext): void | Promise<void>;
  /**
   * Checks that need every server of the run (tool shadowing across servers). Runs once after the last server,
   * with at least two captured; returns, by server name, what to report on that server under this rule.
   */
  checkAcross?: (servers: readonly ServerSurface[]) => Map<string, Report[]>;
}

/**
 * Whether a rule runs on a session of this era at all. A requirement of the modern era only (no legacy revision has
 * a text for it) is not listed for a legacy session, so a legacy server's report stays what it was before mcpact
 * spoke the modern era; a rule that does apply but has nothing to check in the era is skipped instead (`skipIn`).
 */
export function appliesInEra(rule: Pick<Rule, 'spec'>, era: Era): boolean {
  return era === 'modern' || rule.spec === undefined || rule.spec.texts[TARGET_REVISION] !== ABSENT;
}

/** Identity function: it exists so the rule id keeps its literal type. */
export function defineRule<const Id extends string>(rule: Rule<Id>): Rule<Id> {
  return rule;
}

/** What reporters may say about a rule, taken from the registry by the CLI (reporters stay pure functions of their input). */
export function ruleMeta(rule: Rule): RuleMeta {
  const meta: RuleMeta = {
    id: rule.id,
    family: rule.family,
    description: rule.description,
    docs: rule.docs,
    defaultSeverity: rule.defaultSeverity,
    helpUri: `${RULES_DOCS_URL}#${ruleAnchor(rule.id)}`,
  };
  if (rule.spec) meta.spec = targetRef(rule.spec);
  return meta;
}
