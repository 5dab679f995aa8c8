/**
 * The prompts a server declares, read leniently: prompts whose shape is broken are left to schema/prompt-shape,
 * the matrix only exercises prompts it can understand.
 */
import type { Surface } from '../../surface/types.js';
import { asRecord } from '../../util/json.js';

export interface DeclaredArgument {
  name: string;
  /** A missing `required` counts as optional, as the schema's default says. */
  required: boolean;
  description: string;
}

export interface DeclaredPrompt {
  name: string;
  description: string;
  arguments: DeclaredArgument[];
}

export function declaredPrompts(surface: Surface): DeclaredPrompt[] {
  const prompts: DeclaredPrompt[] = [];
  const seen = new Set<string>();
  for (const raw of surface.lists.prompts.items) {
    const record = asRecord(raw);
    if (!record || typeof record.name !== 'string' || seen.has(record.name)) continue;
    const args = record.arguments === undefined ? [] : Array.isArray(record.arguments) ? record.arguments : undefined;
    if (!args) continue;
    const parsed = args.map(asRecord);
    if (parsed.some((argument) => !argument || typeof argument.name !== 'string')) continue;
    const names = parsed.map((argument) => String(argument!.name));
    if (new Set(names).size !== names.length) continue; // duplicate argument names: no map can express them
    seen.add(record.name);
    prompts.push({
      name: record.name,
      description: typeof record.description === 'string' ? record.description : '',
      arguments: parsed.map((argument) => ({
        name: String(argument!.name),
        required: argument!.required === true,
        description: typeof argument!.description === 'string' ? argument!.description : '',
      })),
    });
  }
  return prompts;
}
