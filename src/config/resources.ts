/**
 * `resources:` of a server: how much the resources family reads (docs/resources.md). Reading is side-effect free
 * by the spec, so the family reads by default; these caps bound how much of a server's contents it reads and
 * examines, and `template_examples` gives values for resource-template variables that completion and the
 * template's description do not offer.
 */
import { z } from 'zod';
import { parseUriTemplate } from '../util/uri-template.js';
import { templateVariables } from '../util/uri-expand.js';

export const RESOURCE_DEFAULTS = {
  /** Listed resources read per server, and likewise resource templates expanded and links followed. */
  max_reads: 20,
  /** Bytes of one read's contents that mcpact examines (text as UTF-8, blobs as sent). */
  max_bytes: 1_048_576,
  /** Values tried per template variable. */
  template_values: 3,
} as const;

export const MAX_READS_LIMIT = 1000;
export const MAX_BYTES_LIMIT = 64 * 1024 * 1024;

export const resourcesConfigSchema = z
  .strictObject({
    max_reads: z
      .number()
      .int()
      .min(1)
      .max(MAX_READS_LIMIT)
      .describe(
        `Most items each resources rule reads: listed resources, templates expanded, resource links followed, UI resources (default ${RESOURCE_DEFAULTS.max_reads}). The rest are named in the rule's note, never read.`,
      )
      .optional(),
    max_bytes: z
      .number()
      .int()
      .min(1024)
      .max(MAX_BYTES_LIMIT)
      .describe(
        `Bytes of one read's contents mcpact examines (default ${RESOURCE_DEFAULTS.max_bytes}); a bigger read is judged on its shape only, and its base64, HTML and content hash are not checked (the rule's note says which).`,
      )
      .optional(),
    template_examples: z
      .record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string()).min(1)])))
      .describe(
        'Values for resource-template variables, by uriTemplate exactly as listed, then by variable: a string or a list of strings (tried before completion values and the description).',
      )
      .optional(),
  })
  .superRefine((resources, context) => {
    for (const [template, values] of Object.entries(resources.template_examples ?? {})) {
      const parsed = parseUriTemplate(template);
      if (!parsed.ok) {
        context.addIssue({ code: 'custom', path: ['template_examples', template], message: `not a valid URI template: ${parsed.message}` });
        continue;
      }
      const variables = new Set(templateVariables(parsed.parts));
      for (const name of Object.keys(values)) {
        if (!variables.has(name)) {
          context.addIssue({
            code: 'custom',
            path: ['template_examples', template, name],
            message: `the template has no variable "${name}" (it has ${[...variables].map((variable) => `"${variable}"`).join(', ') || 'none'})`,
          });
        }
      }
    }
  })
  .describe('How much the resources family reads (docs/resources.md).');

export type ResourcesConfig = z.infer<typeof resourcesConfigSchema>;

export interface ResourceLimits {
  maxReads: number;
  maxBytes: number;
}

export function resourceLimits(config: ResourcesConfig | undefined): ResourceLimits {
  return { maxReads: config?.max_reads ?? RESOURCE_DEFAULTS.max_reads, maxBytes: config?.max_bytes ?? RESOURCE_DEFAULTS.max_bytes };
}
