/**
 * `--pr-comment` against a local stub of the GitHub REST endpoints it uses: it creates the comment on the first
 * run and updates the same one afterwards, finds it across pages, authenticates with the token and never prints
 * it, does nothing outside a pull request, and turns GitHub errors into a warning without changing the exit code.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postPrComment } from '../../src/ci/pr-comment.js';
import { MARKDOWN_MARKER } from '../../src/report/reporters/markdown.js';
import { ROOT, runCli } from '../support/cli.js';
import { startGitHubStub, type GitHubStub } from '../support/github-stub.js';

const TOKEN = 'ghs_stubToken0123456789';
const REPOSITORY = 'octo/notes';
const GOOD = path.join(ROOT, 'dist/fixtures/servers/good.js');

function eventFile(event: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-event-')), 'event.json');
  writeFileSync(file, JSON.stringify(event));
  return file;
}

describe('postPrComment', () => {
  let stub: GitHubStub;
  let env: Record<string, string>;
  beforeEach(async () => {
    stub = await startGitHubStub({ token: TOKEN, repository: REPOSITORY });
    env = { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: stub.url, GITHUB_EVENT_PATH: eventFile({ pull_request: { number: 7 } }) };
  });
  afterEach(() => stub.close());

  it('creates the comment on the first run and updates that same comment on the next', async () => {
    const first = await postPrComment(`${MARKDOWN_MARKER}\nfirst`, env);
    expect(first.kind).toBe('created');
    expect(stub.comments).toMatchObject([{ issue: 7, body: `${MARKDOWN_MARKER}\nfirst` }]);
    const second = await postPrComment(`${MARKDOWN_MARKER}\nsecond`, env);
    expect(second.kind).toBe('updated');
    expect(stub.comments).toMatchObject([{ issue: 7, body: `${MARKDOWN_MARKER}\nsecond` }]);
    expect(stub.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /repos/octo/notes/issues/7/comments?per_page=100',
      'POST /repos/octo/notes/issues/7/comments',
      'GET /repos/octo/notes/issues/7/comments?per_page=100',
      `PATCH /repos/octo/notes/issues/comments/${stub.comments[0]?.id}`,
    ]);
    for (const request of stub.requests) expect(request.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('finds its comment on a later page, and leaves other comments alone', async () => {
    for (let index = 0; index < 150; index++)
      stub.comments.push({ id: index + 1, issue: 7, body: `chatter ${index}`, user: { login: 'someone', type: 'User' } });
    stub.comments.push({ id: 500, issue: 7, body: `${MARKDOWN_MARKER}\nold`, user: { login: 'github-actions[bot]', type: 'Bot' } });
    const outcome = await postPrComment(`${MARKDOWN_MARKER}\nnew`, env);
    expect(outcome.kind).toBe('updated');
    expect(stub.comments.find((comment) => comment.id === 500)?.body).toBe(`${MARKDOWN_MARKER}\nnew`);
    expect(stub.comments.filter((comment) => comment.body.startsWith('chatter'))).toHaveLength(150);
    expect(stub.requests.map((request) => request.path)).toContain('/repos/octo/notes/issues/7/comments?per_page=100&page=2');
  });

  it('takes the number from an issue_comment event on a pull request, or from the ref', async () => {
    expect((await postPrComment(MARKDOWN_MARKER, { ...env, GITHUB_EVENT_PATH: eventFile({ issue: { number: 9, pull_request: {} } }) })).kind).toBe('created');
    const { GITHUB_EVENT_PATH: _unused, ...noEvent } = env;
    expect((await postPrComment(MARKDOWN_MARKER, { ...noEvent, GITHUB_REF: 'refs/pull/11/merge' })).kind).toBe('created');
    expect(stub.comments.map((comment) => comment.issue)).toEqual([9, 11]);
  });

  it('does nothing outside a pull request', async () => {
    const push = await postPrComment(MARKDOWN_MARKER, {
      ...env,
      GITHUB_EVENT_PATH: eventFile({ ref: 'refs/heads/main', commits: [] }),
      GITHUB_REF: 'refs/heads/main',
    });
    expect(push.kind).toBe('skipped');
    expect(push.note).toMatch(/not running for a pull request/);
    const issue = await postPrComment(MARKDOWN_MARKER, { ...env, GITHUB_EVENT_PATH: eventFile({ issue: { number: 3 } }) });
    expect(issue.kind).toBe('skipped');
    expect(stub.requests).toEqual([]);
  });

  it('needs a token and a repository, and sends the token over https only (or to this machine)', async () => {
    const noFetch: typeof fetch = () => {
      throw new Error('must not be called');
    };
    const { GITHUB_TOKEN: _token, ...noToken } = env;
    expect(await postPrComment(MARKDOWN_MARKER, noToken, noFetch)).toMatchObject({ kind: 'failed', note: expect.stringMatching(/GITHUB_TOKEN is not set/) });
    expect(await postPrComment(MARKDOWN_MARKER, { ...env, GITHUB_REPOSITORY: 'no-slash' }, noFetch)).toMatchObject({ kind: 'failed' });
    const plain = await postPrComment(MARKDOWN_MARKER, { ...env, GITHUB_API_URL: 'http://api.example.com' }, noFetch);
    expect(plain).toMatchObject({ kind: 'failed', note: expect.stringMatching(/must be an https:\/\/ URL/) });
  });

  it('reports what GitHub answered, never the token, when a request is refused', async () => {
    stub.failWith('POST', 403, `Resource not accessible by integration (token ${TOKEN})`);
    const outcome = await postPrComment(MARKDOWN_MARKER, env);
    expect(outcome.kind).toBe('failed');
    expect(outcome.note).toContain('GitHub answered 403 to POST /repos/octo/notes/issues/7/comments: Resource not accessible by integration');
    expect(outcome.note).not.toContain(TOKEN);
    const wrongToken = await postPrComment(MARKDOWN_MARKER, { ...env, GITHUB_TOKEN: 'ghs_wrong_token_value' });
    expect(wrongToken.note).toContain('401');
    expect(wrongToken.note).not.toContain('ghs_wrong_token_value');
  });

  it('reports an unreachable API as a warning', async () => {
    await stub.close();
    const outcome = await postPrComment(MARKDOWN_MARKER, env);
    expect(outcome.kind).toBe('failed');
    expect(outcome.note).toMatch(/GET \/repos\/octo\/notes\/issues\/7\/comments failed/);
    stub = await startGitHubStub({ token: TOKEN, repository: REPOSITORY });
  });
});

// Each test runs the CLI against a real server (twice in the first); generous on a busy machine.
describe('mcpact run --pr-comment', { timeout: 60_000 }, () => {
  let stub: GitHubStub;
  beforeEach(async () => {
    stub = await startGitHubStub({ token: TOKEN, repository: REPOSITORY });
  });
  afterEach(() => stub.close());

  it('posts the Markdown report, updates it on a re-run, and keeps the exit code and the token out of the output', async () => {
    const env = {
      GITHUB_TOKEN: TOKEN,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: stub.url,
      GITHUB_EVENT_PATH: eventFile({ pull_request: { number: 42 } }),
    };
    const first = await runCli(['run', '--pr-comment', '--', process.execPath, GOOD], { env });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('mcpact: --pr-comment: commented on pull request #42\n');
    expect(stub.comments).toHaveLength(1);
    expect(stub.comments[0]?.body.startsWith(`${MARKDOWN_MARKER}\n## mcpact: ✅ passed`)).toBe(true);

    const second = await runCli(['run', '--pr-comment', '--', process.execPath, GOOD], { env });
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('mcpact: --pr-comment: updated the comment on pull request #42\n');
    expect(stub.comments).toHaveLength(1);
    for (const output of [first.stdout, first.stderr, second.stdout, second.stderr]) expect(output).not.toContain(TOKEN);
  });

  it('keeps the exit code when GitHub refuses, and says why on stderr', async () => {
    stub.failWith('GET', 500, 'Server Error');
    const env = { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: stub.url, GITHUB_REF: 'refs/pull/5/merge' };
    const result = await runCli(['run', '--pr-comment', '--', process.execPath, GOOD], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^mcpact: warning: --pr-comment: GitHub answered 500 to GET .*: Server Error; the run's result is unchanged\n$/);
  });

  it('prints one note and posts nothing outside a pull request', async () => {
    const env = { GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: stub.url, GITHUB_REF: 'refs/heads/main' };
    const result = await runCli(['run', '--pr-comment', '--', process.execPath, GOOD], { env });
    expect(result.code).toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mcpact: --pr-comment: not running for a pull request/)]);
    expect(stub.requests).toEqual([]);
  });
});
