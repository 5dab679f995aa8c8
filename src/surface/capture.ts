/**
 * Captures the whole declared contract once: the opening result (initialize, or server/discover in the modern
 * era) and every page of each list the server's capabilities announce, with a guard against cursor loops and
 * endless pagination.
 */
import type { Outcome } from '../connect/rpc.js';
import { META_KEYS } from '../connect/envelope.js';
import { MODERN_REVISION } from '../model/spec.js';
import { LISTS, type ListCapture, type ListKind, type ListSpec, type PageFields, type Surface } from './types.js';
import { asRecord } from '../util/json.js';
import { captureSkills, declaredSkills } from './skills.js';

/** More pages than any honest server sends; a server past it is reported, not followed. */
export const PAGE_CAP = 100;

export type Requester = (method: string, params: unknown) => Promise<Outcome>;

/**
 * The Surface of a session: a legacy one from its initialize exchange; a modern one (`discoverResult` given) from
 * server/discover, where the protocol version is the one every request of the session carries.
 */
export async function captureSurface(
  initializeRequest: { protocolVersion: string },
  initializeResult: Record<string, unknown>,
  request: Requester,
  discoverResult?: Record<string, unknown>,
): Promise<Surface> {
  if (discoverResult !== undefined) return captureModern(discoverResult, request);
  const capabilities = asRecord(initializeResult.capabilities) ?? {};
  const entries = await Promise.all(LISTS.map(async (spec) => [spec.kind, await captureList(spec, capabilities, request)] as const));
  return {
    era: 'legacy',
    requestedProtocolVersion: initializeRequest.protocolVersion,
    initializeResult,
    protocolVersion: typeof initializeResult.protocolVersion === 'string' ? initializeResult.protocolVersion : undefined,
    capabilities,
    serverInfo: asRecord(initializeResult.serverInfo),
    instructions: typeof initializeResult.instructions === 'string' ? initializeResult.instructions : undefined,
    lists: Object.fromEntries(entries) as Record<ListKind, ListCapture>,
  };
}

async function captureModern(discoverResult: Record<string, unknown>, request: Requester): Promise<Surface> {
  const capabilities = asRecord(discoverResult.capabilities) ?? {};
  const settings = declaredSkills(capabilities);
  const [entries, skills] = await Promise.all([
    Promise.all(LISTS.map(async (spec) => [spec.kind, await captureList(spec, capabilities, request)] as const)),
    settings === undefined ? undefined : captureSkills(settings, request, PAGE_CAP),
  ]);
  return {
    era: 'modern',
    requestedProtocolVersion: MODERN_REVISION,
    initializeResult: {},
    discoverResult,
    protocolVersion: MODERN_REVISION,
    capabilities,
    serverInfo: asRecord(asRecord(discoverResult._meta)?.[META_KEYS.serverInfo]),
    instructions: typeof discoverResult.instructions === 'string' ? discoverResult.instructions : undefined,
    lists: Object.fromEntries(entries) as Record<ListKind, ListCapture>,
    ...(skills !== undefined && { skills }),
  };
}

/** The fields of a page besides its items that the modern era's rules judge (resultType, caching hints). */
function pageFields(page: Record<string, unknown>): PageFields {
  const fields: PageFields = {};
  if ('resultType' in page) fields.resultType = page.resultType;
  if ('ttlMs' in page) fields.ttlMs = page.ttlMs;
  if ('cacheScope' in page) fields.cacheScope = page.cacheScope;
  return fields;
}

async function captureList(spec: ListSpec, capabilities: Record<string, unknown>, request: Requester): Promise<ListCapture> {
  const capture: ListCapture = { spec, status: 'ok', items: [], pages: 0, problems: [] };
  if (capabilities[spec.capability] === undefined) {
    capture.status = 'not-declared';
    return capture;
  }
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    if (capture.pages >= PAGE_CAP) {
      capture.problems.push({ kind: 'page-cap', pages: capture.pages });
      return capture;
    }
    const outcome = await request(spec.method, cursor === undefined ? {} : { cursor });
    capture.pages++;
    if (outcome.kind !== 'result') {
      capture.status = outcome.kind;
      if (outcome.kind === 'error') capture.error = { code: outcome.code, message: outcome.message };
      return capture;
    }
    const page = asRecord(outcome.result);
    if (page) (capture.pageFields ??= []).push(pageFields(page));
    const items = page?.[spec.field];
    if (!Array.isArray(items)) {
      capture.problems.push({ kind: 'invalid-page', page: capture.pages, reason: `result has no "${spec.field}" array` });
      capture.status = 'malformed';
      return capture;
    }
    // One at a time: a page of 300,000 items spread into push() overflows the stack.
    for (const item of items as unknown[]) capture.items.push(item);
    const next = page?.nextCursor;
    if (next === undefined || next === null) return capture;
    if (typeof next !== 'string') {
      capture.problems.push({ kind: 'invalid-page', page: capture.pages, reason: 'nextCursor is not a string' });
      return capture;
    }
    if (seenCursors.has(next)) {
      capture.problems.push({ kind: 'repeated-cursor', cursor: next, page: capture.pages });
      return capture;
    }
    seenCursors.add(next);
    cursor = next;
  }
}
