import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { answerOf, classifyAnswer, SAID_MAX, unreachableEvidence, wordsOf } from '../../src/exercise/answers.js';

const error = (code: unknown, message: unknown, data?: unknown): Outcome => ({ kind: 'error', code, message, data, ms: 1 });
const result = (text: string, isError = false): Outcome => ({
  kind: 'result',
  result: { content: [{ type: 'text', text }], ...(isError && { isError }) },
  ms: 1,
});
const wrong = { correct: false, names: ['project_id'] };

describe('classifyAnswer', () => {
  it.each([
    // [what, outcome, options, class]
    ['-32602 asked for', error(-32602, 'fetch failed'), { correct: true }, 'rejected-correctly'],
    ['an isError result asked for', result('Invalid arguments: id must be a string', true), { correct: true }, 'rejected-correctly'],
    [
      '-32603 naming the argument',
      error(-32603, 'Invalid arguments: project_id: Invalid input: expected string, received number'),
      wrong,
      'validated-wrong-code',
    ],
    ['-32600 with validation words', error(-32600, 'Either patchData or patchFile must be provided'), wrong, 'validated-wrong-code'],
    ['-32603 with no words to go by', error(-32603, 'Internal error'), wrong, 'validated-wrong-code'],
    ['a success', result('{"id":"1"}'), wrong, 'not-validated'],
    ['a TypeError', error(-32603, 'request.params.arguments?.category?.trim is not a function'), wrong, 'not-validated'],
    ['a TypeError in an isError result', result('TypeError: Cannot read properties of undefined', true), { correct: true }, 'not-validated'],
    ['a failed command', error(-32603, 'Tool execution failed: Command failed: kubectl explain --api-version=12345'), wrong, 'not-validated'],
    ["a backend's HTTP 400", result('Request failed with status code 400', true), { correct: true }, 'not-validated'],
    ['an unset value in the answer', error(-32603, 'Tool execution failed: Error: Port-forward with id undefined not found'), wrong, 'not-validated'],
    ['an object turned into text', result('Created note [object Object]'), wrong, 'not-validated'],
    ["zod's own words are a validation", error(-32603, 'Invalid input: expected string, received undefined'), wrong, 'validated-wrong-code'],
    ['fetch failed', error(-32603, 'fetch failed'), wrong, 'backend-unreachable'],
    ['DNS in an isError result', result('getaddrinfo ENOTFOUND api.example.com', true), { correct: true }, 'backend-unreachable'],
    ['a refused connection in a success', result('{"error":"connect ECONNREFUSED 127.0.0.1:443"}'), wrong, 'backend-unreachable'],
    ['TLS', error(-32603, 'unable to get local issuer certificate'), wrong, 'backend-unreachable'],
    [
      'TLS settings of the backend',
      error(-32603, 'Failed to read resource: Error: HTTP protocol is not allowed when skipTLSVerify is not set or false'),
      wrong,
      'backend-unreachable',
    ],
    ['no cluster configured', result('Error: no current context is set in the kubeconfig', true), { correct: true }, 'backend-unreachable'],
    ['a timeout inside the server', error(-32603, 'Request timed out after 30000 ms'), wrong, 'backend-unreachable'],
    ['a command that is not installed', result('helm command failed: spawnSync helm ENOENT'), wrong, 'backend-unreachable'],
    ['missing credentials', error(-32603, 'Request failed with status code 401'), wrong, 'backend-unreachable'],
    ['no answer', { kind: 'timeout', ms: 100 }, wrong, 'no-answer'],
    ['a closed connection', { kind: 'closed', ms: 1 }, wrong, 'no-answer'],
  ] as const)('%s', (_what, outcome, options, expected) => {
    expect(classifyAnswer(outcome, options).class).toBe(expected);
  });

  it('a bound such as 401 in a validation message is not taken for missing credentials', () => {
    expect(classifyAnswer(error(-32603, 'count must be <= 400, got 401'), wrong).class).toBe('validated-wrong-code');
  });

  it('says why: the argument it named', () => {
    expect(classifyAnswer(error(-32603, 'project_id is bad'), wrong).evidence).toBe('the answer names the argument "project_id"');
  });

  it('reads bounded words only, so a huge answer costs no more than a small one', () => {
    const huge = error(-32603, `${'x'.repeat(5_000_000)} fetch failed`);
    expect(classifyAnswer(huge, wrong).class).toBe('validated-wrong-code');
    expect(wordsOf(huge)?.length).toBe(2000);
  });
});

describe('answerOf', () => {
  it('shows the code and the words on one line, cut to a readable length', () => {
    const dump = JSON.stringify([{ expected: 'record', code: 'invalid_type', path: ['params', 'arguments'], message: 'x'.repeat(400) }], null, 2);
    const answer = answerOf(error(-32603, dump));
    expect(answer.code).toBe(-32603);
    expect(answer.said?.startsWith('[ { "expected": "record"')).toBe(true);
    expect(Array.from(answer.said ?? '').length).toBe(SAID_MAX);
    expect(answer.said).not.toContain('\n');
  });

  it('reads a rendered prompt', () => {
    expect(answerOf({ kind: 'result', result: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }] }, ms: 1 }).said).toBe('Hi');
  });

  it('keeps a non-numeric code short, and a string data with the message', () => {
    expect(answerOf(error('x'.repeat(100), 'm', 'details')).code).toBe('x'.repeat(20));
    expect(wordsOf(error(-32603, 'failed', 'getaddrinfo ENOTFOUND'))).toBe('failed\ngetaddrinfo ENOTFOUND');
    expect(unreachableEvidence(error(-32603, 'failed', 'getaddrinfo ENOTFOUND'))).toBe('a DNS failure');
  });
});
