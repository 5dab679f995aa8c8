/**
 * The MCP specification revisions mcpact knows, and the one its verdicts rest on by default.
 * A finding names the revision it was judged against, so a reader can tell a spec rule from an SDK habit.
 */
export const KNOWN_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type Revision = (typeof KNOWN_REVISIONS)[number];

/** The revision mcpact offers in `initialize` and judges against when nothing else is negotiated. */
export const TARGET_REVISION = '2025-11-25' satisfies Revision;
export type TargetRevision = typeof TARGET_REVISION;

/**
 * Published revisions after the target, of the modern era, which mcpact speaks over `server/discover`
 * (docs/revisions.md). A server that speaks one is judged by that revision's own sentence; every rule states one
 * for it, or `absent` (test/rules/registry.test.ts).
 */
export const LATER_REVISIONS = ['2026-07-28'] as const;
export type LaterRevision = (typeof LATER_REVISIONS)[number];
/** Every revision a rule may quote. */
export const QUOTED_REVISIONS = [...KNOWN_REVISIONS, ...LATER_REVISIONS] as const;
export type QuotedRevision = (typeof QUOTED_REVISIONS)[number];

/** The first revision of the modern era: no initialize, a `_meta` envelope on every request (basic/versioning). */
export const MODERN_REVISION = '2026-07-28' satisfies LaterRevision;

/**
 * The two eras of MCP, as 2026-07-28 names them (basic/versioning#terminology): `legacy` revisions open a session
 * with `initialize` (2025-11-25 and earlier), `modern` ones carry version and capabilities on every request.
 */
export const ERAS = ['legacy', 'modern'] as const;
export type Era = (typeof ERAS)[number];
/** What a user may ask for: one era, or `auto` (probe `server/discover`, fall back to `initialize`). */
export const ERA_CHOICES = ['auto', ...ERAS] as const;
export type EraChoice = (typeof ERA_CHOICES)[number];

/** The era a revision belongs to: modern from 2026-07-28 on (revisions are dates, so string order is time order). */
export function eraOf(version: string | null | undefined): Era {
  return typeof version === 'string' && version >= MODERN_REVISION ? 'modern' : 'legacy';
}

export function isLaterRevision(version: unknown): version is LaterRevision {
  return typeof version === 'string' && (LATER_REVISIONS as readonly string[]).includes(version);
}

/**
 * Extensions of MCP with a specification of their own. A rule that rests on one quotes the extension's stable
 * revision, which applies whatever MCP revision the server negotiated; its `section` is an anchor of that document.
 */
export const EXTENSIONS = {
  'io.modelcontextprotocol/ui': {
    name: 'MCP Apps',
    revision: '2026-01-26',
    /** The document in github.com/modelcontextprotocol/ext-apps. */
    path: 'specification/2026-01-26/apps.mdx',
    url: 'https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx',
  },
  'io.modelcontextprotocol/tasks': {
    name: 'MCP Tasks',
    /**
     * The Final text: SEP-2663, status Final, which replaces the experimental tasks of 2025-11-25 (tasks/result and
     * tasks/list removed, results inline in tasks/get, an acknowledgement for tasks/cancel). It is defined for the
     * modern era only: "This extension is not defined under the 2025-11-25 protocol version."
     */
    revision: 'SEP-2663',
    /** The document in github.com/modelcontextprotocol/ext-tasks (the same SEP is in the specification repository). */
    path: 'seps/2663-tasks-extension.md',
    url: 'https://github.com/modelcontextprotocol/ext-tasks/blob/main/seps/2663-tasks-extension.md',
  },
  'io.modelcontextprotocol/skills': {
    name: 'MCP Skills',
    /** SEP-2640 became Final on this day; the stable document is that release, not edited in place. */
    revision: '2026-09-13',
    /** The document in github.com/modelcontextprotocol/ext-skills, written against base revision 2026-07-28. */
    path: 'specification/stable/skills.mdx',
    url: 'https://github.com/modelcontextprotocol/ext-skills/blob/main/specification/stable/skills.mdx',
  },
} as const;
export type ExtensionId = keyof typeof EXTENSIONS;

export function isKnownRevision(version: unknown): version is Revision {
  return typeof version === 'string' && (KNOWN_REVISIONS as readonly string[]).includes(version);
}

/** Revisions are dates, so their string order is their time order. */
export function revisionAtLeast(version: string, floor: Revision): boolean {
  return version >= floor;
}

/**
 * MUST-level requirements are errors by default, SHOULD-level ones warnings; lints with no spec level are chosen per
 * rule. POLICY: mcpact's own expectation, which no quoted sentence states (a warning at most). CONFIG: an
 * expectation the user wrote in the config, not a spec requirement.
 */
export const REQUIREMENT_LEVELS = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'SCHEMA', 'BEST PRACTICE', 'POLICY', 'CONFIG'] as const;
export type RequirementLevel = (typeof REQUIREMENT_LEVELS)[number];

/**
 * What a verdict rests on, a public name (`spec.basis` in the JSON report):
 * - `spec`: the quoted sentence says what the rule checks, of the server (its level is the keyword, or a best
 *   practice where the sentence states none);
 * - `policy`: mcpact's own expectation; the quoted sentence is context only, because it does not say what is
 *   checked, or binds only the client. A warning at most by default, and information where the server was lenient
 *   in a way the specification permits (`lenient`);
 * - `config`: an expectation the user wrote in the config.
 */
export const BASES = ['spec', 'policy', 'config'] as const;
export type Basis = (typeof BASES)[number];

/**
 * The requirement keyword of a quoted sentence (RFC 2119 as the spec uses it), `SCHEMA` for a type or field of
 * schema.ts (the spec's source of truth for message shapes), and `none` when the text states no level for what
 * the rule checks (a description, or no sentence at all: the rule is a best practice).
 */
export const KEYWORDS = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY', 'SCHEMA', 'none'] as const;
export type Keyword = (typeof KEYWORDS)[number];

/**
 * Whom the sentence binds, as the text puts it:
 * - `server`: the server, or what only a server sends (a tool result, a cursor it issued, its stdout);
 * - `client`: the client only, so the sentence is no verdict on the server;
 * - `both`: both parties ("Both parties", "Implementations", or a message type either side sends);
 * - `receiver`: "the receiver" of a request or notification; mcpact is the sender, so here that is the server.
 */
export const PARTIES = ['server', 'client', 'both', 'receiver'] as const;
export type Party = (typeof PARTIES)[number];

/** The sentence a verdict rests on in one revision of the specification. */
export interface SpecText {
  keyword: Keyword;
  binds: Party;
  /** Page and anchor under specification/<revision>/, e.g. `basic/lifecycle#initialization`. */
  section: string;
  /**
   * The sentence, verbatim (at most 300 characters): markdown emphasis, link targets and line breaks dropped, a
   * list item after the sentence that introduces it; " … " marks words left out. A `SCHEMA` quote is
   * `Type.field: declaration` as schema.ts declares it, or `Type: text of its doc comment`, or the sentence of the
   * specification that makes schema.ts the source of truth (protocol/message-schema).
   */
  quote: string;
  /** Why the quote is the basis, when that is not plain from the quote itself. */
  note?: string;
}

/** The revision lacks what the rule checks (the feature, or any text about it): the rule has no basis there. */
export const ABSENT = 'absent';

/**
 * A rule's basis in every revision mcpact knows: the target revision always has one, unless the requirement is
 * one of the modern era only (server/discover, the `_meta` envelope, caching hints), which every legacy revision
 * lacks and the modern revision has.
 */
export type SpecTexts = TargetSpecTexts | ModernSpecTexts;
export type TargetSpecTexts = { [R in TargetRevision]: SpecText } & { [R in Exclude<Revision, TargetRevision>]: SpecText | typeof ABSENT } & {
  [R in LaterRevision]?: SpecText | typeof ABSENT;
};
/** A requirement of the modern era only. */
export type ModernSpecTexts = { [R in Revision]: typeof ABSENT } & { [R in LaterRevision]: SpecText };

/**
 * What a later revision changed in a sentence: the fields it rewords or moves (`note: undefined` drops a note), or
 * ABSENT where the revision no longer has the requirement.
 */
export type SpecChange = Partial<SpecText> | typeof ABSENT;

/**
 * A sentence stated once (STYLE.md 16): the revision it appeared in, and a change only where a later revision
 * rewords it, changes its keyword or section, or drops it. Every earlier revision lacks it (ABSENT); every later one
 * keeps the text in force. Expands to the text of every revision, so what reads `texts` (findings, docs/rules.md,
 * scripts/verify-spec-quotes.ts) sees each revision's sentence in full.
 */
export function since(first: QuotedRevision, text: SpecText, changes: Partial<Record<QuotedRevision, SpecChange>> = {}): SpecTexts {
  const resolved = new Map<QuotedRevision, SpecText | typeof ABSENT>();
  let current: SpecText | typeof ABSENT = ABSENT;
  for (const revision of [...QUOTED_REVISIONS].sort()) {
    const change = changes[revision];
    if (change !== undefined && revision <= first) throw new Error(`since(${first}): a change in ${revision}, not after the sentence appeared`);
    if (revision === first) current = text;
    else if (change !== undefined) current = changed(current, change, revision);
    resolved.set(revision, current);
  }
  const at = (revision: QuotedRevision) => resolved.get(revision) ?? ABSENT;
  const target = at(TARGET_REVISION);
  const modern = at(MODERN_REVISION);
  const legacy = { '2025-06-18': at('2025-06-18'), '2025-03-26': at('2025-03-26'), '2024-11-05': at('2024-11-05') };
  if (target !== ABSENT) return { '2025-11-25': target, ...legacy, '2026-07-28': modern };
  // Without a sentence in the target revision, the requirement must be one of the modern era only.
  if (modern === ABSENT || Object.values(legacy).some((legacyText) => legacyText !== ABSENT))
    throw new Error(`since(${first}): no sentence in ${TARGET_REVISION}, and not a requirement of ${MODERN_REVISION} alone`);
  return { '2025-11-25': ABSENT, '2025-06-18': ABSENT, '2025-03-26': ABSENT, '2024-11-05': ABSENT, '2026-07-28': modern };
}

const SPEC_TEXT_FIELDS = ['keyword', 'binds', 'section', 'quote', 'note'] as const satisfies readonly (keyof SpecText)[];

/** The text in force after a change; a change that changes nothing is refused, so every entry says something. */
function changed(current: SpecText | typeof ABSENT, change: SpecChange, revision: QuotedRevision): SpecText | typeof ABSENT {
  if (change === ABSENT) {
    if (current === ABSENT) throw new Error(`since(): ${revision} drops a sentence that is already absent`);
    return ABSENT;
  }
  const { keyword, binds, section, quote, note } = { ...(current === ABSENT ? {} : current), ...change };
  if (keyword === undefined || binds === undefined || section === undefined || quote === undefined)
    throw new Error(`since(): ${revision} brings a sentence back without its keyword, binds, section and quote`);
  const next: SpecText = { keyword, binds, section, quote, ...(note !== undefined && { note }) };
  if (current !== ABSENT && SPEC_TEXT_FIELDS.every((field) => current[field] === next[field])) throw new Error(`since(): ${revision} changes nothing`);
  return next;
}

/** Why a finding cites the target revision instead of the one the server negotiated. */
export const FALLBACKS = ['unknown-revision', 'not-in-revision', 'not-quoted'] as const;
export type Fallback = (typeof FALLBACKS)[number];

/** The requirement one verdict rests on: what findings carry (with a URL) and reporters print. */
export interface SpecRef {
  /** What the verdict rests on: the quoted sentence, mcpact's policy (the quote is context), or the config. */
  basis: Basis;
  /** With basis `policy`: mcpact's expectation in words. */
  policy?: string;
  /**
   * With basis `policy`: the server accepted what the policy would refuse, and the specification permits that (a
   * prompt argument nobody declared, a blank value): the finding is information by default.
   */
  lenient?: true;
  /** Revision the requirement is quoted from (with `extension`: the MCP revision it was judged at). */
  revision: QuotedRevision;
  /** Set when the quote is from an extension's specification: its id and revision, e.g. `io.modelcontextprotocol/ui 2026-01-26`. */
  extension?: string;
  level: RequirementLevel;
  /** Page and anchor under specification/<revision>/, e.g. `basic/lifecycle#initialization`. */
  section: string;
  /** Id in the server checklist (docs/conformance.md), when there is one. */
  checklist?: string;
  keyword?: Keyword;
  binds?: Party;
  quote?: string;
  /**
   * Set when the revision is the target instead of the negotiated one: `unknown-revision` when the server
   * negotiated no revision mcpact knows, `not-in-revision` when the negotiated revision has no such requirement,
   * `not-quoted` when the rule quotes no sentence of the negotiated (later) revision yet.
   */
  fallback?: Fallback;
}

/** What a rule rests on: the quoted sentence of every known revision. */
export interface RuleSpec {
  texts: SpecTexts;
  /** Id in the server checklist (docs/conformance.md), when there is one. */
  checklist?: string;
  /**
   * `config`: the verdict is an expectation the user wrote in the config; the texts say what it is about.
   * `policy`: the verdict is mcpact's own expectation (`policy` says it); the texts are the context a reader needs,
   * not its basis. Absent: the texts are the basis (except a text that binds only the client, which is context for
   * the `policy` too).
   */
  basis?: 'config' | 'policy';
  /**
   * mcpact's expectation in one sentence, where no quoted sentence binds the server to it: with `basis: 'policy'`,
   * and for a rule with a text that binds only the client.
   */
  policy?: string;
  /** The texts are quoted from this extension's specification, not from the MCP revision (EXTENSIONS). */
  extension?: ExtensionId;
}

/**
 * What a verdict quoting this text rests on: the config or mcpact's policy when the rule says so, mcpact's policy
 * when the text binds only the client (a client's duty is no verdict on the server), else the text itself.
 */
export function basisOf(text: SpecText, spec: Pick<RuleSpec, 'basis'> = {}): Basis {
  if (spec.basis !== undefined) return spec.basis;
  return text.binds === 'client' ? 'policy' : 'spec';
}

/**
 * The level a text sets for the server: its keyword when it binds the server (alone, with the client, or as
 * the receiver of what mcpact sends); a best practice when it states no level; POLICY when the verdict is mcpact's
 * own (the rule says so, or the text binds only the client); CONFIG for the config's expectations.
 */
export function levelOf(text: SpecText, spec: Pick<RuleSpec, 'basis'> = {}): RequirementLevel {
  const basis = basisOf(text, spec);
  if (basis === 'config') return 'CONFIG';
  if (basis === 'policy') return 'POLICY';
  if (text.keyword === 'none' || text.keyword === 'MAY') return 'BEST PRACTICE';
  return text.keyword;
}

/** The requirement at one revision, as findings and reporters show it. */
function refAt(spec: RuleSpec, revision: QuotedRevision, text: SpecText): SpecRef {
  const basis = basisOf(text, spec);
  // Key order is the JSON report's: what the verdict rests on first, then where the sentence is.
  const policy = basis === 'policy' && spec.policy !== undefined ? { policy: spec.policy } : {};
  const ref: SpecRef = { basis, ...policy, revision, level: levelOf(text, spec), section: text.section };
  if (spec.extension !== undefined) ref.extension = `${spec.extension} ${EXTENSIONS[spec.extension].revision}`;
  if (spec.checklist !== undefined) ref.checklist = spec.checklist;
  ref.keyword = text.keyword;
  ref.binds = text.binds;
  ref.quote = text.quote;
  return ref;
}

/**
 * A rule's requirement at the revision mcpact targets (its default severity follows this one); for a requirement of
 * the modern era only, at the modern revision.
 */
export function targetRef(spec: RuleSpec): SpecRef {
  const target: SpecText | typeof ABSENT = spec.texts[TARGET_REVISION];
  if (target !== ABSENT) return refAt(spec, TARGET_REVISION, target);
  const modern = spec.texts[MODERN_REVISION];
  if (modern === undefined || modern === ABSENT) throw new Error('a rule spec without a text of the target or the modern revision');
  return refAt(spec, MODERN_REVISION, modern);
}

/**
 * The requirement a verdict on a server rests on: the text of the revision it negotiated; the target revision's
 * text, marked as a fallback, when that revision is not one mcpact knows or has no such requirement.
 */
export function citedRef(spec: RuleSpec, negotiated: string | null | undefined): SpecRef {
  if (isKnownRevision(negotiated) || isLaterRevision(negotiated)) {
    const text = spec.texts[negotiated];
    if (text !== undefined && text !== ABSENT) return refAt(spec, negotiated, text);
    // A later revision the rule has no sentence of yet (it may well keep the requirement): the target's text.
    if (text === undefined && isLaterRevision(negotiated)) return { ...targetRef(spec), fallback: 'not-quoted' };
  }
  return { ...targetRef(spec), fallback: isKnownRevision(negotiated) || isLaterRevision(negotiated) ? 'not-in-revision' : 'unknown-revision' };
}

/** How messages and reporters name a level: its keyword, "best practice" for a text that sets the server none. */
export function levelLabel(level: RequirementLevel): string {
  return level === 'BEST PRACTICE' ? 'best practice' : level === 'POLICY' ? 'mcpact policy' : level;
}

type Cited = Pick<SpecRef, 'level' | 'revision' | 'fallback' | 'extension'> & Partial<Pick<SpecRef, 'basis' | 'lenient'>>;

/**
 * "MUST in 2025-06-18", "best practice in 2025-11-25 (not in the negotiated revision)", "mcpact policy (no sentence
 * of 2025-11-25 requires it)": what reporters print. A policy never reads as a requirement of the revision.
 */
export function citation(ref: Cited): string {
  const extension = extensionOf(ref);
  const why =
    ref.fallback === 'not-in-revision'
      ? 'not in the negotiated revision'
      : ref.fallback === 'unknown-revision'
        ? 'negotiated revision unknown'
        : ref.fallback === 'not-quoted'
          ? 'the negotiated revision is not quoted yet'
          : undefined;
  const where = extension === undefined ? ref.revision : `${extension.name} ${extension.revision}`;
  if (ref.basis === 'policy') {
    const said = ref.lenient === true ? `${where} permits what the server did` : `no sentence of ${where} requires it`;
    return `${levelLabel('POLICY')} (${said}${why === undefined ? '' : `; ${why}`})`;
  }
  if (extension !== undefined) return `${levelLabel(ref.level)} in ${where}`;
  return `${levelLabel(ref.level)} in ${where}${why === undefined ? '' : ` (${why})`}`;
}

/** The citation and the section it names: a policy's section is context a reader may follow, not its basis. */
export function citedSection(ref: Cited, section: string): string {
  return ref.basis === 'policy' ? `${citation(ref)} · context ${section}` : `${citation(ref)} ${section}`;
}

export function specUrl(ref: Pick<SpecRef, 'revision' | 'section' | 'extension'>): string {
  const extension = extensionOf(ref);
  if (extension !== undefined) return `${extension.url}${ref.section.includes('#') ? `#${ref.section.split('#')[1]}` : ''}`;
  return `https://modelcontextprotocol.io/specification/${ref.revision}/${ref.section}`;
}

/** The extension a reference quotes, from its `extension` label. */
function extensionOf(ref: Pick<SpecRef, 'extension'>): (typeof EXTENSIONS)[ExtensionId] | undefined {
  if (ref.extension === undefined) return undefined;
  const id = ref.extension.split(' ')[0];
  return Object.entries(EXTENSIONS).find(([key]) => key === id)?.[1];
}
