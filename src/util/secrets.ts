/**
 * The values a run must never write (the config's secrets, `-e` values, credential headers, prompt and suite
 * arguments without --show-values), and how text is redacted of them. It sits below connect/ because text is
 * redacted where it is first kept, before any excerpt is cut from it: a cut made first leaves most of a secret that
 * straddles it, which no later pass recognises. Where text was cut before it could be redacted, the piece of a
 * secret left at the cut is redacted too.
 */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are too likely to occur by chance in ordinary text to be replaced blindly. */
const MIN_SECRET_LENGTH = 4;

/** Shorter secrets, and secrets of letters alone, are words too: replacing them replaces ordinary text as well. */
const PLAIN_LENGTH = 8;

/** How mcpact marks where it cut text (util/text.ts, util/bound.ts, server error messages). */
const CUT_MARK = '…';

export interface Secrets {
  /** How many values are redacted (those long enough to be). */
  readonly count: number;
  /** How many of them are short or plain words (PLAIN_LENGTH, letters alone): redacting them is noisy. */
  readonly noisy: number;
  /** Every whole secret replaced, in each form it may take, and the piece of one left next to a cut mark. */
  text: (value: string) => string;
  /**
   * The start of `value`, at most `max` characters of it (without a cut mark, a surrogate pair never split): the
   * secrets are redacted before the cut, and the beginning of one the cut goes through is redacted at it.
   */
  head: (value: string, max: number) => string;
  /**
   * How far past a cut a secret can reach: a caller that keeps a part of a text still to come (a line not yet
   * ended) keeps this many characters more, so that `head` sees a secret that straddles the cut whole.
   */
  readonly reach: number;
  /**
   * A property name in a server's data: only secrets that cannot be ordinary words are replaced, since such names
   * are also the protocol's vocabulary, which mcpact reads back (`name`, `message`).
   */
  name: (key: string) => string;
}

/**
 * The redaction of the values of `lists`. A list may grow while the run goes on (an access token renewed mid-run is
 * pushed onto the run's list of secrets before it is sent, cli/sign-in.ts): every call sees the values added before
 * it, and the forms are built again only when a list has grown.
 */
export function secretsOf(...lists: readonly (readonly string[])[]): Secrets {
  let size = -1;
  let built = NO_SECRETS;
  const current = () => {
    const now = lists.reduce((sum, list) => sum + list.length, 0);
    if (now !== size) {
      size = now;
      built = fixedSecrets(lists.flat());
    }
    return built;
  };
  return {
    get count() {
      return current().count;
    },
    get noisy() {
      return current().noisy;
    },
    get reach() {
      return current().reach;
    },
    text: (value) => current().text(value),
    head: (value, max) => current().head(value, max),
    name: (key) => current().name(key),
  };
}

function fixedSecrets(values: readonly string[]): Secrets {
  const secrets = [...new Set(values)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const all = formsOf(secrets);
  const strong = formsOf(secrets.filter((secret) => !isPlain(secret)));
  if (all.length === 0) return NO_SECRETS;
  const whole = (text: string, forms: readonly string[]) => forms.reduce((current, form) => current.split(form).join(REDACTED), text);
  const reach = Math.max(...all.map((form) => form.length));
  return {
    count: secrets.length,
    noisy: secrets.filter(isPlain).length,
    reach,
    text: (value) => piecesAtMarks(whole(value, all), all),
    name: (key) => whole(key, strong),
    head: (value, max) => {
      if (value.length <= max) return piecesAtMarks(whole(value, all), all);
      // Every secret that begins before the cut lies whole inside the window, so it is replaced before the cut.
      const redacted = whole(value.slice(0, max + reach), all);
      let end = Math.min(max, redacted.length);
      // A marker the cut goes through is kept whole: "[reda" would read as the server's text.
      const marker = redacted.lastIndexOf(REDACTED, end - 1);
      if (marker !== -1 && marker + REDACTED.length > end) end = marker + REDACTED.length;
      else if (isHighSurrogate(redacted.charCodeAt(end - 1))) end--;
      return redactBeginning(piecesAtMarks(redacted.slice(0, end), all), all);
    },
  };
}

export const NO_SECRETS: Secrets = { count: 0, noisy: 0, reach: 0, text: (value) => value, head: (value, max) => cutHead(value, max), name: (key) => key };

/** A server's data of any shape (bounded first: the walk recurses), its strings redacted and its property names by `name`. */
export function redactData(value: unknown, secrets: Secrets): unknown {
  if (secrets.count === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return secrets.text(item);
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item !== 'object' || item === null) return item;
    // fromEntries, not assignment: a server's key `__proto__` stays a key instead of setting the copy's prototype.
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [secrets.name(key), walk(entry)]));
  };
  return walk(value);
}

function isPlain(secret: string): boolean {
  return secret.length < PLAIN_LENGTH || /^\p{L}+$/u.test(secret);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function cutHead(value: string, max: number): string {
  if (value.length <= max) return value;
  return value.slice(0, isHighSurrogate(value.charCodeAt(max - 1)) ? max - 1 : max);
}

/** Every form, longest first, so that a secret inside a longer one never leaves the rest of the longer one behind. */
function formsOf(secrets: readonly string[]): string[] {
  return [...new Set(secrets.flatMap(encodedForms))].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
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

/** Where mcpact cut text before it could be redacted (a quote in a rule's message): the piece of a secret on either side of the mark. */
function piecesAtMarks(text: string, forms: readonly string[]): string {
  if (!text.includes(CUT_MARK)) return text;
  return text
    .split(CUT_MARK)
    .map((part, index, parts) => {
      const before = index < parts.length - 1 ? redactBeginning(part, forms) : part;
      return index > 0 ? redactEnd(before, forms) : before;
    })
    .join(CUT_MARK);
}

/** `text` with the beginning of a secret it ends in (at least MIN_SECRET_LENGTH characters of it) replaced. */
function redactBeginning(text: string, forms: readonly string[]): string {
  let longest = 0;
  for (const form of forms) {
    const first = form.charCodeAt(0);
    for (let length = Math.min(form.length - 1, text.length); length >= Math.max(MIN_SECRET_LENGTH, longest + 1); length--) {
      if (text.charCodeAt(text.length - length) === first && text.endsWith(form.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest === 0 ? text : text.slice(0, text.length - longest) + REDACTED;
}

/** `text` with the end of a secret it begins with (at least MIN_SECRET_LENGTH characters of it) replaced. */
function redactEnd(text: string, forms: readonly string[]): string {
  let longest = 0;
  for (const form of forms) {
    for (let length = Math.min(form.length - 1, text.length); length >= Math.max(MIN_SECRET_LENGTH, longest + 1); length--) {
      if (text.charCodeAt(0) === form.charCodeAt(form.length - length) && text.startsWith(form.slice(form.length - length))) {
        longest = length;
        break;
      }
    }
  }
  return longest === 0 ? text : REDACTED + text.slice(longest);
}
