import { callAnswered } from './call-answered.js';
import { descriptionCollision } from './description-collision.js';
import { deterministicOrder } from './deterministic-order.js';
import { inputRequired } from './input-required.js';
import { invalidInput } from './invalid-input.js';
import { invalidInputCode } from './invalid-input-code.js';
import { malformedCall } from './malformed-call.js';
import { requestState } from './request-state.js';
import { structuredContent } from './structured-content.js';
import { structuredText } from './structured-text.js';
import { unknownTool } from './unknown-tool.js';
import { validInput } from './valid-input.js';

export const toolsRules = [
  unknownTool,
  malformedCall,
  invalidInput,
  invalidInputCode,
  validInput,
  structuredContent,
  structuredText,
  callAnswered,
  descriptionCollision,
  deterministicOrder,
  inputRequired,
  requestState,
] as const;
