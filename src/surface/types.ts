/**
 * The Surface: everything a server declares, captured once per run as plain data. Items stay raw (`unknown`)
 * because the server is untrusted: rules validate them one by one, so one broken item never hides the rest.
 */
import type { Era } from '../model/spec.js';

export type ListKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

export interface ListSpec {
  kind: ListKind;
  method: string;
  /** The key of the items array in the list result. */
  field: string;
  /** The server capability that announces this list. */
  capability: 'tools' | 'prompts' | 'resources';
  /** Location kind used in findings about the items. */
  location: 'tool' | 'prompt' | 'resource' | 'resourceTemplate';
}

export const LISTS: readonly ListSpec[] = [
  { kind: 'tools', method: 'tools/list', field: 'tools', capability: 'tools', location: 'tool' },
  { kind: 'prompts', method: 'prompts/list', field: 'prompts', capability: 'prompts', location: 'prompt' },
  { kind: 'resources', method: 'resources/list', field: 'resources', capability: 'resources', location: 'resource' },
  {
    kind: 'resourceTemplates',
    method: 'resources/templates/list',
    field: 'resourceTemplates',
    capability: 'resources',
    location: 'resourceTemplate',
  },
];

export type PaginationProblem =
  { kind: 'repeated-cursor'; cursor: string; page: number } | { kind: 'page-cap'; pages: number } | { kind: 'invalid-page'; page: number; reason: string };

export type ListStatus = 'ok' | 'not-declared' | 'error' | 'timeout' | 'closed' | 'malformed';

export interface ListCapture {
  spec: ListSpec;
  status: ListStatus;
  /** All items of all pages, in order, unvalidated. */
  items: unknown[];
  pages: number;
  /** The JSON-RPC error, when status is `error`. */
  error?: { code: unknown; message: unknown };
  problems: PaginationProblem[];
  /** Per page read, in order: its resultType and caching hints as sent (a key is absent when the page had none). */
  pageFields?: PageFields[];
}

export interface PageFields {
  resultType?: unknown;
  ttlMs?: unknown;
  cacheScope?: unknown;
}

/** skills/list as captured (MCP Skills extension): every page, like a list of the base protocol. */
export interface SkillsCapture {
  status: ListStatus;
  /** The entries of every page read, in order, unvalidated; at most MAX_SKILLS (surface/skills.ts). */
  entries: unknown[];
  /** Entries past that bound, counted and dropped. */
  dropped: number;
  pages: number;
  error?: { code: unknown; message: unknown };
  problems: PaginationProblem[];
  /** Per page read: its resultType and caching hints as sent. */
  pageFields: PageFields[];
  /** The extension's settings object as declared (`{}` when it is not an object). */
  settings: Record<string, unknown>;
}

export interface Surface {
  /** The era the session speaks: `legacy` (initialize) or `modern` (server/discover and a `_meta` envelope per request). */
  era: Era;
  /** The protocol version mcpact offered in initialize (modern: the one every request carries). */
  requestedProtocolVersion: string;
  /** The initialize result exactly as received (empty in the modern era, which has no initialize). */
  initializeResult: Record<string, unknown>;
  /** The server/discover result exactly as received (modern era only). */
  discoverResult?: Record<string, unknown>;
  /** The negotiated version when the server sent a string, else undefined. */
  protocolVersion: string | undefined;
  capabilities: Record<string, unknown>;
  serverInfo: Record<string, unknown> | undefined;
  instructions: string | undefined;
  lists: Record<ListKind, ListCapture>;
  /**
   * skills/list, when the server declares the MCP Skills extension in the modern era (surface/skills.ts); absent
   * otherwise, so a server without it is captured, pinned and reported exactly as before.
   */
  skills?: SkillsCapture;
}
