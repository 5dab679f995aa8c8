/**
 * The prompt-argument matrix: named cases built from a prompt's declaration and one argument map the server
 * accepts, each with the outcome the spec (or the policy) expects. Case names are public: findings carry them as
 * `data.case`, and docs/prompts.md lists them.
 */
import type { DeclaredPrompt } from './declared.js';
import {
  CONTROL_VALUE,
  DELIMITER_VALUE,
  filler,
  LONG_VALUE_LENGTH,
  oppositeSwitch,
  templateReference,
  UNKNOWN_ARGUMENT,
  UNKNOWN_ARGUMENT_VALUE,
  UNKNOWN_PROMPT,
} from '../injected.js';

export const CASE_NAMES = [
  'complete',
  'minimum',
  'missing-required',
  'empty-required',
  'whitespace-required',
  'wrong-type',
  'unknown-argument',
  'case-variant-argument',
  'unknown-prompt',
  'case-variant-prompt',
  'malformed-params',
  'optional-omitted',
  'optional-empty',
  'switch-flipped',
  'template-injection',
  'delimiter-injection',
  'long-value',
  'control-characters',
  'determinism',
] as const;
export type CaseName = (typeof CASE_NAMES)[number];

/**
 * success: must render; invalid-params: must be rejected with -32602; survive: either, but never a crash, hang or
 * internal error (adversarial values through the normal path).
 */
export type Expectation = 'success' | 'invalid-params' | 'survive';

export interface MatrixCase {
  case: CaseName;
  /** The prompt the case exercises; empty for cases about prompts/get itself (reported on the server). */
  prompt: string;
  /** The argument the case is about, when it is about one. */
  argument?: string;
  /** The prompts/get params sent, exactly. */
  params: Record<string, unknown>;
  expected: Expectation;
  /** For wrong-type: the JSON type sent; for malformed-params: what is malformed; for switch-flipped: the word sent. */
  variant?: string;
}

export type ArgumentMap = Record<string, string>;

const WRONG_TYPES: readonly [string, unknown][] = [
  ['number', 42],
  ['boolean', true],
  ['null', null],
  ['object', { value: 'x' }],
  ['array', ['x']],
];

export function flipFirstLetterCase(name: string): string | undefined {
  const index = name.search(/[A-Za-z]/);
  if (index === -1) return undefined;
  const char = name[index]!;
  const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
  return name.slice(0, index) + flipped + name.slice(index + 1);
}

const without = (map: ArgumentMap, key: string): ArgumentMap => Object.fromEntries(Object.entries(map).filter(([name]) => name !== key));

/** Cases for one prompt, given a complete argument map it accepted. The accepted call itself is `complete`. */
export function promptCases(prompt: DeclaredPrompt, complete: ArgumentMap, declaredNames: ReadonlySet<string>): MatrixCase[] {
  const cases: MatrixCase[] = [];
  const add = (name: CaseName, args: unknown, expected: Expectation, extra: Partial<MatrixCase> = {}) =>
    cases.push({ case: name, prompt: prompt.name, params: { name: prompt.name, arguments: args }, expected, ...extra });
  const required = prompt.arguments.filter((argument) => argument.required);
  const optional = prompt.arguments.filter((argument) => !argument.required);

  // With one optional argument, `minimum` would repeat `optional-omitted`, which names the argument.
  if (optional.length > 1) {
    add('minimum', Object.fromEntries(required.map((argument) => [argument.name, complete[argument.name]!])), 'success');
  }
  for (const argument of required) {
    add('missing-required', without(complete, argument.name), 'invalid-params', { argument: argument.name });
    add('empty-required', { ...complete, [argument.name]: '' }, 'invalid-params', { argument: argument.name });
    add('whitespace-required', { ...complete, [argument.name]: '  \t ' }, 'invalid-params', { argument: argument.name });
  }
  for (const argument of prompt.arguments) {
    for (const [type, value] of WRONG_TYPES) {
      add('wrong-type', { ...complete, [argument.name]: value }, 'invalid-params', { argument: argument.name, variant: type });
    }
    const variant = flipFirstLetterCase(argument.name);
    if (variant !== undefined && !prompt.arguments.some((other) => other.name === variant)) {
      add('case-variant-argument', { ...without(complete, argument.name), [variant]: complete[argument.name]! }, 'invalid-params', {
        argument: argument.name,
        variant,
      });
    }
  }
  add('unknown-argument', { ...complete, [UNKNOWN_ARGUMENT]: UNKNOWN_ARGUMENT_VALUE }, 'invalid-params', { argument: UNKNOWN_ARGUMENT });
  const promptVariant = flipFirstLetterCase(prompt.name);
  if (promptVariant !== undefined && !declaredNames.has(promptVariant)) {
    cases.push({
      case: 'case-variant-prompt',
      prompt: prompt.name,
      params: { name: promptVariant, arguments: complete },
      expected: 'invalid-params',
      variant: promptVariant,
    });
  }
  for (const argument of optional) {
    add('optional-omitted', without(complete, argument.name), 'success', { argument: argument.name });
    add('optional-empty', { ...complete, [argument.name]: '' }, 'survive', { argument: argument.name });
  }
  // A switch changes the rendering without echoing its word: the other word is what prompts/argument-dropped compares.
  for (const argument of prompt.arguments) {
    const sent = Object.hasOwn(complete, argument.name) ? complete[argument.name] : undefined;
    const other = typeof sent === 'string' ? oppositeSwitch(sent) : undefined;
    if (other !== undefined) add('switch-flipped', { ...complete, [argument.name]: other }, 'success', { argument: argument.name, variant: other });
  }
  const [first, second] = prompt.arguments;
  if (first && second) {
    add('template-injection', { ...complete, [first.name]: templateReference(second.name) }, 'survive', { argument: first.name, variant: second.name });
  }
  for (const argument of prompt.arguments) {
    add('delimiter-injection', { ...complete, [argument.name]: DELIMITER_VALUE }, 'survive', { argument: argument.name });
  }
  if (first) {
    add('long-value', { ...complete, [first.name]: filler(LONG_VALUE_LENGTH) }, 'survive', { argument: first.name });
    add('control-characters', { ...complete, [first.name]: CONTROL_VALUE }, 'survive', { argument: first.name });
  }
  add('determinism', complete, 'success');
  return cases;
}

/** Cases about the method itself rather than one prompt. */
export function serverCases(anyPrompt: string | undefined): MatrixCase[] {
  const cases: MatrixCase[] = [
    { case: 'unknown-prompt', prompt: '', params: { name: UNKNOWN_PROMPT, arguments: {} }, expected: 'invalid-params' },
    { case: 'malformed-params', prompt: '', params: { arguments: {} }, expected: 'invalid-params', variant: 'name missing' },
    { case: 'malformed-params', prompt: '', params: { name: 42, arguments: {} }, expected: 'invalid-params', variant: 'name not a string' },
  ];
  if (anyPrompt !== undefined) {
    cases.push(
      { case: 'malformed-params', prompt: '', params: { name: anyPrompt, arguments: ['x'] }, expected: 'invalid-params', variant: 'arguments is an array' },
      { case: 'malformed-params', prompt: '', params: { name: anyPrompt, arguments: 'x' }, expected: 'invalid-params', variant: 'arguments is a string' },
    );
  }
  return cases;
}
