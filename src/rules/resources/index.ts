import { blobBase64 } from './blob-base64.js';
import { completionResult } from './completion-result.js';
import { completionUnknownTemplate } from './completion-unknown-template.js';
import { contentsMatch } from './contents-match.js';
import { contentsShape } from './contents-shape.js';
import { inputRequired } from './input-required.js';
import { notificationShape } from './notification-shape.js';
import { readable } from './readable.js';
import { resourceLink } from './resource-link.js';
import { subscribe } from './subscribe.js';
import { subscribeUndeclared } from './subscribe-undeclared.js';
import { templateRead } from './template-read.js';
import { uiHtml } from './ui-html.js';
import { uiMeta } from './ui-meta.js';
import { uiMimeType } from './ui-mime-type.js';
import { uiResourceLink } from './ui-resource-link.js';
import { unknownResource } from './unknown-resource.js';

export const resourcesRules = [
  readable,
  contentsShape,
  blobBase64,
  contentsMatch,
  unknownResource,
  templateRead,
  completionResult,
  completionUnknownTemplate,
  subscribe,
  subscribeUndeclared,
  notificationShape,
  resourceLink,
  uiResourceLink,
  uiMimeType,
  uiHtml,
  uiMeta,
  inputRequired,
] as const;
