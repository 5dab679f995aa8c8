/** A fake MCP App: a tool linking a ui:// resource, read as the extension asks unless a case says otherwise. */
import type { FakeServerSpec, Reply } from '../../support/fake-server.js';

export const UI_URI = 'ui://weather/dashboard';
export const HTML = '<!DOCTYPE html><html><head><title>Weather</title></head><body><main id="app"></main></body></html>';

export function appServer(
  overrides: { tool?: Record<string, unknown>; read?: Reply; listed?: Record<string, unknown> | null; spec?: Partial<FakeServerSpec> } = {},
): FakeServerSpec {
  const tool = {
    name: 'show_weather',
    description: 'Show the weather in a dashboard.',
    inputSchema: { type: 'object', properties: {} },
    _meta: { ui: { resourceUri: UI_URI, visibility: ['model', 'app'] } },
    ...overrides.tool,
  };
  const listed = overrides.listed === undefined ? { uri: UI_URI, name: 'dashboard', mimeType: 'text/html;profile=mcp-app' } : overrides.listed;
  return {
    tools: [tool],
    resources: listed === null ? [] : [listed],
    capabilities: { tools: {}, resources: {} },
    reads: { [UI_URI]: overrides.read ?? { result: { contents: [{ uri: UI_URI, mimeType: 'text/html;profile=mcp-app', text: HTML }] } } },
    ...overrides.spec,
  };
}

export function uiContents(item: Record<string, unknown>): Reply {
  return { result: { contents: [{ uri: UI_URI, mimeType: 'text/html;profile=mcp-app', text: HTML, ...item }] } };
}
