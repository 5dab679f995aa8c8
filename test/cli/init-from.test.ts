/**
 * `mcpact init --from <client config>`: the servers of a desktop client's or IDE's config as an mcpact.yaml that
 * copies no secret (env values, header values and credential flags become ${VAR}), and that runs as written.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startSseServer } from '../../fixtures/servers/sse-host.js';

const ENV_PROBE = path.join(ROOT, 'dist/fixtures/servers/env-probe.js');
const SECRET = 'sk-live-client-0123456789';
const TOKEN = 'ghp_clientconfigtoken0123';
const BEARER = 'Bearer hdr-secret-987654321';

describe('mcpact init --from', () => {
  it('imports mcpServers without copying a secret, and the config runs with the variables set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-init-from-'));
    writeFileSync(
      path.join(dir, 'claude_desktop_config.json'),
      JSON.stringify({
        mcpServers: {
          'env probe': { command: 'node', args: [ENV_PROBE, '--api-key', TOKEN, `--token=${TOKEN}`, '--verbose'], env: { PROBE_SECRET: SECRET } },
          remote: { url: 'https://example.invalid/mcp', headers: { Authorization: BEARER } },
          old: { type: 'sse', url: 'https://example.invalid/sse' },
          off: { command: 'node', disabled: true },
        },
      }),
    );
    const init = await runCli(['init', '--from', 'claude_desktop_config.json'], { cwd: dir });
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(
      /^wrote mcpact\.yaml with 3 servers from claude_desktop_config\.json; set ENV_PROBE_API_KEY, ENV_PROBE_TOKEN, PROBE_SECRET, REMOTE_AUTHORIZATION \(no secret was copied/,
    );
    expect(init.stdout).toContain('not imported: off: disabled');
    const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
    for (const secret of [SECRET, TOKEN, BEARER, 'hdr-secret']) expect(text).not.toContain(secret);
    expect(text).toContain('PROBE_SECRET: ${PROBE_SECRET}');
    expect(text).toContain('Authorization: ${REMOTE_AUTHORIZATION}');
    expect(text).toContain('--token=${ENV_PROBE_TOKEN}');
    expect(text).toMatch(/- --api-key\n\s+- \$\{ENV_PROBE_API_KEY\}\n\s+- --token=\$\{ENV_PROBE_TOKEN\}\n\s+- --verbose/);

    // As written, with the variables set: the server gets its variable, and the report redacts its value.
    const run = await runCli(['run', '--server', 'env-probe', '--only', 'schema', '-r', 'json:report.json', '-q'], {
      cwd: dir,
      env: { PROBE_SECRET: SECRET, ENV_PROBE_API_KEY: TOKEN, ENV_PROBE_TOKEN: TOKEN, REMOTE_AUTHORIZATION: BEARER },
    });
    expect(run.stderr).toBe('');
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as {
      servers: { name: string; serverInfo: { description: string; version: string } }[];
    };
    expect(report.servers[0]!.name).toBe('env-probe');
    expect(report.servers[0]!.serverInfo.description.split(',')).toContain('PROBE_SECRET');
    expect(report.servers[0]!.serverInfo.version).toBe('[redacted]');
  });

  it('writes legacy SSE entries as transport: sse, and they run over HTTP+SSE', async () => {
    const host = await startSseServer(createGoodServer);
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-init-from-'));
      writeFileSync(
        path.join(dir, 'mcp.json'),
        JSON.stringify({
          mcpServers: {
            typed: { type: 'sse', url: host.url, headers: { Authorization: BEARER } },
            cline: { transport: 'sse', url: host.url },
            untyped: { url: host.url },
            // A declared type wins over the path.
            declared: { type: 'http', url: host.url },
          },
        }),
      );
      const init = await runCli(['init', '--from', 'mcp.json'], { cwd: dir });
      expect(init.stderr).toBe('');
      expect(init.stdout).not.toContain('not imported');
      const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
      const transports = [...text.matchAll(/- name: (\S+)\n\s+transport: (\S+)/g)].map((match) => [match[1], match[2]]);
      expect(transports).toEqual([
        ['typed', 'sse'],
        ['cline', 'sse'],
        ['untyped', 'sse'],
        ['declared', 'http'],
      ]);
      expect(text).not.toContain('hdr-secret');
      const run = await runCli(['run', '--server', 'typed', '--only', 'protocol', '-r', 'json', '-q'], { cwd: dir, env: { TYPED_AUTHORIZATION: BEARER } });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as { servers: { transport: string }[] }).servers[0]!.transport).toBe('sse');
    } finally {
      await host.close();
    }
  });

  it('turns a password in a URL, credential query parameters and positional tokens into variables', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-init-from-'));
    const positional = 'ghp_positionaltoken0123456789';
    writeFileSync(
      path.join(dir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          remote: { url: 'https://me:hunter2secret@example.invalid/mcp?api_key=qk-123456789&region=eu&token=tk-987654321#x' },
          local: { command: 'npx', args: ['-y', '@acme/mcp-server', positional, './data'] },
        },
      }),
    );
    const init = await runCli(['init', '--from', 'mcp.json'], { cwd: dir });
    expect(init.code).toBe(0);
    const text = readFileSync(path.join(dir, 'mcpact.yaml'), 'utf8');
    for (const secret of ['hunter2secret', 'qk-123456789', 'tk-987654321', positional]) expect(text).not.toContain(secret);
    expect(text).toContain('url: https://me:${REMOTE_URL_PASSWORD}@example.invalid/mcp?api_key=${REMOTE_API_KEY}&region=eu&token=${REMOTE_TOKEN}#x');
    // What is not a credential stays as written.
    expect(text).toMatch(/- -y\n\s+- "@acme\/mcp-server"\n\s+- \$\{LOCAL_TOKEN_2\}\n\s+- \.\/data/);
    expect(init.stdout).toContain('LOCAL_TOKEN_2, REMOTE_API_KEY, REMOTE_TOKEN, REMOTE_URL_PASSWORD');
  });

  it("imports VS Code's servers shape, turning its ${env:} and ${input:} references into variables", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-init-from-'));
    writeFileSync(
      path.join(dir, 'mcp.json'),
      JSON.stringify({
        inputs: [{ id: 'api-token', type: 'promptString', password: true }],
        servers: {
          github: { type: 'stdio', command: 'npx', args: ['-y', 'some-server', '${workspaceFolder}'], env: { GH: '${input:api-token}' } },
          docs: { type: 'http', url: 'https://${env:DOCS_HOST}/mcp' },
        },
      }),
    );
    const init = await runCli(['init', '--from', 'mcp.json', '-o', 'out/mcpact.yaml'], { cwd: dir });
    expect(init.stderr).toBe('');
    const text = readFileSync(path.join(dir, 'out/mcpact.yaml'), 'utf8');
    expect(text).toContain('GH: ${GH}');
    expect(text).toContain('url: https://${DOCS_HOST}/mcp');
    expect(text).toMatch(/args:\n\s+- -y\n\s+- some-server\n\s+- \.\n/);
  });

  it('refuses a file that is not a client config, with one message and exit 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-init-from-'));
    writeFileSync(path.join(dir, 'package.json'), '{"name": "x"}');
    writeFileSync(path.join(dir, 'broken.json'), '{"mcpServers": ');
    const notClient = await runCli(['init', '--from', 'package.json'], { cwd: dir });
    expect(notClient.code).toBe(2);
    expect(notClient.stderr).toBe('mcpact: --from: package.json has no "mcpServers" object (desktop clients, IDEs) or "servers" object (VS Code mcp.json)\n');
    const broken = await runCli(['init', '--from', 'broken.json'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^mcpact: --from: cannot read broken\.json: not valid JSON/);
    const both = await runCli(['init', '--from', 'package.json', '--url', 'http://127.0.0.1:1/mcp'], { cwd: dir });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give either --from <client config> or a server/);
  });
});
