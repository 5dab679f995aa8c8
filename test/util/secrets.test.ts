import { describe, expect, it } from 'vitest';
import { excerpt } from '../../src/util/bound.js';
import { NO_SECRETS, REDACTED, redactData, secretsOf } from '../../src/util/secrets.js';

const TOKEN = 'Zq7vK2mX9pL4wR8tN3bY6cH1dF5gJ0sA';

describe('secretsOf', () => {
  it('replaces every whole secret, in each of its forms, and counts the short or plain ones as noisy', () => {
    const secrets = secretsOf([TOKEN, 'error', 'hunter2', 'ab']);
    expect(secrets.count).toBe(3); // "ab" is too short to redact at all
    expect(secrets.noisy).toBe(2); // "error" is letters alone, "hunter2" shorter than 8
    expect(secrets.text(`Bearer ${TOKEN}, error, ${Buffer.from(TOKEN).toString('base64')}`)).toBe(`Bearer ${REDACTED}, ${REDACTED}, ${REDACTED}`);
  });

  it('head: redacts before the cut, so a secret across it leaves nothing of itself, and the kept text shows more', () => {
    const secrets = secretsOf([TOKEN]);
    const line = `${'x'.repeat(184)}${TOKEN} and the rest`;
    expect(secrets.head(line, 200)).toBe(`${'x'.repeat(184)}${REDACTED} and t`);
    expect(secrets.head('short', 200)).toBe('short');
  });

  it('head: the beginning of a secret that runs past the text it was given is redacted at the cut', () => {
    const secrets = secretsOf([TOKEN]);
    // What a stream still to be read leaves: the text ends inside the secret, and the window cannot see the rest.
    expect(secrets.head(`${'x'.repeat(10)}${TOKEN.slice(0, 20)}`, 20)).toBe(`${'x'.repeat(10)}${REDACTED}`);
    expect(secrets.head(`${'x'.repeat(190)}${TOKEN.slice(0, 20)}`, 200)).toBe(`${'x'.repeat(190)}${REDACTED}`);
    // Fewer than 4 characters of it are too likely to be chance.
    expect(secrets.head(`${'x'.repeat(197)}${TOKEN.slice(0, 3)}yyy`, 200)).toBe(`${'x'.repeat(197)}${TOKEN.slice(0, 3)}`);
  });

  it('head: never splits its own marker or a surrogate pair', () => {
    const secrets = secretsOf([TOKEN]);
    expect(secrets.head(`ab${TOKEN}cd`, 5)).toBe(`ab${REDACTED}`);
    expect(secrets.head('ab😀cd', 3)).toBe('ab');
    expect(NO_SECRETS.head('ab😀cd', 3)).toBe('ab');
  });

  it('text: the piece of a secret next to a cut mark is redacted, on either side', () => {
    const secrets = secretsOf([TOKEN]);
    expect(secrets.text(`said "${TOKEN.slice(0, 12)}…`)).toBe(`said "${REDACTED}…`);
    expect(secrets.text(`${TOKEN.slice(0, 12)}… (20 more characters)`)).toBe(`${REDACTED}… (20 more characters)`);
    expect(secrets.text(`…${TOKEN.slice(-9)} was the end`)).toBe(`…${REDACTED} was the end`);
    // Away from a cut, a piece of a secret is ordinary text.
    expect(secrets.text(`${TOKEN.slice(0, 12)} and more`)).toBe(`${TOKEN.slice(0, 12)} and more`);
  });

  it('name: property names lose only the secrets that cannot be ordinary words', () => {
    const secrets = secretsOf([TOKEN, 'message']);
    expect(secrets.name('message')).toBe('message');
    expect(secrets.name(TOKEN)).toBe(REDACTED);
    expect(redactData({ message: 'the message', [TOKEN]: [TOKEN] }, secrets)).toEqual({ message: `the ${REDACTED}`, [REDACTED]: [REDACTED] });
  });
});

describe('secretsOf over lists that grow', () => {
  it('sees a value pushed onto a list after it was built (a token renewed mid-run), in every form, across lists', () => {
    const run = ['cs-4f9a1c7e2b8d6053-secret'];
    const examples = ['an example value'];
    const secrets = secretsOf(run, examples);
    const renewed = 'eyJhbGciOiJSUzI1NiJ9.renewed-token.signature';
    expect(secrets.text(`Bearer ${renewed}`)).toBe(`Bearer ${renewed}`);
    run.push(renewed);
    expect(secrets.count).toBe(3);
    expect(secrets.text(`Bearer ${renewed} and ${encodeURIComponent(renewed)}`)).toBe(`Bearer ${REDACTED} and ${REDACTED}`);
    expect(secrets.text('an example value')).toBe(REDACTED);
    expect(secrets.head(`${'x'.repeat(10)}${renewed}`, 20)).toBe(`${'x'.repeat(10)}${REDACTED}`);
  });
});

describe('excerpt with secrets', () => {
  it('redacts a string before cutting it, and the rest of the value as it goes', () => {
    const secrets = secretsOf([TOKEN]);
    const kept = excerpt({ data: `${'x'.repeat(70)}${TOKEN}${'y'.repeat(200)}` }, 90, secrets);
    expect(kept).toEqual({ data: `${'x'.repeat(70)}${REDACTED}${'y'.repeat(2)}… (220 more characters)` });
  });
});
