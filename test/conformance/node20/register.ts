/**
 * Preloaded into the official conformance suite's CLI (`node --import <this file, built>`) so that it loads on
 * Node 20, the Node this project supports (package.json `engines`).
 *
 * Why: the suite's bundle (`@modelcontextprotocol/conformance`, dist/index.js) imports `globSync` from `fs` by name,
 * and `fs.globSync` exists from Node 22 on. On Node 20 the ES module fails to link before any of its code runs
 * (`SyntaxError: The requested module 'fs' does not provide an export named 'globSync'`). Patching `fs` and calling
 * `module.syncBuiltinESMExports()` cannot help: that call updates the builtin's existing exports and never adds a
 * name. The bundle has no programmatic API either (it exports nothing), so the CLI is the only way in.
 *
 * What: a resolve hook (./hooks.ts) gives the suite's bundle, and nothing else, an `fs` that is Node's own plus a
 * `globSync` that throws. The bundle calls `globSync` in one place only, `tier-check`'s scan of its results folders,
 * which the server scenarios never reach; should that change, the run fails loudly instead of quietly doing less.
 * On a Node that has `fs.globSync` this file does nothing.
 */
import fs from 'node:fs';
import { register } from 'node:module';

// Asked of the CommonJS object: a named import of a missing builtin export would fail to link, as the suite's does.
if (!('globSync' in fs)) register('./hooks.js', import.meta.url);
