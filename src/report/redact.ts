/**
 * Redaction: every value interpolated from the environment (and, later, prompt argument values) is replaced in
 * every string of a report or trace before any reporter sees it.
 */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are too likely to occur by chance in ordinary text to be replaced blindly. */
const MIN_SECRET_LENGTH = 4;

export function redactor(secrets: readonly string[]): <T>(value: T) => T {
  const usable = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (usable.length === 0) return (value) => value;
  const redactString = (text: string) => usable.reduce((current, secret) => current.split(secret).join(REDACTED), text);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redactString(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactString(key), walk(item)]));
    }
    return value;
  };
  return <T>(value: T) => walk(value) as T;
}
