/**
 * Redaction: every value interpolated from the environment (and, later, prompt argument values) is replaced in
 * every string of a report or trace before any reporter sees it.
 */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are too likely to occur by chance in ordinary text to be replaced blindly. */
const MIN_SECRET_LENGTH = 4;

export function redactor(secrets: readonly string[]): <T>(value: T) => T {
  const usable = [...new Set(secrets.flatMap(encodedForms))].filter((secret) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
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

/**
 * A secret as it may appear in a report: as given, JSON-escaped (a value quoted inside a server's message), URI- and
 * form-encoded (a URL or a query), in base64 (a Basic credential, a data URI), and with its whitespace collapsed (a
 * finding shows the server's words on one line).
 */
function encodedForms(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, '+')];
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  // A base64 form only stands for the secret where it is long enough not to match ordinary text.
  if (base64.length >= 8) forms.push(base64, base64.replace(/=+$/, ''));
  const collapsed = secret.replace(/\s+/g, ' ').trim();
  if (collapsed !== secret) forms.push(collapsed);
  return forms;
}
