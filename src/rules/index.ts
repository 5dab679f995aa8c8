/**
 * The registry: every rule, in an explicit array per family. Adding a rule is a visible two-line diff here.
 */
import type { Rule } from '../engine/rule.js';
import { protocolRules } from './protocol/index.js';
import { schemaRules } from './schema/index.js';

export const ALL_RULES = [...protocolRules, ...schemaRules] as const satisfies readonly Rule[];

export type RuleId = (typeof ALL_RULES)[number]['id'];
