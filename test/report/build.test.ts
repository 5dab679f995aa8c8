import { describe, expect, it } from 'vitest';
import { buildRunReport, exitCode } from '../../src/report/build.js';
import type { Finding, ServerReport } from '../../src/model/report.js';

const finding = (severity: Finding['severity']): Finding => ({ ruleId: 'protocol/ping', severity, message: 'm', location: { kind: 'server' } });
const server = (findings: Finding[], complete = true): ServerReport => ({
  name: 's',
  transport: 'stdio',
  serverInfo: null,
  protocolVersion: null,
  complete,
  rules: [],
  findings,
});
const code = (servers: ServerReport[], failOn: Finding['severity'] = 'error') => exitCode(buildRunReport({ version: '0', servers, durationMs: 1, failOn }));

describe('exit code', () => {
  it('is 0 with findings below fail-on', () => expect(code([server([finding('warning'), finding('info')])])).toBe(0));
  it('is 1 with a finding at fail-on', () => expect(code([server([finding('error')])])).toBe(1));
  it('follows a lower fail-on', () => expect(code([server([finding('warning')])], 'warning')).toBe(1));
  it('is 2 when a server was not fully tested, whatever was found', () => expect(code([server([finding('error')]), server([], false)])).toBe(2));
  it('counts findings by severity in the summary', () => {
    const report = buildRunReport({ version: '0', servers: [server([finding('error'), finding('info')])], durationMs: 1, failOn: 'error' });
    expect(report.summary.findings).toEqual({ info: 1, warning: 0, error: 1 });
  });
});
