/**
 * Does a tool's name or description say it changes or sends something? Only the verb position counts (the
 * first word of the name, the first verb of the description), so `list_deleted_items` and "Lists files; never
 * deletes anything" do not. Shared by the safe-call policy (which will not trust a read-only hint on such a tool)
 * and security/annotation-mismatch (which reports the contradiction).
 */
const MUTATING = new Set([
  'delete',
  'remove',
  'drop',
  'destroy',
  'erase',
  'purge',
  'truncate',
  'wipe',
  'write',
  'overwrite',
  'update',
  'upsert',
  'insert',
  'send',
  'publish',
  'upload',
  'move',
  'rename',
  'kill',
  'terminate',
  'deploy',
  'transfer',
  'pay',
  'refund',
  'revoke',
  'modify',
  'append',
  'commit',
  'push',
  'post',
  'unlink',
  'rmdir',
  'shutdown',
  'reboot',
]);
/** Words that may precede the verb of a description: "Permanently deletes ...", "This tool sends ...". */
const LEADING = new Set(['permanently', 'irreversibly', 'immediately', 'directly', 'asynchronously', 'also', 'then', 'will', 'this', 'tool', 'it']);

/** The base form of a mutating verb ("Deletes" -> "delete"), or undefined. */
function verbOf(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (MUTATING.has(lower)) return lower;
  for (const stem of [lower.replace(/es$/, ''), lower.replace(/s$/, '')]) if (MUTATING.has(stem)) return stem;
  return undefined;
}

export function nameVerb(name: string): string | undefined {
  const first = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .find(Boolean)
    ?.toLowerCase();
  return first !== undefined && MUTATING.has(first) ? first : undefined;
}

export function descriptionVerb(description: string): string | undefined {
  // Whole words only: "Drop-in replacement for grep" does not drop anything.
  const words = description
    .split(/\s+/)
    .map((token) => token.replace(/^\W+|[,.;:!?)]+$/g, ''))
    .filter(Boolean);
  for (const word of words.slice(0, 4)) {
    if (LEADING.has(word.toLowerCase())) continue;
    return verbOf(word);
  }
  return undefined;
}

/** The mutating verb a tool announces, and where: its name first, else its description. */
export function mutatingVerb(name: string, description: unknown): { verb: string; source: 'name' | 'description' } | undefined {
  const byName = nameVerb(name);
  if (byName) return { verb: byName, source: 'name' };
  const byDescription = typeof description === 'string' ? descriptionVerb(description) : undefined;
  return byDescription ? { verb: byDescription, source: 'description' } : undefined;
}
