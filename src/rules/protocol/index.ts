import { ping } from './ping.js';

export const protocolRules = [ping] as const;
