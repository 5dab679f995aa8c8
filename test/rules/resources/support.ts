/** A fake server with resources, a template and (optionally) completions and subscribe, for the resources rule tables. */
import type { FakeServerSpec, Reply } from '../../support/fake-server.js';

export const DOC = { uri: 'docs://guide/intro', name: 'intro', mimeType: 'text/markdown' };
export const TEMPLATE = {
  uriTemplate: 'docs://pages/{page}',
  name: 'page',
  description: 'A page of the guide by name (intro or setup).',
  mimeType: 'text/markdown',
};

export function resourceServer(overrides: Partial<FakeServerSpec> = {}): FakeServerSpec {
  return {
    resources: [DOC],
    resourceTemplates: [TEMPLATE],
    reads: { 'docs://pages/intro': text('docs://pages/intro'), 'docs://pages/setup': text('docs://pages/setup') },
    ...overrides,
  };
}

export function text(uri: string, mimeType = 'text/markdown', body = '# Intro'): Reply {
  return { result: { contents: [{ uri, mimeType, text: body }] } };
}

/** A handler that answers resources/read of `uri` with `reply`, leaving everything else to the fake. */
export function reading(uri: string, reply: Reply): FakeServerSpec['handle'] {
  return (method, params) => (method === 'resources/read' && params?.uri === uri ? reply : undefined);
}
