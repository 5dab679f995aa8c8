/**
 * Command-line options as each command receives them, parsed by a schema instead of cast: commander hands over
 * `Record<string, unknown>`, and `parseOptions` turns it into typed values or a usage error (exit 2) that names
 * the flag, with a did-you-mean. Loaded by the commands themselves, so `mcpact --version` never loads zod.
 */
import { z } from 'zod';
import { usageError } from '../errors.js';
import { CHANGE_IDS, currentChangeId, LEVELS, type ChangeId, type Level } from '../model/changes.js';
import { FAMILIES, isFamily, type Family } from '../model/family.js';
import { SEVERITIES } from '../model/severity.js';
import { DEPTHS } from '../model/depth.js';
import { closest } from '../util/did-you-mean.js';
import { parseReporters } from './reporter-specs.js';
import { parseShard } from './shard.js';
import { ERA_CHOICES } from '../model/spec.js';
import { URL_TRANSPORTS } from '../model/transport.js';

const commaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** `--only` / `--skip`: rule families, each checked. */
const families = (flag: string) =>
  z.string().transform((text, context): Family[] => {
    const names = commaList(text);
    for (const name of names) {
      if (isFamily(name)) continue;
      const hint = closest(name, FAMILIES);
      context.addIssue({
        code: 'custom',
        message: `${flag}: unknown rule family "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; families: ${FAMILIES.join(', ')}`,
      });
    }
    return names.filter(isFamily);
  });

/** `mcpact diff --fail-on breaking,tool-added`: levels and change ids, each checked. */
const driftFailOn = z.string().transform((text, context): (Level | ChangeId)[] => {
  const isLevel = (item: string): item is Level => (LEVELS as readonly string[]).includes(item);
  const isChangeId = (item: string): item is ChangeId => (CHANGE_IDS as readonly string[]).includes(item);
  // A renamed id still works, meaning its new name.
  const items = commaList(text).map(currentChangeId);
  for (const item of items) {
    if (isLevel(item) || isChangeId(item)) continue;
    const hint = closest(item, [...LEVELS, ...CHANGE_IDS]);
    context.addIssue({
      code: 'custom',
      message: `--fail-on: "${item}" is neither a level (${LEVELS.join(', ')}) nor a change id${hint ? ` (did you mean "${hint}"?)` : ''}; see mcpact diff --list-changes`,
    });
  }
  return items.filter((item) => isLevel(item) || isChangeId(item));
});

/** `--connect-timeout 5000`: a whole number of milliseconds, as the config's `timeouts` takes them. */
const milliseconds = (flag: string) =>
  z.string().transform((text, context): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < 1 || value > 86_400_000) {
      context.addIssue({ code: 'custom', message: `${flag}: expected a whole number of milliseconds (1 to 86400000), got "${text}"` });
    }
    return value;
  });

const flag = z.boolean().optional();
const reporters = z
  .array(z.string())
  .optional()
  .transform((values) => parseReporters(values));
/** `mcpact run` also takes `blob:DIR`. */
const runReporters = z
  .array(z.string())
  .optional()
  .transform((values) => parseReporters(values, { blob: true }));

/** --oauth-*: sign in to --url (docs/auth.md). */
const oauthOptions = {
  oauthClientId: z.string().min(1, '--oauth-client-id: expected a client id').optional(),
  oauthClientSecret: z.string().min(1, '--oauth-client-secret: expected a secret').optional(),
  oauthScope: z.string().optional(),
  oauthRefreshToken: z.string().min(1, '--oauth-refresh-token: expected a token').optional(),
};

export const targetOptionsSchema = z.strictObject({
  config: z.string().optional(),
  server: z.string().optional(),
  url: z.string().optional(),
  transport: z.enum(URL_TRANSPORTS).optional(),
  header: z.array(z.string()).optional(),
  ...oauthOptions,
  env: z.array(z.string()).optional(),
  envFile: z.string().optional(),
  connectTimeout: milliseconds('--connect-timeout').optional(),
  callTimeout: milliseconds('--call-timeout').optional(),
  runTimeout: milliseconds('--run-timeout').optional(),
  protocolEra: z.enum(ERA_CHOICES).optional(),
});

export const runOptionsSchema = targetOptionsSchema.extend({
  reporter: runReporters,
  shard: z.string().transform(parseShard).optional(),
  watch: z.union([z.boolean(), z.array(z.string())]).optional(),
  failOn: z.enum(SEVERITIES).optional(),
  only: families('--only').optional(),
  skip: families('--skip').optional(),
  trace: z.string().optional(),
  concurrency: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, { message: 'expected a whole number of servers from 1 to 999' })
    .transform(Number)
    .optional(),
  depth: z.enum(DEPTHS).optional(),
  quiet: flag,
  verbose: flag,
  prComment: flag,
  showValues: flag,
  updateGolden: flag,
  knownFindings: z.string().min(1).optional(),
  updateKnownFindings: flag,
});

export const baselineOptionsSchema = targetOptionsSchema.extend({
  lockfile: z.string().optional(),
  overwriteOtherServer: flag,
  quiet: flag,
  verbose: flag,
});

export const diffOptionsSchema = targetOptionsSchema.extend({
  lockfile: z.string().optional(),
  against: z.string().optional(),
  againstUrl: z.string().optional(),
  reporter: reporters,
  failOn: driftFailOn.optional(),
  quiet: flag,
  verbose: flag,
  listChanges: flag,
});

export const recordOptionsSchema = targetOptionsSchema.extend({
  output: z.string(),
  quiet: flag,
  verbose: flag,
});

/** `mcpact mock --http 0`: a TCP port, 0 for a free one. */
export const mockOptionsSchema = z.strictObject({
  http: z
    .string()
    .regex(/^\d{1,5}$/, { message: 'expected a port from 0 (a free one) to 65535' })
    .transform(Number)
    .refine((port) => port <= 65_535, { message: 'expected a port from 0 (a free one) to 65535' })
    .optional(),
});

export const mergeOptionsSchema = z.strictObject({
  reporter: reporters,
  failOn: z.enum(SEVERITIES).optional(),
  knownFindings: z.string().min(1).optional(),
  quiet: flag,
  verbose: flag,
});

export const initOptionsSchema = z.strictObject({
  from: z.string().optional(),
  url: z.string().optional(),
  transport: z.enum(URL_TRANSPORTS).optional(),
  header: z.array(z.string()).optional(),
  ...oauthOptions,
  output: z.string(),
  force: flag,
});

/** `mcpact login` (docs/auth.md#login): the interactive sign-in. */
export const loginOptionsSchema = z.strictObject({
  url: z.string({ error: '--url: the MCP server to sign in to is required' }),
  oauthClientId: oauthOptions.oauthClientId,
  oauthClientSecret: oauthOptions.oauthClientSecret,
  oauthScope: oauthOptions.oauthScope,
  browser: z.boolean(),
  loginTimeout: milliseconds('--login-timeout').optional(),
  connectTimeout: milliseconds('--connect-timeout').optional(),
});

export const logoutOptionsSchema = z.strictObject({
  url: z.string({ error: '--url: the MCP server to sign out of is required' }),
});

export type TargetOptions = z.output<typeof targetOptionsSchema>;
export type RunOptions = z.output<typeof runOptionsSchema>;
export type BaselineOptions = z.output<typeof baselineOptionsSchema>;
export type DiffOptions = z.output<typeof diffOptionsSchema>;
export type MergeOptions = z.output<typeof mergeOptionsSchema>;
export type InitOptions = z.output<typeof initOptionsSchema>;
export type LoginOptions = z.output<typeof loginOptionsSchema>;

/** Typed options, or a usage error with the first problem's message. */
export function parseOptions<Schema extends z.ZodType>(schema: Schema, raw: Record<string, unknown>): z.output<Schema> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where =
    issue && issue.path.length > 0
      ? `--${issue.path
          .map(String)
          .join('.')
          .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}: `
      : '';
  throw usageError(issue?.code === 'custom' ? issue.message : `${where}${issue?.message ?? 'invalid options'}`);
}
