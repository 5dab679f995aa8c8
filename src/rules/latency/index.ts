import { budget } from './budget.js';

export const latencyRules = [budget] as const;
