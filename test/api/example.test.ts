import { expect, it } from 'vitest';
import { exitCode, run } from 'mcpact';

it('keeps its MCP contract', async () => {
  // Your server's command; here mcpact's own zero-findings fixture.
  const report = await run({ server: { command: 'node', args: ['dist/fixtures/servers/good.js'] }, failOn: 'warning' });
  // On a failure, vitest shows each finding's rule and message.
  const findings = report.servers.flatMap((server) => server.findings.map((finding) => `${finding.ruleId}: ${finding.message}`));
  expect(findings).toEqual([]);
  expect(exitCode(report)).toBe(0);
});
