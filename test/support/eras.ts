/**
 * Targets of the SDK 2.x eras fixture (fixtures/servers/sdk2/eras.ts): a real child over stdio, or one that
 * serves Streamable HTTP on 127.0.0.1 (started by the test, stopped after it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import type { SessionTarget } from '../../src/connect/session.js';
import { ROOT } from './cli.js';

export const ERAS_FIXTURE = `${ROOT}dist/fixtures/servers/sdk2/eras.js`;

export type FixtureEra = 'dual' | 'modern' | 'legacy';

/** The fixture over stdio, in one era, with one defect (or none). */
export function erasStdio(era: FixtureEra, defect?: string): () => SessionTarget {
  return () => ({ kind: 'stdio', command: process.execPath, args: [ERAS_FIXTURE, '--era', era, ...(defect ? ['--defect', defect] : [])], env: {} });
}

/**
 * The fixture over Streamable HTTP for the tests of one file: started before them, stopped after. The target is
 * read when a case runs, once the URL is known.
 */
export function erasHttp(era: FixtureEra, defect?: string): () => Extract<SessionTarget, { kind: 'http' }> {
  return httpFixture([ERAS_FIXTURE, '--era', era, '--http', ...(defect ? ['--defect', defect] : [])]);
}

/**
 * A fixture that serves Streamable HTTP on 127.0.0.1 and prints its URL as its first stdout line (`node ARGS`),
 * started before the tests of the describe block (or file) that calls this, and stopped after them.
 */
export function httpFixture(args: readonly string[]): () => Extract<SessionTarget, { kind: 'http' }> {
  let child: ChildProcess | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! });
    url = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child!.once('exit', () => reject(new Error(`${args[0]} exited before printing its URL`)));
    });
  });
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.stdin?.end();
    child.kill('SIGTERM');
    await exited;
  });
  return () => {
    if (url === undefined) throw new Error(`${args[0]} has not started`);
    return { kind: 'http', url, headers: {} };
  };
}
