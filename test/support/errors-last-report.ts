/**
 * A report whose errors a family-first page would put last (#32): ten warnings of an early family (protocol), each
 * with a long answer, then one error of the author's own in a late family (tools), an inherited finding made an
 * error by `rules:`, and a breaking drift change; beside them info findings, own and inherited. Every kind of
 * error the HTML report has to put first, behind the most that could come before it.
 */
import type { Finding, RunReport, ServerReport } from '../../src/model/report.js';
import { buildRunReport } from '../../src/report/build.js';

const said = 'The server answered at length. '.repeat(12);

const warnings: Finding[] = Array.from({ length: 10 }, (_, index) => ({
  ruleId: 'protocol/invalid-cursor',
  severity: 'warning',
  message: `list method ${index} ignored an invalid cursor`,
  location: { kind: 'server', pointer: `/method/${index}` },
  answer: { class: 'not-validated', code: -32603, said },
}));

const inheritedMark = { sdk: '@modelcontextprotocol/sdk', versions: '>=1.23.0 <2.0.0', signature: 'sdk1-unknown-tool-iserror' };

export const ERRORS_LAST_FINDINGS = {
  ownError: {
    ruleId: 'tools/invalid-input',
    severity: 'error',
    message: 'the tool accepted arguments its schema refuses',
    location: { kind: 'tool', name: 'add' },
  },
  inheritedError: {
    ruleId: 'tools/unknown-tool',
    severity: 'error',
    message: 'an unknown tool got a result',
    location: { kind: 'server' },
    inherited: inheritedMark,
  },
  inheritedInfo: {
    ruleId: 'tools/malformed-call',
    severity: 'info',
    message: 'a malformed call got -32603',
    location: { kind: 'server' },
    inherited: inheritedMark,
  },
  ownInfo: {
    ruleId: 'prompts/unknown-argument',
    severity: 'info',
    message: 'an undeclared argument was accepted',
    location: { kind: 'prompt', name: 'greet' },
  },
  driftError: {
    ruleId: 'drift/tool-removed',
    severity: 'error',
    message: 'tool "old" was removed',
    location: { kind: 'tool', name: 'old' },
    data: { level: 'breaking' },
  },
  driftInfo: {
    ruleId: 'drift/tool-added',
    severity: 'info',
    message: 'tool "new" was added',
    location: { kind: 'tool', name: 'new' },
    data: { level: 'compatible' },
  },
} satisfies Record<string, Finding>;

export function errorsLastReport(): RunReport {
  const { ownError, inheritedError, inheritedInfo, ownInfo, driftError, driftInfo } = ERRORS_LAST_FINDINGS;
  const findings: Finding[] = [...warnings, inheritedInfo, driftInfo, driftError, ownInfo, inheritedError, ownError];
  const rule = (id: string, family: ServerReport['rules'][number]['family'], severity: Finding['severity']) => ({
    id,
    family,
    status: 'fail' as const,
    severity,
    durationMs: 1,
  });
  const server: ServerReport = {
    name: 'late-errors',
    transport: 'stdio',
    serverInfo: { name: 'late-errors', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    complete: true,
    rules: [
      rule('protocol/invalid-cursor', 'protocol', 'warning'),
      rule('prompts/unknown-argument', 'prompts', 'info'),
      rule('tools/invalid-input', 'tools', 'error'),
      rule('tools/unknown-tool', 'tools', 'error'),
      rule('tools/malformed-call', 'tools', 'info'),
      rule('drift/tool-removed', 'drift', 'error'),
      rule('drift/tool-added', 'drift', 'info'),
    ],
    findings,
  };
  return buildRunReport({ version: '0.0.0-test', servers: [server], durationMs: 1, failOn: 'error' });
}
