/**
 * `compat:` of the config (top level or per server): which hosts the compat rules judge the server for
 * (docs/compat.md). The hosts' limits and their sources are data in rules/compat/hosts.ts, one row per host id here.
 */
import { z } from 'zod';

/**
 * The hosts mcpact knows a documented limit of, in the order findings name them. Only hosts with at least one
 * documented constraint are listed: a host id that judged nothing would be an option accepted and then ignored.
 */
export const HOST_IDS = ['claude', 'openai', 'gemini', 'vscode'] as const;
export type HostId = (typeof HOST_IDS)[number];

/** Every known host is judged unless the config names some. */
export const DEFAULT_HOSTS: readonly HostId[] = HOST_IDS;

export const compatConfigSchema = z
  .strictObject({
    hosts: z
      .array(z.enum(HOST_IDS))
      .min(1)
      .superRefine((hosts, context) => {
        hosts.forEach((host, index) => {
          if (hosts.indexOf(host) !== index) context.addIssue({ code: 'custom', path: [index], message: `"${host}" is listed twice` });
        });
      })
      .describe(`The hosts to judge the server for (default: all of ${HOST_IDS.join(', ')}); docs/compat.md lists each host's limits and sources.`)
      .meta({ default: [...HOST_IDS] })
      .optional(),
  })
  .describe('Host compatibility (the compat rules): which hosts the tool names and the tool count are judged for. A server entry may set its own.');

export type CompatConfig = z.infer<typeof compatConfigSchema>;
