/**
 * The config's `depth`. `standard` (the default) is what every CI run needs and costs about one extra server
 * process; `thorough` adds the checks that cost a process each and rarely change (docs/performance.md).
 */
import { z } from 'zod';
import { DEFAULT_DEPTH, DEPTHS } from '../model/depth.js';

export const depthSchema = z
  .enum(DEPTHS)
  .describe(
    'How deep the run goes: standard (default) tries version negotiation with an unknown revision only; thorough also initializes a fresh server with every older revision mcpact knows (one process or HTTP session each). --depth overrides it. docs/performance.md lists what each level checks and costs.',
  )
  .meta({ default: DEFAULT_DEPTH });
