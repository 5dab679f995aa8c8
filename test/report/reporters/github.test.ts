/**
 * The github reporter: workflow commands that GitHub Actions reads as annotations. What a server sent must never
 * end the command's line or start another command: parsed here as the runner parses its log, line by line, a
 * hostile tool name and message yield exactly the annotations mcpact meant, with the text decoded intact.
 */
import { describe, expect, it } from 'vitest';
import { buildRunReport } from '../../../src/report/build.js';
import type { Finding, ServerReport } from '../../../src/model/report.js';
import { escapeData, escapeProperty, renderGithub } from '../../../src/report/reporters/github.js';
import { ciSafe } from '../../../src/cli/ci-safe.js';
import { hostileReport, reporterContext } from '../../support/hostile-report.js';

/** The runner's reading of a log: a line that starts with `::name props::message` is a command. */
function commands(log: string): { name: string; properties: Record<string, string>; message: string }[] {
  const decode = (text: string) => text.replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  return log.split(/\r?\n|\r/).flatMap((line) => {
    const found = /^\s*::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!found) return [];
    const properties = Object.fromEntries(
      (found[2] ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), decode(pair.slice(at + 1))];
        }),
    );
    return [{ name: found[1]!, properties, message: decode(found[3]!) }];
  });
}

const HOSTILE_NAME = 'evil\n::add-mask::x\r::stop-commands::tok\u2028::error::pwned,file=a:b %0A';

function report(findings: Finding[], server: Partial<ServerReport> = {}) {
  return buildRunReport({
    version: '0.0.0-test',
    servers: [
      {
        name: 'notes',
        transport: 'stdio',
        serverInfo: null,
        protocolVersion: '2025-11-25',
        complete: true,
        rules: [],
        findings,
        source: { file: 'mcpact.yaml', line: 3 },
        ...server,
      },
    ],
    durationMs: 1,
    failOn: 'warning',
  });
}

describe('github reporter', () => {
  it('annotates every finding at or above fail-on at the config line, none below', () => {
    const log = renderGithub(
      report([
        { ruleId: 'schema/tool-name', severity: 'error', message: 'bad name', location: { kind: 'tool', name: 't1' } },
        { ruleId: 'schema/tool-description', severity: 'warning', message: 'no description', location: { kind: 'tool', name: 't2' } },
        { ruleId: 'schema/tool-annotations', severity: 'info', message: 'just so', location: { kind: 'tool', name: 't3' } },
      ]),
      reporterContext(),
    );
    const found = commands(log);
    expect(found.map((command) => command.name)).toEqual(['error', 'warning']);
    expect(found[0]).toEqual({
      name: 'error',
      properties: { file: 'mcpact.yaml', line: '3', title: 'mcpact schema/tool-name (notes)' },
      message: 'bad name\nat tool "t1" of server "notes"',
    });
  });

  it('a hostile tool name and message cannot inject a workflow command, and decode back as sent (made visible)', () => {
    const findings: Finding[] = [
      { ruleId: 'schema/tool-name', severity: 'error', message: `Tool name "${HOSTILE_NAME}" is not valid`, location: { kind: 'tool', name: HOSTILE_NAME } },
    ];
    const log = renderGithub(report(findings, { name: 'srv,title=x::y' }), reporterContext());
    // Through the stdout write path, as mcpact prints it.
    const printed = ciSafe(log, 'workflow');
    const found = commands(printed);
    expect(found).toHaveLength(1);
    expect(found[0]!.name).toBe('error');
    expect(Object.keys(found[0]!.properties).sort()).toEqual(['file', 'line', 'title']);
    expect(found[0]!.properties.title).toBe('mcpact schema/tool-name (srv,title=x::y)');
    expect(found[0]!.message).toContain('evil\n::add-mask::x\r::stop-commands::tok<U+2028>::error::pwned,file=a:b %0A');
    // One line of output per annotation: no raw CR, LF or line separator survives.
    expect(printed.trimEnd().split('\n')).toHaveLength(1);
    expect(printed).not.toMatch(/[\r\u2028\u2029]/);
  });

  it('the hostile report yields only annotations, one line each, for errors and the incomplete server', () => {
    const log = ciSafe(renderGithub(hostileReport(), reporterContext()), 'workflow');
    const lines = log.trimEnd().split('\n');
    expect(lines.every((line) => /^::(error|warning|notice) /.test(line))).toBe(true);
    expect(commands(log)).toHaveLength(lines.length);
    expect(lines.some((line) => line.includes('not fully tested'))).toBe(true);
    expect(log).not.toContain('\u001b');
  });

  it("escapes like the toolkit's escapeData / escapeProperty", () => {
    expect(escapeData('100% \r\n done: a,b')).toBe('100%25 %0D%0A done: a,b');
    expect(escapeProperty('100% \r\n done: a,b')).toBe('100%25 %0D%0A done%3A a%2Cb');
  });
});
