/**
 * `mcpact mock CASSETTE`: serve a recorded server (docs/record-mock.md) over stdio until stdin ends, or with
 * `--http PORT` over Streamable HTTP on 127.0.0.1, its URL the first line of stdout, until a signal ends it, in the
 * era it was recorded in. A cassette of another format version, or one that does not read, is one line and exit 2.
 */
import { readFile, stat } from 'node:fs/promises';
import { usageError } from '../errors.js';
import { MAX_CASSETTE_BYTES, parseCassette } from '../mock/cassette.js';
import { recordedIdentity, responder } from '../mock/respond.js';
import { serveHttp, serveStdio } from '../connect/mock-server.js';
import { writeOut } from './ci-safe.js';
import { mockOptionsSchema, parseOptions } from './option-schemas.js';

export async function mockCommand(file: string, raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(mockOptionsSchema, raw);
  const size = await stat(file).then(
    (info) => info.size,
    (error: NodeJS.ErrnoException) => {
      throw usageError(`cannot read cassette ${file}: ${error.code === 'ENOENT' ? 'no such file' : String(error.code ?? error.message)}`);
    },
  );
  // A cassette mcpact wrote is never larger; anything larger is not one, and is not read into memory.
  if (size > MAX_CASSETTE_BYTES) throw usageError(`${file}: ${size} bytes, larger than any cassette (${MAX_CASSETTE_BYTES} bytes at most)`);
  const cassette = parseCassette(await readFile(file, 'utf8'), file);
  const respond = responder(cassette);
  // A 2026-07-28 recording is served on SDK 2.x, loaded only for one; an initialize-era recording on SDK 1.x.
  const modern = cassette.era === 'modern' ? await import('../connect/modern-mock-server.js') : undefined;
  const identity = recordedIdentity(cassette);
  if (options.http === undefined) {
    await (modern ? modern.serveModernStdio(respond, identity) : serveStdio(respond));
    return 0;
  }
  const serving = modern ? modern.serveModernHttp(respond, identity, options.http) : serveHttp(respond, options.http);
  const mock = await serving.catch((error: NodeJS.ErrnoException) => {
    throw usageError(`cannot serve on 127.0.0.1:${options.http}: ${String(error.code ?? error.message)}`);
  });
  writeOut(`${mock.url}\n`);
  // Served until a signal ends mcpact (cli/signals.ts).
  await new Promise<never>(() => undefined);
  return 0;
}
