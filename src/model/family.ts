/** The rule families: each rule belongs to one, and `--only` / `--skip` select by them. */
export const FAMILIES = [
  'protocol',
  'schema',
  'prompts',
  'resources',
  'drift',
  'tools',
  'security',
  'stdio',
  'http',
  'auth',
  'suites',
  'latency',
  'compat',
  'tasks',
  'skills',
] as const;
export type Family = (typeof FAMILIES)[number];

export function isFamily(name: string): name is Family {
  return (FAMILIES as readonly string[]).includes(name);
}
