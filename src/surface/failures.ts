/**
 * A declared list that could not be read is not an empty list: the rules that need it cannot judge it, and the run
 * is incomplete. What the server said is kept in its own words (bounded), for the report.
 */
import { quote } from '../util/text.js';
import type { ListKind, Surface } from './types.js';

export interface ListFailure {
  kind: ListKind;
  method: string;
  /** `tools/list failed with JSON-RPC error -32603 "connect ECONNREFUSED 127.0.0.1:5432"`, ... */
  reason: string;
}

export function listFailures(surface: Surface): ListFailure[] {
  return Object.values(surface.lists).flatMap((list): ListFailure[] => {
    const { method } = list.spec;
    const page = list.pages > 1 ? ` (page ${list.pages})` : '';
    switch (list.status) {
      case 'ok':
      case 'not-declared':
        return [];
      case 'error':
        // -32601 is a definite answer, not a failure to answer: the method does not exist, although a capability
        // announces it. protocol/capability-implemented reports that, and there are simply no items to test.
        if (list.error?.code === -32601) return [];
        return [
          {
            kind: list.spec.kind,
            method,
            reason: `${method} failed${page} with JSON-RPC error ${String(list.error?.code).slice(0, 20)} ${quote(list.error?.message ?? '', 160)}`,
          },
        ];
      case 'timeout':
        return [{ kind: list.spec.kind, method, reason: `${method} got no answer${page}` }];
      case 'closed':
        return [{ kind: list.spec.kind, method, reason: `the connection closed during ${method}${page}` }];
      case 'malformed':
        return [{ kind: list.spec.kind, method, reason: `${method} answered${page} with neither a result nor an error` }];
    }
  });
}
