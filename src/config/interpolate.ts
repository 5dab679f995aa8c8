/**
 * `${VAR}` interpolation in every string of the config. `$${` writes a literal `${`.
 * Every substituted value is collected as a secret so that reporters can redact it.
 */
type Path = (string | number)[];

const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function interpolate(
  value: unknown,
  env: NodeJS.ProcessEnv,
  onMissing: (variable: string, path: Path) => never,
  secrets: string[],
  path: Path = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(REFERENCE, (match, variable: string | undefined) => {
      if (variable === undefined) return '${';
      const found = env[variable];
      if (found === undefined) onMissing(variable, path);
      if (found.length > 0 && !secrets.includes(found)) secrets.push(found);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolate(item, env, onMissing, secrets, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env, onMissing, secrets, [...path, key])]));
  }
  return value;
}
