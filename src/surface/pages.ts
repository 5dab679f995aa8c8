/**
 * Every page of a paginated list method (the base protocol's lists, and skills/list of the Skills extension), read
 * in order with the guards every list gets: a page cap, a cursor seen before, a page without its items array, a
 * cursor that is not a string. What a capture keeps of the items is the caller's (`keep`).
 */
import type { Outcome } from '../connect/rpc.js';
import { asRecord } from '../util/json.js';
import type { ListStatus, PageFields, PaginationProblem } from './types.js';

/** More pages than any honest server sends; a server past it is reported, not followed. */
export const PAGE_CAP = 100;

export type Requester = (method: string, params: unknown) => Promise<Outcome>;

/** What every paged capture records, whatever it keeps of the items. */
export interface PagedCapture {
  status: ListStatus;
  pages: number;
  error?: { code: unknown; message: unknown };
  problems: PaginationProblem[];
  pageFields?: PageFields[];
}

/** Reads `method` page by page into `capture`, handing each item of the `field` array to `keep`, one at a time. */
export async function readPages(capture: PagedCapture, method: string, field: string, request: Requester, keep: (item: unknown) => void): Promise<void> {
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    if (capture.pages >= PAGE_CAP) {
      capture.problems.push({ kind: 'page-cap', pages: capture.pages });
      return;
    }
    const outcome = await request(method, cursor === undefined ? {} : { cursor });
    capture.pages++;
    if (outcome.kind !== 'result') {
      capture.status = outcome.kind;
      if (outcome.kind === 'error') capture.error = { code: outcome.code, message: outcome.message };
      return;
    }
    const page = asRecord(outcome.result);
    if (page) (capture.pageFields ??= []).push(pageFields(page));
    const items = page?.[field];
    if (!Array.isArray(items)) {
      capture.problems.push({ kind: 'invalid-page', page: capture.pages, reason: `result has no "${field}" array` });
      capture.status = 'malformed';
      return;
    }
    // One at a time: a page of 300,000 items spread into push() overflows the stack.
    for (const item of items as unknown[]) keep(item);
    const next = page?.nextCursor;
    if (next === undefined || next === null) return;
    if (typeof next !== 'string') {
      capture.problems.push({ kind: 'invalid-page', page: capture.pages, reason: 'nextCursor is not a string' });
      return;
    }
    if (seenCursors.has(next)) {
      capture.problems.push({ kind: 'repeated-cursor', cursor: next, page: capture.pages });
      return;
    }
    seenCursors.add(next);
    cursor = next;
  }
}

/** The fields of a page besides its items that the modern era's rules judge (resultType, caching hints). */
function pageFields(page: Record<string, unknown>): PageFields {
  const fields: PageFields = {};
  if ('resultType' in page) fields.resultType = page.resultType;
  if ('ttlMs' in page) fields.ttlMs = page.ttlMs;
  if ('cacheScope' in page) fields.cacheScope = page.cacheScope;
  return fields;
}
