import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { McpactError } from '../../src/errors.js';
import { PLACEHOLDER_COMMAND } from '../../src/config/placeholder.js';

const ruleIds = ['protocol/ping', 'schema/tool-name'];
const load = (text: string, env: NodeJS.ProcessEnv = {}) => parseConfig(text, `${process.cwd()}/mcpact.yaml`, { env, ruleIds });
const failure = (text: string, env: NodeJS.ProcessEnv = {}): McpactError => {
  try {
    load(text, env);
  } catch (error) {
    if (error instanceof McpactError) return error;
    throw error;
  }
  throw new Error('expected a config error');
};

describe('config loading', () => {
  it('loads a stdio server', () => {
    const config = load('server:\n  transport: stdio\n  command: node\n  args: [server.js]\n');
    expect(config.file.server).toMatchObject({ transport: 'stdio', command: 'node', args: ['server.js'] });
    expect(config.serverLines).toEqual([1]);
  });

  it('loads several named servers and records the line of each', () => {
    const config = load('servers:\n  - name: a\n    transport: stdio\n    command: a\n  - name: b\n    transport: http\n    url: http://127.0.0.1:1/mcp\n');
    expect(config.file.servers?.map((server) => server.name)).toEqual(['a', 'b']);
    expect(config.serverLines).toEqual([2, 5]);
  });

  it('points at file:line:column of an unknown key, with a did-you-mean', () => {
    const error = failure('server:\n  transport: stdio\n  comand: node\n');
    expect(error.kind).toBe('config');
    expect(error.message).toBe('mcpact.yaml:3:3: unknown key "comand" at server (did you mean "command"?)');
  });

  it('names a missing environment variable and where it is used', () => {
    const error = failure('server:\n  transport: http\n  url: http://127.0.0.1/mcp\n  headers:\n    Authorization: Bearer ${API_TOKEN}\n');
    expect(error.message).toBe('mcpact.yaml:5:20: environment variable API_TOKEN is not set (used at server.headers.Authorization)');
  });

  it('interpolates variables, keeps $${ literal, and registers values as secrets', () => {
    const config = load('server:\n  transport: stdio\n  command: node\n  env:\n    KEY: ${SECRET_VALUE}\n    LITERAL: $${NOT_A_VAR}\n', {
      SECRET_VALUE: 's3cr3t-value',
    });
    expect(config.file.server).toMatchObject({ env: { KEY: 's3cr3t-value', LITERAL: '${NOT_A_VAR}' } });
    expect(config.secrets).toEqual(['s3cr3t-value']);
  });

  it("refuses the starter's placeholder command in one line naming the key, in `server` and in `servers`", () => {
    const one = failure(`server:\n  transport: stdio\n  command: "${PLACEHOLDER_COMMAND}"\n`);
    expect(one.kind).toBe('config');
    expect(one.message).toMatch(/^mcpact\.yaml:3:12: server\.command is still the placeholder `mcpact init` wrote: set it to the command/);
    expect(one.details).toEqual([]);
    const second = failure(`servers:\n  - { name: a, transport: stdio, command: a }\n  - { name: b, transport: stdio, command: "${PLACEHOLDER_COMMAND}" }\n`);
    expect(second.message).toMatch(/^mcpact\.yaml:3:\d+: servers\[1\]\.command is still the placeholder/);
  });

  it('rejects unknown rule ids with a did-you-mean', () => {
    const error = failure('server:\n  transport: stdio\n  command: x\nrules:\n  protocol/pnig: off\n');
    expect(error.message).toBe('mcpact.yaml:5:3: unknown rule "protocol/pnig" (did you mean "protocol/ping"?); see `mcpact rules`');
  });

  it('rejects a bad rule level with the allowed values', () => {
    const error = failure('server:\n  transport: stdio\n  command: x\nrules:\n  protocol/ping: warn\n');
    expect(error.message).toContain('mcpact.yaml:5:18: rules.protocol/ping must be one of: off, info, warning, error (did you mean "warning"?)');
  });

  it('says where a per-server option belongs when it is written at the top level', () => {
    expect(failure('server: { transport: stdio, command: a }\nprompts: {}\n').message).toBe(
      'mcpact.yaml:2:1: unknown key "prompts" at the top level (it belongs inside the server entry: server.prompts or servers[].prompts)',
    );
  });

  it('loads prompt examples and expectations, and rejects an invalid regular expression', () => {
    const config = load(
      'server:\n  transport: stdio\n  command: a\n  prompts:\n    unknown_arguments: accept\n    review:\n      arguments: { language: go }\n      expect: { match: ["^Review"] }\n',
    );
    expect(config.file.server).toMatchObject({ prompts: { unknown_arguments: 'accept', review: { arguments: { language: 'go' } } } });
    expect(failure('server:\n  transport: stdio\n  command: a\n  prompts:\n    review:\n      expect: { match: ["(unclosed"] }\n').message).toContain(
      'server.prompts.review.expect.match[0]: not a valid regular expression',
    );
  });

  it('requires a transport', () => {
    expect(failure('server:\n  command: node\n').message).toContain('server.transport is required');
  });

  it('reports invalid YAML with its position', () => {
    expect(failure('server:\n  transport: [stdio\n').message).toMatch(/^mcpact\.yaml:\d+:\d+: invalid YAML/);
  });

  it('needs a server, and not both forms', () => {
    expect(failure('timeouts: { call_ms: 5 }\n').message).toContain('no server to test');
    expect(failure('server: { transport: stdio, command: a }\nservers: [{ name: b, transport: stdio, command: b }]\n').message).toContain(
      'either `server` or `servers`',
    );
  });

  it('needs unique names in servers', () => {
    expect(failure('servers:\n  - { name: a, transport: stdio, command: a }\n  - { name: a, transport: stdio, command: b }\n').message).toContain(
      'duplicate server name "a"',
    );
  });

  it('rejects wrong types with the path', () => {
    expect(failure('server: { transport: stdio, command: a }\ntimeouts: { call_ms: "soon" }\n').message).toMatch(/^mcpact\.yaml:2:\d+: timeouts\.call_ms: /);
  });
});

describe('shipped configs', () => {
  it('mcpact.yaml.example and examples/mcpact.yaml are valid', async () => {
    const { readFileSync } = await import('node:fs');
    const { ALL_RULES } = await import('../../src/rules/index.js');
    const ids = ALL_RULES.map((rule) => rule.id);
    const env = { NOTES_API_KEY: 'k', MCP_TOKEN: 't' };
    for (const file of ['mcpact.yaml.example', 'examples/mcpact.yaml']) {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(() => parseConfig(text, `${process.cwd()}/${file}`, { env, ruleIds: ids })).not.toThrow();
    }
  });
});

describe('inherited:', () => {
  it('takes info, warning or off at the top level and per server', () => {
    const config = load('inherited: off\nservers:\n  - name: a\n    transport: stdio\n    command: a\n    inherited: warning\n');
    expect(config.file.inherited).toBe('off');
    expect(config.file.servers?.[0]?.inherited).toBe('warning');
  });

  it('refuses any other level, naming the allowed ones', () => {
    const error = failure('inherited: error\nserver:\n  transport: stdio\n  command: a\n');
    expect(error.message).toMatch(/inherited/);
    expect(error.message).toMatch(/off|info|warning/);
  });

  it('still refuses unknown keys', () => {
    expect(failure('inherit: off\nserver:\n  transport: stdio\n  command: a\n').message).toMatch(/inherit/);
  });
});
