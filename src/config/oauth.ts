/**
 * `oauth:` of an HTTP server entry (#35, docs/auth.md): the credentials mcpact signs in with, headless. With a
 * client secret mcpact uses the client_credentials grant, with a refresh token the refresh grant. Values are
 * usually `${VAR}`; the secret and the refresh token are redacted from every output whichever way they are given.
 */
import { z } from 'zod';

export const oauthConfigSchema = z
  .strictObject({
    client_id: z.string().min(1).describe('The client id registered with the authorization server.'),
    client_secret: z.string().min(1).describe('The client secret: mcpact uses the client_credentials grant. Usually ${VAR}; redacted everywhere.').optional(),
    scope: z
      .string()
      .describe("Scopes to ask for, space-separated (default: the 401's scope, else the Protected Resource Metadata's scopes_supported).")
      .optional(),
    refresh_token: z
      .string()
      .min(1)
      .describe('A refresh token: mcpact uses the refresh grant, and a rotated one replaces it for the rest of the run. Usually ${VAR}; redacted everywhere.')
      .optional(),
  })
  .refine((oauth) => oauth.client_secret !== undefined || oauth.refresh_token !== undefined, {
    message: 'oauth needs client_secret (client_credentials grant) or refresh_token (refresh grant)',
  })
  .describe('Sign in with OAuth before testing (docs/auth.md): discovery from the 401, then a token for this server.');

export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

/** The values of an `oauth:` that are never written anywhere. */
export function oauthSecrets(oauth: OAuthConfig | undefined): string[] {
  return oauth === undefined ? [] : [oauth.client_secret, oauth.refresh_token].filter((value): value is string => value !== undefined);
}
