/**
 * The module customization hook that ./register.ts installs on Node 20 (which lacks `fs.globSync`): an import of
 * `fs` or `node:fs` from the conformance suite's own files resolves to a module that re-exports Node's `fs` and adds
 * a `globSync` that throws. Every other importer gets Node's `fs` untouched.
 */
import type { ResolveHook } from 'node:module';

/** Where the suite's files live, whichever node_modules holds them. */
const SUITE = '/node_modules/@modelcontextprotocol/conformance/';

/** Node's `fs`, its default export included, and a `globSync` that says why it is missing. */
const FS_WITH_GLOB_SYNC = `data:text/javascript,${encodeURIComponent(
  [
    "import fs from 'node:fs';",
    "export * from 'node:fs';",
    'export default fs;',
    'export function globSync() {',
    "  throw new Error('fs.globSync needs Node 22; the conformance suite called it on Node ' + process.versions.node + ' (test/conformance/node20/register.ts)');",
    '}',
  ].join('\n'),
)}`;

export const resolve: ResolveHook = (specifier, context, nextResolve) => {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes(SUITE)) return { url: FS_WITH_GLOB_SYNC, shortCircuit: true };
  return nextResolve(specifier, context);
};
