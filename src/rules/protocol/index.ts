import { capabilityConsistency } from './capability-consistency.js';
import { capabilityImplemented } from './capability-implemented.js';
import { completionUndeclared } from './completion-undeclared.js';
import { initializeResult } from './initialize-result.js';
import { invalidCursor } from './invalid-cursor.js';
import { listPages } from './list-pages.js';
import { loggingInvalidLevel } from './logging-invalid-level.js';
import { loggingMessageShape } from './logging-message-shape.js';
import { loggingSetLevel } from './logging-set-level.js';
import { negotiatedCapabilities } from './negotiated-capabilities.js';
import { notificationNotAnswered } from './notification-not-answered.js';
import { ping } from './ping.js';
import { protocolVersion } from './protocol-version.js';
import { requestIdEcho } from './request-id-echo.js';
import { unknownMethod } from './unknown-method.js';
import { versionNegotiation } from './version-negotiation.js';
import { discoverResult } from './discover-result.js';
import { envelopeRequired } from './envelope-required.js';
import { unsupportedVersion } from './unsupported-version.js';
import { resultType } from './result-type.js';
import { cachingHints } from './caching-hints.js';
import { capabilityExtensions } from './capability-extensions.js';
import { legacyHandshake } from './legacy-handshake.js';
import { staysAvailable } from './stays-available.js';
import { staysConnected } from './stays-connected.js';
import { errorResponseId } from './error-response-id.js';
import { messageSchema } from './message-schema.js';
import { subscriptionsListen } from './subscriptions-listen.js';

export const protocolRules = [
  initializeResult,
  protocolVersion,
  ping,
  unknownMethod,
  notificationNotAnswered,
  requestIdEcho,
  capabilityConsistency,
  capabilityImplemented,
  completionUndeclared,
  listPages,
  invalidCursor,
  negotiatedCapabilities,
  versionNegotiation,
  loggingSetLevel,
  loggingInvalidLevel,
  loggingMessageShape,
  discoverResult,
  envelopeRequired,
  unsupportedVersion,
  resultType,
  cachingHints,
  capabilityExtensions,
  legacyHandshake,
  staysAvailable,
  staysConnected,
  errorResponseId,
  messageSchema,
  subscriptionsListen,
] as const;
