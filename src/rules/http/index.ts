import { batchRejected } from './batch-rejected.js';
import { getStream } from './get-stream.js';
import { malformedBody } from './malformed-body.js';
import { notificationAccepted } from './notification-accepted.js';
import { originValidation } from './origin-validation.js';
import { protocolVersionHeader } from './protocol-version-header.js';
import { requestContentType } from './request-content-type.js';
import { sessionIdVisibleAscii } from './session-id-visible-ascii.js';
import { unknownSession } from './unknown-session.js';
import { headerValidation } from './header-validation.js';
import { modernMethods } from './modern-methods.js';

export const httpRules = [
  notificationAccepted,
  requestContentType,
  getStream,
  originValidation,
  unknownSession,
  protocolVersionHeader,
  sessionIdVisibleAscii,
  batchRejected,
  malformedBody,
  headerValidation,
  modernMethods,
] as const;
