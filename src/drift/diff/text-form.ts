/**
 * The form a text is written in, apart from what it says: its line endings (LF, CRLF, CR) and its Unicode
 * normalization (NFC composes "é" into one code point, NFD writes it as "e" and a combining accent). Two texts that
 * differ only there are the same text for every reader: they show the same characters, and canonically equivalent
 * Unicode (unlike the compatibility forms of NFKC, which fold look-alikes such as full-width letters) cannot add,
 * drop or hide a character. Wording is compared in its canonical form (LF, NFC), so a word diff shows words; what
 * differs in the form is said apart.
 */

/** How a text ends its lines: `none` when it has a single line, `mixed` when it uses more than one kind. */
export type LineEndings = 'LF' | 'CRLF' | 'CR' | 'mixed' | 'none';
/** The normalization a text is in: `any` when it has nothing to compose or decompose (ASCII, say), `mixed` when neither. */
export type Normalization = 'NFC' | 'NFD' | 'mixed' | 'any';

export interface FormChange {
  lineEndings?: { before: LineEndings; after: LineEndings };
  normalization?: { before: Normalization; after: Normalization };
}

const LINE_BREAK = /\r\n?/g;

/** The text as it is compared: LF line endings, NFC. */
export function canonicalText(text: string): string {
  return text.replace(LINE_BREAK, '\n').normalize('NFC');
}

/** True when two texts are the same text, whatever form each is written in. */
export function sameText(before: string, after: string): boolean {
  return before === after || canonicalText(before) === canonicalText(after);
}

export function lineEndingsOf(text: string): LineEndings {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const cr = (text.match(/\r(?!\n)/g) ?? []).length;
  const lf = (text.match(/(?<!\r)\n/g) ?? []).length;
  const kinds = [lf > 0 && 'LF', crlf > 0 && 'CRLF', cr > 0 && 'CR'].filter((kind): kind is LineEndings => kind !== false);
  return kinds.length === 0 ? 'none' : kinds.length === 1 ? kinds[0]! : 'mixed';
}

export function normalizationOf(text: string): Normalization {
  const nfc = text === text.normalize('NFC');
  const nfd = text === text.normalize('NFD');
  return nfc && nfd ? 'any' : nfc ? 'NFC' : nfd ? 'NFD' : 'mixed';
}

/**
 * What differs in the form of two texts. For the same text: whatever made them differ (even mixed -> mixed). For
 * texts whose words changed too: only a change of kind both sides have (CRLF -> LF; NFD -> NFC), since a line
 * added or an accented word rewritten is not a change of form.
 */
export function formChange(before: string, after: string): FormChange | undefined {
  const change: FormChange = {};
  const same = sameText(before, after);
  const lines = { before: lineEndingsOf(before), after: lineEndingsOf(after) };
  const lineEndingsDiffer = same
    ? before.normalize('NFC') !== after.normalize('NFC')
    : lines.before !== lines.after && lines.before !== 'none' && lines.after !== 'none';
  if (lineEndingsDiffer) change.lineEndings = lines;
  const forms = { before: normalizationOf(before), after: normalizationOf(after) };
  const normalizationDiffers = same
    ? before.replace(LINE_BREAK, '\n') !== after.replace(LINE_BREAK, '\n')
    : forms.before !== forms.after && forms.before !== 'any' && forms.after !== 'any';
  if (normalizationDiffers) change.normalization = forms;
  return change.lineEndings === undefined && change.normalization === undefined ? undefined : change;
}

/** `line endings CRLF -> LF, Unicode normalization NFD -> NFC`. */
export function formText(change: FormChange): string {
  const parts: string[] = [];
  if (change.lineEndings) parts.push(`line endings ${change.lineEndings.before} -> ${change.lineEndings.after}`);
  if (change.normalization) parts.push(`Unicode normalization ${change.normalization.before} -> ${change.normalization.after}`);
  return parts.join(', ');
}
