/**
 * Targets of the Skills fixture (fixtures/servers/sdk2/skills.ts, SDK 2.x's SkillsExtension) for the skills
 * rules: a real child over stdio, or one serving Streamable HTTP on 127.0.0.1 (started by the test file, stopped
 * after it). The extension is written against 2026-07-28, so every case speaks the modern era.
 */
import type { SessionTarget } from '../../../src/connect/session.js';
import { ROOT } from '../../support/cli.js';
import { httpFixture } from '../../support/eras.js';

export const SKILLS_FIXTURE = `${ROOT}dist/fixtures/servers/sdk2/skills.js`;

const flags = (defect?: string) => (defect === undefined ? [] : defect === 'no-skills' ? ['--no-skills'] : ['--defect', defect]);

/** The fixture over stdio, with one defect (or none; `no-skills`: without the extension). */
export function skillsStdio(defect?: string): () => SessionTarget {
  return () => ({ kind: 'stdio', command: process.execPath, args: [SKILLS_FIXTURE, ...flags(defect)], env: {} });
}

/** The fixture over Streamable HTTP, for the tests of the file that calls this. */
export function skillsHttp(defect?: string): () => Extract<SessionTarget, { kind: 'http' }> {
  return httpFixture([SKILLS_FIXTURE, '--http', ...flags(defect)]);
}

/** The cases every skills rule shares: a good server over both transports passes, one without the extension is skipped. */
export function commonCases(): {
  valid: { name: string; target: () => SessionTarget; era: 'modern' }[];
  skipped: { name: string; target: () => SessionTarget; era: 'modern'; skipped: string }[];
} {
  const http = skillsHttp();
  return {
    valid: [
      { name: 'the SDK catalog, over stdio', target: skillsStdio(), era: 'modern' },
      { name: 'the SDK catalog, over Streamable HTTP', target: http, era: 'modern' },
    ],
    skipped: [
      { name: 'a server without the extension', target: skillsStdio('no-skills'), era: 'modern', skipped: 'does not declare io.modelcontextprotocol/skills' },
    ],
  };
}
