/**
 * The registry: every rule, in an explicit array per family. Adding a rule is a visible two-line diff here.
 */
import type { Rule } from '../engine/rule.js';
import { protocolRules } from './protocol/index.js';
import { schemaRules } from './schema/index.js';
import { promptRules } from './prompts/index.js';
import { resourcesRules } from './resources/index.js';
import { toolsRules } from './tools/index.js';
import { securityRules } from './security/index.js';
import { stdioRules } from './stdio/index.js';
import { httpRules } from './http/index.js';
import { authRules } from './auth/index.js';
import { suitesRules } from './suites/index.js';
import { latencyRules } from './latency/index.js';
import { compatRules } from './compat/index.js';
import { tasksRules } from './tasks/index.js';
import { skillsRules } from './skills/index.js';
import { driftRules } from './drift/index.js';

export const ALL_RULES = [
  ...protocolRules,
  ...schemaRules,
  ...promptRules,
  ...resourcesRules,
  ...toolsRules,
  ...securityRules,
  ...stdioRules,
  ...httpRules,
  ...authRules,
  ...suitesRules,
  ...latencyRules,
  ...compatRules,
  ...tasksRules,
  ...skillsRules,
  ...driftRules,
] as const satisfies readonly Rule[];
