/**
 * Captures the whole declared contract once: the opening result (initialize, or server/discover in the modern
 * era) and every page of each list the server's capabilities announce, with a guard against cursor loops and
 * endless pagination.
 */
import { META_KEYS } from '../connect/envelope.js';
import { MODERN_REVISION } from '../model/spec.js';
import { LISTS, type ListCapture, type ListKind, type ListSpec, type Surface } from './types.js';
import { asRecord } from '../util/json.js';
import { captureSkills, declaredSkills } from './skills.js';
import { readPages, type Requester } from './pages.js';

export { PAGE_CAP, type Requester } from './pages.js';

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
    settings === undefined ? undefined : captureSkills(settings, request),
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

async function captureList(spec: ListSpec, capabilities: Record<string, unknown>, request: Requester): Promise<ListCapture> {
  const capture: ListCapture = { spec, status: 'ok', items: [], pages: 0, problems: [] };
  if (capabilities[spec.capability] === undefined) {
    capture.status = 'not-declared';
    return capture;
  }
  await readPages(capture, spec.method, spec.field, request, (item) => capture.items.push(item));
  return capture;
}
