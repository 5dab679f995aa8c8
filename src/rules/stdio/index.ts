import { beforeInitialize } from './before-initialize.js';
import { exitOnStdinClose } from './exit-on-stdin-close.js';
import { invalidRequest } from './invalid-request.js';
import { parseError } from './parse-error.js';
import { stdoutJsonOnly } from './stdout-json-only.js';
import { survivesBadLine } from './survives-bad-line.js';

export const stdioRules = [stdoutJsonOnly, parseError, invalidRequest, survivesBadLine, beforeInitialize, exitOnStdinClose] as const;
