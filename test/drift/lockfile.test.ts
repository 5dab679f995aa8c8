/**
 * The lockfile: canonical bytes, the reasons a file is refused, atomic writes, and a fuzz test showing that the
 * loader answers anything at all with either a lockfile or one clean McpactError (exit 2), never a crash.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { McpactError } from '../../src/errors.js';
import { lockfileJsonSchema, parseLockfile, readLockfile, serializeLockfile, writeLockfileAtomically } from '../../src/drift/lockfile/lockfile.js';
import { lockfile, prompt, tool } from './support.js';

const SAMPLE = lockfile({
  tools: [tool('b', { description: 'B.' }), tool('a', { inputSchema: { type: 'object', properties: { z: {} } } })],
  prompts: [
    prompt('p', {
      arguments: [
        { name: 'second', required: false },
        { name: 'first', required: true },
      ],
    }),
  ],
  resources: [{ uri: 'docs://b' }, { uri: 'docs://a', mimeType: 'text/plain' }],
});
// A property literally named __proto__ must survive as data (JSON.parse makes it an own property).
const VALID = serializeLockfile(JSON.parse(JSON.stringify(SAMPLE).replace('"properties":{"z":{}}', '"properties":{"z":{},"__proto__":{"type":"string"}}')));

function refusal(text: string): string {
  try {
    parseLockfile(text, 'mcpact.lock.json');
  } catch (error) {
    expect(error).toBeInstanceOf(McpactError);
    expect((error as McpactError).kind).toBe('config');
    return (error as McpactError).message;
  }
  throw new Error('expected the lockfile to be refused');
}

describe('lockfile bytes', () => {
  it('sorts keys, sorts items by identity, keeps argument order, ends with LF, and has no timestamp', () => {
    expect(VALID.endsWith('}\n')).toBe(true);
    expect(VALID).not.toContain('\r');
    const parsed = JSON.parse(VALID);
    expect(Object.keys(parsed)).toEqual(['canonicalization', 'mcpactVersion', 'prompts', 'resourceTemplates', 'resources', 'schemaVersion', 'server', 'tools']);
    expect(parsed.tools.map((item: { name: string }) => item.name)).toEqual(['a', 'b']);
    expect(parsed.resources.map((item: { uri: string }) => item.uri)).toEqual(['docs://a', 'docs://b']);
    expect(parsed.prompts[0].arguments.map((arg: { name: string }) => arg.name)).toEqual(['second', 'first']);
    expect(VALID).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const read = JSON.parse(JSON.stringify(parseLockfile(VALID, 'x').tools[0]!.inputSchema)) as { properties: object };
    expect(Object.keys(read.properties)).toEqual(['__proto__', 'z']);
  });

  it('is valid against the published JSON Schema', () => {
    const validate = new Ajv2020({ strict: false }).compile(lockfileJsonSchema());
    expect(validate(JSON.parse(VALID)), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('refused lockfiles (exit 2 with the reason)', () => {
  it.each([
    ['not JSON', '{"schemaVersion": 1,', /not valid JSON/],
    ['not an object', '[1, 2]', /not a JSON object/],
    ['no schemaVersion', '{}', /no schemaVersion: is it an mcpact lockfile\?/],
    ['a newer schemaVersion', '{"schemaVersion": 2}', /schemaVersion 2 is not supported; this mcpact reads version 1/],
    ['another canonicalization', VALID.replace('"canonicalization": 1', '"canonicalization": 7'), /canonicalization 7 is not supported/],
    ['a tool without a name', VALID.replace('"name": "b"', '"name": 5'), /tools\[1\]\.name: Invalid input: expected string/],
    ['an unknown key', VALID.replace('"schemaVersion": 1', '"schemaVersion": 1, "extra": true'), /Unrecognized key: "extra"/],
    ['a duplicate tool', VALID.replace('"name": "b"', '"name": "a"'), /tools: duplicate name "a"/],
  ])('%s', (_name, text, reason) => {
    expect(refusal(text)).toMatch(reason);
  });

  it('a missing file names the file and how to create it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-lock-'));
    await expect(readLockfile(path.join(dir, 'mcpact.lock.json'))).rejects.toThrow(
      /cannot read lockfile .*mcpact\.lock\.json: no such file \(create it with `mcpact baseline`\)/,
    );
    await expect(readLockfile(dir)).rejects.toThrow(/it is a directory/);
  });

  it('nesting deep enough to exhaust a naive reader is refused, not a crash', () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    expect(refusal(VALID.replace('"inputSchema": {', `"inputSchema": {"x": ${deep},`))).toMatch(/nested deeper than/);
  });
});

describe('lockfile loader fuzz', () => {
  const clean = (text: string) => {
    try {
      parseLockfile(text, 'mcpact.lock.json');
    } catch (error) {
      if (!(error instanceof McpactError) || error.kind !== 'config' || !error.message.startsWith('invalid lockfile ')) throw error;
    }
  };

  it('random text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), clean), { numRuns: 300 });
  });

  it('random JSON, alone and grafted onto a valid lockfile', () => {
    const valid = JSON.parse(VALID) as Record<string, unknown>;
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('server', 'tools', 'prompts', 'resources', 'resourceTemplates', 'schemaVersion', 'mcpactVersion'),
        (value, key) => {
          clean(JSON.stringify(value));
          clean(JSON.stringify({ ...valid, [key]: value }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('byte mutations of a valid lockfile', () => {
    fc.assert(
      fc.property(fc.nat(VALID.length - 1), fc.integer({ min: 0, max: 0x7f }), fc.nat(8), (position, code, cut) => {
        clean(VALID.slice(0, position) + String.fromCharCode(code) + VALID.slice(position + 1 + cut));
      }),
      { numRuns: 500 },
    );
  });
});

describe('writeLockfileAtomically', () => {
  it('replaces the file in one step and leaves no temp file behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-lock-'));
    const file = path.join(dir, 'mcpact.lock.json');
    writeFileSync(file, 'old');
    await writeLockfileAtomically(file, VALID);
    expect(readFileSync(file, 'utf8')).toBe(VALID);
    expect(readdirSync(dir)).toEqual(['mcpact.lock.json']);
  });

  it('creates the folder, and fails cleanly, leaving the old file, when it cannot write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-lock-'));
    await writeLockfileAtomically(path.join(dir, 'locks', 'mcpact.lock.json'), VALID);
    expect(readFileSync(path.join(dir, 'locks', 'mcpact.lock.json'), 'utf8')).toBe(VALID);
    writeFileSync(path.join(dir, 'file'), 'x');
    await expect(writeLockfileAtomically(path.join(dir, 'file', 'mcpact.lock.json'), VALID)).rejects.toThrow(/cannot write lockfile .*(ENOTDIR|EEXIST)/);
    await expect(writeLockfileAtomically(path.join(dir, 'locks'), VALID)).rejects.toThrow(/cannot write lockfile .*EISDIR/);
    expect(readdirSync(path.join(dir, 'locks'))).toEqual(['mcpact.lock.json']);
  });
});
