import { argumentDropped } from './argument-dropped.js';
import { completionResult } from './completion-result.js';
import { completionUnknownPrompt } from './completion-unknown-prompt.js';
import { delimiterInjection } from './delimiter-injection.js';
import { determinism } from './determinism.js';
import { emptyRequired } from './empty-required.js';
import { expectations } from './expectations.js';
import { inputRequired } from './input-required.js';
import { malformedParams } from './malformed-params.js';
import { messageShape } from './message-shape.js';
import { missingRequired } from './missing-required.js';
import { optionalArguments } from './optional-arguments.js';
import { requestState } from './request-state.js';
import { robustness } from './robustness.js';
import { templateInjection } from './template-injection.js';
import { unknownArgument } from './unknown-argument.js';
import { unknownPrompt } from './unknown-prompt.js';
import { unresolvedMarkers } from './unresolved-markers.js';
import { wrongType } from './wrong-type.js';

export const promptRules = [
  optionalArguments,
  missingRequired,
  emptyRequired,
  wrongType,
  unknownArgument,
  unknownPrompt,
  malformedParams,
  templateInjection,
  delimiterInjection,
  robustness,
  determinism,
  messageShape,
  unresolvedMarkers,
  argumentDropped,
  completionResult,
  completionUnknownPrompt,
  expectations,
  inputRequired,
  requestState,
] as const;
