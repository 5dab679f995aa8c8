/**
 * Targets of the Tasks fixture (fixtures/servers/sdk2/tasks.ts): a real child over stdio, or one that serves
 * Streamable HTTP on 127.0.0.1 (started before the tests of the file that asks for it, stopped after them).
 */
import type { SessionTarget } from '../../src/connect/session.js';
import { ROOT } from './cli.js';
import { httpFixture } from './eras.js';

export const TASKS_FIXTURE = `${ROOT}dist/fixtures/servers/sdk2/tasks.js`;

/** The fixture over stdio, correct or with one defect. */
export function tasksStdio(defect?: string): () => SessionTarget {
  return () => ({ kind: 'stdio', command: process.execPath, args: [TASKS_FIXTURE, ...(defect ? ['--defect', defect] : [])], env: {} });
}

/** The fixture over Streamable HTTP, correct or with one defect. */
export function tasksHttp(defect?: string): () => Extract<SessionTarget, { kind: 'http' }> {
  return httpFixture([TASKS_FIXTURE, '--http', ...(defect ? ['--defect', defect] : [])]);
}
