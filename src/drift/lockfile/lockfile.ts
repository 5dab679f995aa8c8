/**
 * mcpact.lock.json: the pinned contract of one server. Its zod schema is the source of
 * schemas/lockfile.v1.schema.json; reading validates against it and words every problem as one exit-2 error;
 * writing is canonical (sorted keys, items sorted by identity, LF, no timestamps) and atomic (temp file + rename).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MAX_OUTPUT_SAMPLES } from '../../config/drift.js';
import { McpactError, errorMessage } from '../../errors.js';
import { compareText } from '../../util/compare.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { writeFileAtomically } from '../../util/atomic-write.js';
import { canonicalJson, checkDepth, sortKeys } from './canonical.js';
import { ERAS } from '../../model/spec.js';

export const LOCKFILE_SCHEMA_VERSION = 1;
/** Bumped when the canonical form changes, so an old lockfile is refreshed rather than misread. */
export const CANONICALIZATION_VERSION = 1;
export const DEFAULT_LOCKFILE = 'mcpact.lock.json';

const text = (what: string) => z.string().describe(what).optional();
const jsonSchema = z.union([z.record(z.string(), z.unknown()), z.boolean()]).describe('A JSON Schema exactly as the server sent it (keys sorted).');

/** The lists whose results carry caching hints in the modern era (server/utilities/caching). */
export const CACHED_LISTS = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const;
export type CachedList = (typeof CACHED_LISTS)[number];

const cachingHintsSchema = z
  .strictObject({
    ttlMs: z.number().describe('How long the list may be considered fresh, in ms, as the first page said.').optional(),
    cacheScope: z.string().describe('public or private, as the first page said.').optional(),
  })
  .describe("A list's caching hints (2026-07-28 and later), from its first page.");
export type CachingHints = z.infer<typeof cachingHintsSchema>;

const serverSchema = z
  .strictObject({
    name: text(
      'serverInfo.name: whose lockfile this is. mcpact diff does not compare it with a server of another name, and mcpact baseline does not overwrite it with one (unless --overwrite-other-server).',
    ),
    version: text('serverInfo.version (recorded, not compared)'),
    protocolVersion: text('The negotiated protocol revision.'),
    era: z
      .enum(ERAS)
      .describe('The era the contract was captured in: legacy (initialize) or modern (server/discover). Read off protocolVersion when absent.')
      .optional(),
    capabilities: z.record(z.string(), z.unknown()).describe('The capabilities object of the initialize (or server/discover) result.'),
    instructions: text('The instructions text of the initialize (or server/discover) result.'),
    caching: z
      .strictObject(
        Object.fromEntries(CACHED_LISTS.map((list) => [list, cachingHintsSchema.optional()])) as Record<CachedList, z.ZodOptional<typeof cachingHintsSchema>>,
      )
      .describe('Caching hints of each list, modern era only: compared only when both sides of a diff have them.')
      .optional(),
  })
  .describe('Server identity, from the initialize (or server/discover) result.');

export const SHAPE_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'] as const;
const shapeType = z.enum(SHAPE_TYPES);

/**
 * A JSON Schema subset inferred from results: structure only, never a value (no enum, const or examples). The
 * recursive members carry no description of their own, so the published schema keeps a single definition.
 */
const outputShapeSchema = z
  .strictObject({
    type: z
      .union([shapeType, z.array(shapeType)])
      .describe('The JSON types seen (integer apart from number); a list when several were.')
      .optional(),
    get properties() {
      return z.record(z.string(), outputShapeSchema).optional();
    },
    required: z.array(z.string()).describe('The fields every object sample had, sorted.').optional(),
    get items() {
      return outputShapeSchema.optional();
    },
  })
  .meta({
    id: 'outputShape',
    description:
      'An observed shape, a JSON Schema subset: type, properties (the fields seen, by name), required, items (the merged shape of every array element seen).',
  });

export const OUTPUT_SOURCES = ['structuredContent', 'text', 'content'] as const;

const observedOutputSchema = z
  .strictObject({
    // Bounded like drift.output_samples: a hand-edited lockfile must not make diff call a tool a million times.
    calls: z.number().int().min(1).max(MAX_OUTPUT_SAMPLES).describe('How many calls were made (mcpact diff makes as many, with the same generated inputs).'),
    source: z
      .enum(OUTPUT_SOURCES)
      .describe(
        'What the shape describes: structuredContent; text (JSON objects or arrays in text content blocks); content (neither: only the block types are recorded).',
      ),
    content: z.array(z.string()).describe('The content block types seen, sorted.'),
    shape: outputShapeSchema.optional(),
  })
  .describe('The output shape observed at baseline (drift.output_shapes) for a tool without an outputSchema.');

const toolSchema = z.strictObject({
  name: z.string(),
  title: text('Display title.'),
  description: text('Description text.'),
  inputSchema: jsonSchema.optional(),
  outputSchema: jsonSchema.optional(),
  annotations: z.record(z.string(), z.unknown()).describe('Tool annotations (hints and title).').optional(),
  observedOutput: observedOutputSchema.optional(),
  uiResource: z
    .strictObject({
      uri: z.string().describe('The linked URI (_meta.ui.resourceUri).'),
      sha256: z.string().describe('SHA-256 (hex) of its contents when baseline read them (uri, mimeType, text or blob of each item).'),
    })
    .describe('The MCP Apps UI resource the tool links, pinned with drift.resource_contents.')
    .optional(),
});

const argumentSchema = z.strictObject({
  name: z.string(),
  title: text('Display title.'),
  description: text('Description text.'),
  required: z.boolean().describe('false when the server left it out.'),
});

export const INVOCATION_KINDS = ['minimum', 'complete'] as const;

const invocationSchema = z
  .strictObject({
    kind: z.enum(INVOCATION_KINDS).describe('minimum: only the required arguments; complete: every argument.'),
    arguments: z.record(z.string(), z.string()).describe('Argument values, redacted to reproducible samples.'),
    rendered: z
      .array(z.string())
      .describe(
        'The arguments whose values the rendered messages carried at baseline, sorted: only these count as dropped when a replay renders without them. Absent in lockfiles before #15: then no value is judged dropped.',
      )
      .optional(),
  })
  .describe('A prompts/get call that succeeded at baseline; replayed by the compatibility replay.');

const promptSchema = z.strictObject({
  name: z.string(),
  title: text('Display title.'),
  description: text('Description text.'),
  arguments: z.array(argumentSchema).describe('In declared order (the order is part of the contract).'),
  invocations: z
    .array(invocationSchema)
    .describe(
      'Invocations that succeeded at baseline (complete, and minimum when it differs); replayed by mcpact diff. Values from the config examples are written as <config:NAME>.',
    )
    .optional(),
});

const resourceSchema = z.strictObject({
  uri: z.string(),
  name: text('Name.'),
  title: text('Display title.'),
  description: text('Description text.'),
  mimeType: text('MIME type.'),
  contentSha256: text('SHA-256 (hex) of the contents baseline read (drift.resource_contents): uri, mimeType, text or blob of each item.'),
});

const templateSchema = z.strictObject({
  uriTemplate: z.string(),
  name: text('Name.'),
  title: text('Display title.'),
  description: text('Description text.'),
  mimeType: text('MIME type.'),
});

const skillFileSchema = z
  .strictObject({
    uri: z.string().describe('Resource URI of the file.'),
    digest: z.string().describe('sha256:{hex} of its raw bytes, as the entry published it.'),
    size: z.number().int().min(0).describe('Its length in bytes, as the entry published it.'),
  })
  .describe('One file of a skill, as its entry lists it.');

const skillSchema = z
  .strictObject({
    uri: z.string().describe("The URI of the skill's SKILL.md: the skill's identity on this server."),
    name: z.string().describe('frontmatter.name.'),
    description: z.string().describe('frontmatter.description.'),
    frontmatterSha256: z.string().describe('SHA-256 (hex) of the whole frontmatter object, keys sorted: any field the author wrote.'),
    resources: z
      .union([z.array(skillFileSchema), z.literal('dynamic')])
      .describe('The files the entry lists, sorted by uri; or "dynamic" for a skill whose content is generated (no digests).'),
  })
  .describe('A skill the server publishes through the MCP Skills extension (skills/list).');

export const lockfileSchema = z
  .strictObject({
    schemaVersion: z.literal(LOCKFILE_SCHEMA_VERSION),
    mcpactVersion: z.string().describe('The mcpact version that wrote the file.'),
    canonicalization: z.literal(CANONICALIZATION_VERSION).describe('Version of the canonical form (key and item order).'),
    server: serverSchema,
    tools: z.array(toolSchema).describe('Sorted by name.'),
    prompts: z.array(promptSchema).describe('Sorted by name.'),
    resources: z.array(resourceSchema).describe('Sorted by uri.'),
    resourceTemplates: z.array(templateSchema).describe('Sorted by uriTemplate.'),
    skills: z
      .array(skillSchema)
      .describe('Sorted by uri. Only for a server that declares io.modelcontextprotocol/skills (2026-07-28 and later); absent otherwise.')
      .optional(),
  })
  .describe('mcpact lockfile: the pinned contract of one MCP server (mcpact baseline writes it, mcpact diff reads it).');

export type Lockfile = z.infer<typeof lockfileSchema>;
export type Contract = Omit<Lockfile, 'schemaVersion' | 'mcpactVersion' | 'canonicalization'>;
export type LockedTool = Lockfile['tools'][number];
export type ObservedOutput = NonNullable<LockedTool['observedOutput']>;
export type OutputShape = z.infer<typeof outputShapeSchema>;
export type OutputSource = (typeof OUTPUT_SOURCES)[number];
export type ShapeType = (typeof SHAPE_TYPES)[number];
export type LockedPrompt = Lockfile['prompts'][number];
export type LockedArgument = LockedPrompt['arguments'][number];
export type LockedResource = Lockfile['resources'][number];
export type LockedTemplate = Lockfile['resourceTemplates'][number];
export type LockedSkill = NonNullable<Lockfile['skills']>[number];
export type LockedSkillFile = Exclude<LockedSkill['resources'], 'dynamic'>[number];

/** How each list is keyed: the identity used to sort it and to match items across a diff. */
export const IDENTITY = { tools: 'name', prompts: 'name', resources: 'uri', resourceTemplates: 'uriTemplate' } as const;
export type ItemList = keyof typeof IDENTITY;

export function lockfileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(lockfileSchema, { target: 'draft-2020-12' }),
    $id: 'https://github.com/mcpact/mcpact/schemas/lockfile.v1.schema.json',
    title: 'mcpact lockfile',
  };
}

/** The lockfile bytes: canonical, two-space indented, LF, ending in a newline. */
export function serializeLockfile(lock: Lockfile): string {
  const ordered: Lockfile = {
    ...lock,
    tools: sortByIdentity(lock.tools, 'name'),
    prompts: sortByIdentity(lock.prompts, 'name'),
    resources: sortByIdentity(lock.resources, 'uri'),
    resourceTemplates: sortByIdentity(lock.resourceTemplates, 'uriTemplate'),
    ...(lock.skills !== undefined && { skills: sortByIdentity(lock.skills, 'uri') }),
  };
  return JSON.stringify(sortKeys(ordered), null, 2) + '\n';
}

/** Items by identity (code-unit order), ties by their canonical JSON, so the order never depends on the server's. */
export function sortByIdentity<T extends Record<K, string>, K extends string>(list: readonly T[], key: K): T[] {
  return [...list].sort((a, b) => compareText(a[key], b[key]) || compareText(canonicalJson(a), canonicalJson(b)));
}

/** Parses and validates lockfile text; every problem is a config error (exit 2) naming `file` and the reason. */
export function parseLockfile(source: string, file: string): Lockfile {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw invalid(file, `not valid JSON (${errorMessage(error)})`);
  }
  const record = asRecord(value);
  if (record === undefined) throw invalid(file, 'not a JSON object');
  const version = record.schemaVersion;
  if (version === undefined) throw invalid(file, 'no schemaVersion: is it an mcpact lockfile?');
  if (version !== LOCKFILE_SCHEMA_VERSION) {
    throw invalid(file, `schemaVersion ${JSON.stringify(version)?.slice(0, 20)} is not supported; this mcpact reads version ${LOCKFILE_SCHEMA_VERSION}`);
  }
  const canonicalization = record.canonicalization;
  if (canonicalization !== CANONICALIZATION_VERSION) {
    throw invalid(
      file,
      `canonicalization ${JSON.stringify(canonicalization)?.slice(0, 20) ?? 'missing'} is not supported (expected ${CANONICALIZATION_VERSION}); refresh it with mcpact baseline`,
    );
  }
  let parsed: ReturnType<typeof lockfileSchema.safeParse>;
  try {
    parsed = lockfileSchema.safeParse(value);
  } catch (error) {
    // Validation recurses; a file nested deeply enough to exhaust the stack is invalid, not an internal error.
    throw invalid(file, `cannot be validated (${errorMessage(error)})`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path
      .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
      .join('')
      .replace(/^\./, '');
    throw invalid(file, `${where || 'top level'}: ${issue.message}`);
  }
  try {
    checkDepth(value);
  } catch (error) {
    throw invalid(file, errorMessage(error));
  }
  // Validated; the original value is kept rather than zod's copy, which would drop keys such as "__proto__" that
  // a JSON Schema may legitimately use as a property name.
  const lock = value as Lockfile;
  const identities: [ItemList | 'skills', string[]][] = [
    ['tools', lock.tools.map((tool) => tool.name)],
    ['prompts', lock.prompts.map((prompt) => prompt.name)],
    ['resources', lock.resources.map((resource) => resource.uri)],
    ['resourceTemplates', lock.resourceTemplates.map((template) => template.uriTemplate)],
    ['skills', (lock.skills ?? []).map((skill) => skill.uri)],
  ];
  for (const [list, names] of identities) {
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) throw invalid(file, `${list}: duplicate ${list === 'skills' ? 'uri' : IDENTITY[list]} ${quote(name)}`);
      seen.add(name);
    }
  }
  return lock;
}

export async function readLockfile(file: string): Promise<Lockfile> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file (create it with `mcpact baseline`)' : code === 'EISDIR' ? 'it is a directory' : String(code ?? errorMessage(error));
    throw new McpactError('config', `cannot read lockfile ${display(file)}: ${why}`);
  }
  return parseLockfile(source, file);
}

/** Written atomically (util/atomic-write.ts): a reader never sees half a lockfile, and a failure leaves the old one. */
export async function writeLockfileAtomically(file: string, bytes: string): Promise<void> {
  await writeFileAtomically(file, bytes, 'lockfile');
}

function invalid(file: string, reason: string): McpactError {
  return new McpactError('config', `invalid lockfile ${display(file)}: ${reason}`);
}

function display(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
