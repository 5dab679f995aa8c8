/**
 * Redaction of a whole value, its keys included, for what mcpact both writes and reads back whole: lockfiles and
 * drift's comparisons, whose two sides must hide exactly the same values. Reports are redacted along their own
 * schema instead (redact-report.ts), which never rewrites their keys or mcpact's own words.
 */
import { secretsOf } from '../util/secrets.js';

export { REDACTED } from '../util/secrets.js';

/** `lists` may grow during the run (util/secrets.ts): each call redacts every value added before it. */
export function redactor(...lists: readonly (readonly string[])[]): <T>(value: T) => T {
  const secrets = secretsOf(...lists);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return secrets.text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [secrets.text(key), walk(item)]));
    }
    return value;
  };
  return <T>(value: T) => (secrets.count === 0 ? value : (walk(value) as T));
}
