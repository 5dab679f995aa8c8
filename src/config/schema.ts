/**
 * The one source of truth for mcpact.yaml: the TypeScript type is inferred from it and
 * schemas/config.v1.schema.json is generated from it (test/config/schema-file.test.ts keeps the file current).
 */
import { z } from 'zod';
import { SEVERITIES, RULE_LEVELS, INHERITED_LEVELS } from '../model/severity.js';
import { ERA_CHOICES } from '../model/spec.js';
import { promptsConfigSchema } from './prompts.js';
import { callsConfigSchema } from './calls.js';
import { driftConfigSchema } from './drift.js';
import { suitesConfigSchema } from './suites.js';
import { latencyConfigSchema } from './latency.js';
import { resourcesConfigSchema } from './resources.js';
import { depthSchema } from './depth.js';
import { compatConfigSchema } from './compat.js';
import { badInputConnectionSchema } from './bad-input.js';
import { oauthConfigSchema } from './oauth.js';

const positiveMs = (what: string, fallback: number) => z.number().int().positive().max(86_400_000).describe(what).meta({ default: fallback });

export const timeoutsSchema = z
  .strictObject({
    connect_ms: positiveMs('Deadline for spawning/connecting and the initialize handshake, in ms (default 10000).', 10_000).optional(),
    call_ms: positiveMs(
      'Deadline for any single request to the server, in ms (default 10000); a tools/call answered within three times as long again is slow, not unanswered.',
      10_000,
    ).optional(),
    run_ms: positiveMs(
      'Deadline for the whole run against one server, in ms (default 120000); the rule families have 90% of it, the rest is kept for the rules that judge the whole session.',
      120_000,
    ).optional(),
  })
  .describe('Deadlines. A run that hits run_ms still writes its reports, marked incomplete, and exits 2.');

const ruleLevelsSchema = z
  .record(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'a rule id such as protocol/ping'), z.enum(RULE_LEVELS))
  .describe('Re-level rules, ESLint-style: `<rule id>: off | info | warning | error`.');

const inheritedSchema = z
  .enum(INHERITED_LEVELS)
  .describe(
    'Level of findings inherited from the SDK the server is built on (recognised from its answers; docs/rules.md#inherited-behaviour): info (default), warning, or off to leave them out. A level under `rules:` for the rule wins.',
  )
  .meta({ default: 'info' });

const protocolEraSchema = z
  .enum(ERA_CHOICES)
  .describe(
    'MCP era to speak (docs/revisions.md): auto (default) probes server/discover (2026-07-28) and falls back to initialize; legacy sends initialize only; modern requires server/discover. --protocol-era overrides it.',
  )
  .meta({ default: 'auto' });

const expectSchema = z
  .strictObject({
    protocol_version: z.string().describe('The protocol revision the server must negotiate, e.g. 2025-11-25 (rule protocol/protocol-version).').optional(),
  })
  .describe('What this server is expected to do.');

/**
 * Per-server options read by rule families (prompt examples, call policy, drift, ...). Each family keeps its
 * schema in its own file under config/ and adds one line here; `ServerSettings` is what rules receive.
 */
export const featureShape = {
  prompts: promptsConfigSchema.optional(),
  calls: callsConfigSchema.optional(),
  drift: driftConfigSchema.optional(),
  suites: suitesConfigSchema.optional(),
  latency: latencyConfigSchema.optional(),
  resources: resourcesConfigSchema.optional(),
  depth: depthSchema.optional(),
  compat: compatConfigSchema.optional(),
  bad_input_connection: badInputConnectionSchema.optional(),
};

export const featuresSchema = z.strictObject(featureShape);
export type ServerSettings = z.infer<typeof featuresSchema>;

const common = {
  name: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (1-64)')
    .describe('Name used in reports and with --server. Required in `servers:` lists.')
    .optional(),
  timeouts: timeoutsSchema.optional(),
  expect: expectSchema.optional(),
  rules: ruleLevelsSchema.optional(),
  inherited: inheritedSchema.optional(),
  protocol_era: protocolEraSchema.optional(),
  ...featureShape,
};

export const stdioServerSchema = z
  .strictObject({
    transport: z.literal('stdio'),
    command: z.string().min(1).describe('Executable to spawn (looked up on PATH).'),
    args: z.array(z.string()).describe('Arguments for the command.').optional(),
    env: z
      .record(z.string(), z.string())
      .describe("Environment for the child on top of a minimal default (HOME, PATH, ...). mcpact's own variables are never passed on.")
      .optional(),
    cwd: z.string().describe('Working directory for the child, relative to the config file.').optional(),
    ...common,
  })
  .describe('A server spawned as a child process, spoken to over stdin/stdout.');

export const httpServerSchema = z
  .strictObject({
    transport: z.literal('http'),
    url: z
      .string()
      .regex(/^https?:\/\//i, 'an http:// or https:// URL')
      .describe('The Streamable HTTP endpoint.'),
    headers: z.record(z.string(), z.string()).describe('Headers sent with every request, e.g. Authorization: "Bearer ${TOKEN}".').optional(),
    oauth: oauthConfigSchema.optional(),
    ...common,
  })
  .describe('A server reached over Streamable HTTP.');

export const sseServerSchema = z
  .strictObject({
    transport: z.literal('sse'),
    url: z
      .string()
      .regex(/^https?:\/\//i, 'an http:// or https:// URL')
      .describe('The SSE endpoint (GET), often ending in /sse; the server names the endpoint for messages, which must be on the same origin.'),
    headers: z.record(z.string(), z.string()).describe('Headers sent with every request, e.g. Authorization: "Bearer ${TOKEN}".').optional(),
    ...common,
  })
  .describe('A server reached over the legacy HTTP+SSE transport of protocol revision 2024-11-05 (initialize era only).');

export const serverSchema = z.discriminatedUnion('transport', [stdioServerSchema, httpServerSchema, sseServerSchema]);

export const configSchema = z
  .strictObject({
    $schema: z.string().describe('Editor hint; ignored by mcpact.').optional(),
    server: serverSchema.describe('The one server under test (or use `servers`).').optional(),
    servers: z.array(serverSchema).min(1).describe('Several servers under test, each with a unique name.').optional(),
    timeouts: timeoutsSchema.optional(),
    rules: ruleLevelsSchema.optional(),
    inherited: inheritedSchema.optional(),
    depth: depthSchema.optional(),
    compat: compatConfigSchema.optional(),
    protocol_era: protocolEraSchema.optional(),
    fail_on: z
      .enum(SEVERITIES)
      .describe('Lowest severity that makes the run fail with exit code 1 (default error). --fail-on overrides it.')
      .meta({ default: 'error' })
      .optional(),
    known_findings: z
      .string()
      .min(1)
      .describe(
        'Known-findings file, relative to this config (docs/ci.md#known-findings): listed findings do not fail the run, a listed one that no longer occurs does. --known-findings overrides it.',
      )
      .optional(),
  })
  .describe('mcpact configuration (mcpact.yaml).');

export type StdioServerConfig = z.infer<typeof stdioServerSchema>;
export type HttpServerConfig = z.infer<typeof httpServerSchema>;
export type ServerConfig = z.infer<typeof serverSchema>;
export type ConfigFile = z.infer<typeof configSchema>;
export type Timeouts = Required<z.infer<typeof timeoutsSchema>>;

/** The feature options of one server entry, without its connection details. */
export function serverSettings(server: ServerConfig): ServerSettings {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(featureShape)) {
    if (key in server) picked[key] = (server as Record<string, unknown>)[key];
  }
  return featuresSchema.parse(picked);
}

export const DEFAULT_TIMEOUTS: Timeouts = { connect_ms: 10_000, call_ms: 10_000, run_ms: 120_000 };

/**
 * The JSON Schema published as schemas/config.v1.schema.json. With the registry's rule ids, every `rules:` map
 * lists them as its `propertyNames`, so an editor completes them and flags a misspelt one as mcpact would.
 */
export function configJsonSchema(ruleIds: readonly string[] = []): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  if (ruleIds.length > 0) listRuleIds(schema, [...ruleIds].sort());
  return {
    ...schema,
    $id: 'https://github.com/mcpact/mcpact/schemas/config.v1.schema.json',
    title: 'mcpact configuration',
  };
}

/** Every `rules` property of the generated schema (top level and per server): its keys are the given rule ids. */
function listRuleIds(node: unknown, ruleIds: string[]): void {
  if (Array.isArray(node)) return node.forEach((item) => listRuleIds(item, ruleIds));
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
  const rules = properties?.rules;
  if (rules && typeof rules === 'object' && 'propertyNames' in rules) rules.propertyNames = { enum: ruleIds };
  for (const value of Object.values(record)) listRuleIds(value, ruleIds);
}
