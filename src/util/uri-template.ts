/**
 * RFC 6570 URI Template parser (all four levels). It returns the literals and expressions, or the first syntax
 * error with its column (1-based, counted in code points), so a finding can say what is wrong and where.
 */
import { quote } from './text.js';
import type { TextProblem } from './uri.js';

export const OPERATORS = ['+', '#', '.', '/', ';', '?', '&'] as const;
export type Operator = (typeof OPERATORS)[number];
/** Operators RFC 6570 section 2.2 reserves for future extensions: a template using them is invalid. */
const RESERVED_OPERATORS = ['=', ',', '!', '@', '|'];

export interface VarSpec {
  name: string;
  /** Prefix modifier `:N` (1-9999). */
  prefix?: number;
  /** Explode modifier `*`. */
  explode: boolean;
}

export interface Expression {
  operator: Operator | '';
  variables: VarSpec[];
}

/** Literal text (pct-encoded triplets kept as written) or an expression. */
export type TemplatePart = string | Expression;

export type TemplateParse = { ok: true; parts: TemplatePart[] } | ({ ok: false } & TextProblem);

const HEX = /^[0-9A-Fa-f]$/;
const VARCHAR = /^[A-Za-z0-9_]$/;
/** Characters RFC 6570 section 2.1 excludes from literals (besides controls, and "%" outside a pct-encoded triplet). */
const NOT_LITERAL = new Set([' ', '"', "'", '<', '>', '\\', '^', '`', '{', '|', '}']);

class TemplateError extends Error {
  constructor(
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseUriTemplate(template: string): TemplateParse {
  try {
    return { ok: true, parts: new Parser([...template]).parse() };
  } catch (error) {
    if (error instanceof TemplateError) return { ok: false, column: error.column, message: error.message };
    throw error;
  }
}

class Parser {
  private index = 0;

  constructor(private readonly chars: string[]) {}

  parse(): TemplatePart[] {
    const parts: TemplatePart[] = [];
    let literal = '';
    while (this.index < this.chars.length) {
      const char = this.peek();
      if (char === '{') {
        if (literal) parts.push(literal);
        literal = '';
        parts.push(this.expression());
      } else if (char === '}') {
        this.fail('"}" closes no expression');
      } else if (char === '%') {
        literal += this.pctEncoded();
      } else {
        if (NOT_LITERAL.has(char) || /[\p{Cc}\p{Cs}]/u.test(char)) this.fail(`${quote(char)} is not allowed in a URI template`);
        literal += char;
        this.index++;
      }
    }
    if (literal) parts.push(literal);
    return parts;
  }

  private expression(): Expression {
    const open = this.index;
    this.index++; // "{"
    let operator: Operator | '' = '';
    const first = this.peek();
    if (isOperator(first)) {
      operator = first;
      this.index++;
    } else if (RESERVED_OPERATORS.includes(first)) {
      this.fail(`operator ${quote(first)} is reserved by RFC 6570 and may not be used`);
    }
    const variables: VarSpec[] = [];
    for (;;) {
      variables.push(this.varspec(open));
      const next = this.peek();
      this.index++;
      if (next === '}') return { operator, variables };
      if (next !== ',') {
        this.index--;
        this.unexpected(open);
      }
    }
  }

  private varspec(open: number): VarSpec {
    let name = '';
    for (;;) {
      const char = this.peek();
      if (char === '%') name += this.pctEncoded();
      else if (VARCHAR.test(char)) {
        name += char;
        this.index++;
      } else if (char === '.' && name !== '') {
        const after = this.chars[this.index + 1] ?? '';
        if (!VARCHAR.test(after) && after !== '%') this.fail('a "." in a variable name must be followed by a name character');
        name += char;
        this.index++;
      } else break;
    }
    if (name === '') {
      if (this.peek() === '}') this.fail(this.chars[this.index - 1] === '{' ? 'empty expression "{}"' : 'expected a variable name before "}"');
      this.unexpected(open);
    }
    const spec: VarSpec = { name, explode: false };
    if (this.peek() === '*') {
      spec.explode = true;
      this.index++;
    } else if (this.peek() === ':') {
      this.index++;
      const start = this.index;
      let digits = '';
      while (/^[0-9]$/.test(this.peek())) {
        digits += this.peek();
        this.index++;
      }
      if (digits === '' || digits.startsWith('0') || digits.length > 4) {
        this.index = start;
        this.fail(`prefix length after ":" must be an integer from 1 to 9999${digits ? `, got ${digits}` : ''}`);
      }
      spec.prefix = Number(digits);
    }
    return spec;
  }

  /** A "%" and two hex digits. */
  private pctEncoded(): string {
    const triplet = this.chars.slice(this.index, this.index + 3);
    if (!HEX.test(triplet[1] ?? '') || !HEX.test(triplet[2] ?? '')) this.fail('"%" must start a percent-encoded triplet such as "%20"');
    this.index += 3;
    return triplet.join('');
  }

  private unexpected(open: number): never {
    const char = this.peek();
    if (char === '') throw new TemplateError(open + 1, '"{" is never closed');
    if (char === '{') this.fail('"{" inside an expression: expressions cannot nest');
    this.fail(`unexpected ${quote(char)} in an expression`);
  }

  /** The current character, or '' at the end. */
  private peek(): string {
    return this.chars[this.index] ?? '';
  }

  private fail(message: string): never {
    throw new TemplateError(this.index + 1, message);
  }
}

function isOperator(char: string): char is Operator {
  return (OPERATORS as readonly string[]).includes(char);
}

const MATCH_MAX_URI = 4096;
const MATCH_MAX_EXPRESSIONS = 8;

/** What one expression of each operator can expand to, as a regular expression (RFC 6570 section 3.2). */
const EXPANDS_TO: Record<Operator | '', string> = {
  '': '[^/?#]*',
  '+': '.*',
  '#': '(?:#.*)?',
  '.': '(?:\\.[^/?#]*)*',
  '/': '(?:/[^?#]*)*',
  ';': '(?:;[^/?#]*)*',
  '?': '(?:\\?[^#]*)?',
  '&': '(?:&[^#]*)?',
};

/**
 * Whether a URI could be an expansion of the template: literals must match exactly, each expression whatever its
 * operator can produce. Lenient by design (it answers "could be", never "is"), which is what choosing a URI that
 * no template covers, and finding the template a URI belongs to, need.
 */
export function matchesUriTemplate(parts: readonly TemplatePart[], uri: string): boolean {
  // Server text: several `.*` in a row backtrack polynomially, so long inputs and many expressions are refused.
  if (uri.length > MATCH_MAX_URI) return false;
  if (parts.filter((part) => typeof part !== 'string').length > MATCH_MAX_EXPRESSIONS) return false;
  const pattern = parts.map((part) => (typeof part === 'string' ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : EXPANDS_TO[part.operator])).join('');
  return new RegExp(`^${pattern}$`, 's').test(uri);
}
