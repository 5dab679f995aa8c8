import { cases } from './cases.js';

export const suitesRules = [cases] as const;
