import { describe, expect, it } from 'vitest';
import { runReportSchema, type Finding, type RuleResult, type ServerReport } from '../../src/model/report.js';
import { buildRunReport, exitCode } from '../../src/report/build.js';
import { redactedHooks, redactReport } from '../../src/report/redact-report.js';
import { REDACTED, secretsOf } from '../../src/util/secrets.js';

const TOKEN = 'Zq7vK2mX9pL4wR8tN3bY6cH1dF5gJ0sA';

const finding: Finding = {
  ruleId: 'stdio/stdout-json-only',
  severity: 'error',
  message: `stdout carried a line that is not a JSON-RPC message: "error: ${TOKEN}"`,
  location: { kind: 'transport', name: 'stdout' },
  spec: {
    basis: 'spec',
    revision: '2025-11-25',
    level: 'MUST NOT',
    section: 'basic/transports#stdio',
    quote: 'The server MUST NOT write anything…',
    url: 'https://x',
  },
  data: { line: `error: ${TOKEN}`, message: { [TOKEN]: 'error' } },
};
const rule: RuleResult = { id: 'stdio/stdout-json-only', family: 'stdio', status: 'fail', severity: 'error', durationMs: 1, reason: 'error' };
const server: ServerReport = {
  name: 'servers',
  transport: 'stdio',
  serverInfo: { name: 'error', servers: TOKEN },
  protocolVersion: '2025-11-25',
  complete: true,
  rules: [rule],
  findings: [finding],
};
const built = buildRunReport({ version: '1.0.0', servers: [server], durationMs: 1, failOn: 'warning' });

describe('redactReport', () => {
  // "error" is a severity, "servers" and "message" are keys of the report, "stdio" a family: all plain words.
  const secrets = secretsOf([TOKEN, 'error', 'servers', 'message', 'stdio']);
  const report = redactReport(built, secrets);

  it("replaces values, never the report's keys, enums or mcpact's own words, so the report keeps its shape", () => {
    expect(() => runReportSchema.parse(report)).not.toThrow();
    const [redacted] = report.servers;
    expect(redacted?.name).toBe(REDACTED);
    expect(redacted?.findings[0]).toMatchObject({
      ruleId: 'stdio/stdout-json-only',
      severity: 'error',
      message: `stdout carried a line that is not a JSON-RPC ${REDACTED}: "${REDACTED}: ${REDACTED}"`,
      spec: finding.spec,
    });
    expect(redacted?.rules[0]).toMatchObject({ id: 'stdio/stdout-json-only', family: 'stdio', status: 'fail', severity: 'error', reason: REDACTED });
    expect(report.summary.findings).toEqual({ info: 0, warning: 0, error: 1 });
  });

  it("redacts a server's data whole: its values, and its keys where a secret cannot be an ordinary word", () => {
    expect(report.servers[0]?.serverInfo).toEqual({ name: REDACTED, servers: REDACTED });
    expect(report.servers[0]?.findings[0]?.data).toEqual({ line: `${REDACTED}: ${REDACTED}`, message: { [REDACTED]: REDACTED } });
  });

  it('leaves the verdict as it was built, and says that short or plain secrets make redaction noisy', () => {
    expect(exitCode(report)).toBe(exitCode(built));
    expect(exitCode(report)).toBe(1);
    expect(report.redaction).toEqual({ noisy: 4 });
    expect(redactReport(built, secretsOf([TOKEN])).redaction).toBeUndefined();
    expect(redactReport(built, secretsOf([]))).toBe(built);
  });

  it('gives streaming hooks the same values the report will hold', () => {
    const heard: unknown[] = [];
    const hooks = redactedHooks(
      {
        onServerStart: (name) => heard.push(name),
        onFamilyDone: (name, family, results, findings) => heard.push(name, family, results[0]?.reason, findings[0]?.message),
        onServerDone: (done) => heard.push(done.serverInfo),
        onStderrLine: (name, line) => heard.push(line),
      },
      secrets,
    );
    hooks.onServerStart?.('servers', 'stdio');
    hooks.onFamilyDone?.('servers', 'stdio', [rule], [finding]);
    hooks.onServerDone?.(server);
    hooks.onStderrLine?.('servers', `token ${TOKEN}`);
    expect(heard).toEqual([REDACTED, REDACTED, 'stdio', REDACTED, report.servers[0]?.findings[0]?.message, report.servers[0]?.serverInfo, `token ${REDACTED}`]);
  });
});
