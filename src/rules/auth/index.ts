import { wwwAuthenticate } from './www-authenticate.js';
import { protectedResourceMetadata } from './protected-resource-metadata.js';
import { authorizationServerMetadata } from './authorization-server-metadata.js';
import { invalidToken } from './invalid-token.js';
import { tokenAudience } from './token-audience.js';
import { insufficientScope } from './insufficient-scope.js';

export const authRules = [wwwAuthenticate, protectedResourceMetadata, authorizationServerMetadata, invalidToken, tokenAudience, insufficientScope] as const;
