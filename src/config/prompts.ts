/**
 * `prompts:` options of a server: policy knobs for the prompt-argument matrix, and per-prompt example arguments
 * and expectations. Policy keys and prompt names share the map, as `prompts.<name>` and `prompts.unknown_arguments`
 * read naturally; a prompt literally named like a policy key cannot be configured (documented in docs/prompts.md).
 */
import { z } from 'zod';

export const PROMPT_POLICY_KEYS = ['unknown_arguments', 'empty_required', 'max_prompts'] as const;

export const regex = z.string().refine((pattern) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}, 'not a valid regular expression');

const expectSchema = z
  .strictObject({
    roles: z
      .array(z.enum(['user', 'assistant']))
      .describe('The exact sequence of message roles.')
      .optional(),
    match: z.array(regex).describe('Regular expressions that must match the rendered text.').optional(),
    not_match: z.array(regex).describe('Regular expressions that must not match the rendered text.').optional(),
    golden: z.string().describe('File (relative to the config) holding the expected rendered messages; --update-golden writes it.').optional(),
    normalize: z
      .array(z.strictObject({ pattern: regex, replace: z.string() }))
      .describe('Replacements (regex pattern -> text) applied to rendered text before the golden comparison.')
      .optional(),
  })
  .describe("Expectations on the messages rendered with this prompt's example arguments.");

export const promptEntrySchema = z
  .strictObject({
    arguments: z.record(z.string(), z.string()).describe('Example argument values the server accepts; tried first when building the matrix.').optional(),
    expect: expectSchema.optional(),
  })
  .describe('Options for one prompt, by name.');

type Policy = 'reject' | 'accept';

/** Written out because zod infers a catch-all that conflicts with the policy keys. */
export type PromptsConfig = {
  unknown_arguments?: Policy;
  empty_required?: Policy;
  max_prompts?: number;
  [name: string]: PromptEntry | Policy | number | undefined;
};

export const promptsConfigSchema: z.ZodType<PromptsConfig> = z
  .object({
    unknown_arguments: z.enum(['reject', 'accept']).describe('reject (default): accepting an undeclared argument is a finding; accept: it is not.').optional(),
    empty_required: z
      .enum(['reject', 'accept'])
      .describe('reject (default): accepting an empty or blank required argument is a finding; accept: it is not.')
      .optional(),
    max_prompts: z
      .number()
      .int()
      .min(1)
      .describe(
        'Prompts the matrix exercises at most (default 500): a server with more gets an evenly spread sample (configured prompts always), and the rules say how many were left out.',
      )
      .optional(),
  })
  .catchall(promptEntrySchema)
  .describe('Prompt matrix policy (unknown_arguments, empty_required, max_prompts) and per-prompt options (prompts.<name>).');

export type PromptEntry = z.infer<typeof promptEntrySchema>;

/** The per-prompt entry for `name`, never a policy value. */
export function promptEntry(config: PromptsConfig | undefined, name: string): PromptEntry | undefined {
  if (!config || (PROMPT_POLICY_KEYS as readonly string[]).includes(name)) return undefined;
  // A server's prompt may be named `constructor` or `__proto__`: only the config's own keys are entries.
  const entry = Object.hasOwn(config, name) ? config[name] : undefined;
  return typeof entry === 'object' ? entry : undefined;
}
