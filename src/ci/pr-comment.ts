/**
 * `--pr-comment`: posts the Markdown report to the pull request a GitHub Actions run belongs to, and on later runs
 * updates that same comment, found by the hidden marker the Markdown report starts with.
 *
 * It reads GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_EVENT_PATH (or GITHUB_REF) and GITHUB_API_URL. Outside a pull
 * request it does nothing. It never changes the run's exit code: whatever goes wrong is one warning on stderr,
 * because a comment is a convenience and the findings are already in the other reports. The token travels only
 * in the Authorization header, only to the API origin, and is never printed.
 *
 * GitHub REST endpoints used, and nothing else:
 *   GET   /repos/{owner}/{repo}/issues/{number}/comments   (paginated through the Link header)
 *   POST  /repos/{owner}/{repo}/issues/{number}/comments
 *   PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}
 */
import { readFile } from 'node:fs/promises';
import { errorMessage } from '../errors.js';
import { MARKDOWN_MARKER } from '../report/reporters/markdown.js';
import { forTerminal } from '../report/sanitize.js';
import { truncate } from '../util/text.js';

export type PrCommentOutcome = { kind: 'created' | 'updated'; note: string } | { kind: 'skipped'; note: string } | { kind: 'failed'; note: string };

type Env = Record<string, string | undefined>;

const DEFAULT_API_URL = 'https://api.github.com';
const REQUEST_TIMEOUT_MS = 15_000;
/** 100 comments a page; a pull request with more than 3,000 comments gets a new comment rather than a long search. */
const MAX_PAGES = 30;

interface Target {
  api: URL;
  token: string;
  repository: string;
  number: number;
}

export async function postPrComment(body: string, env: Env, fetchImpl: typeof fetch = fetch): Promise<PrCommentOutcome> {
  const number = await pullRequestNumber(env);
  if (number === undefined) {
    return { kind: 'skipped', note: '--pr-comment: not running for a pull request (no pull request in GITHUB_EVENT_PATH or GITHUB_REF); no comment posted' };
  }
  const token = env.GITHUB_TOKEN;
  if (!token) return { kind: 'failed', note: `--pr-comment: GITHUB_TOKEN is not set; no comment posted on pull request #${number}` };
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) {
    return { kind: 'failed', note: `--pr-comment: GITHUB_REPOSITORY must be "owner/repo", got "${forTerminal(truncate(repository, 100))}"` };
  }
  const api = apiBase(env.GITHUB_API_URL);
  if (typeof api === 'string') return { kind: 'failed', note: `--pr-comment: ${api}` };
  const target = { api, token, repository, number };
  try {
    const existing = await findComment(target, fetchImpl);
    if (existing === undefined) {
      await call(target, fetchImpl, 'POST', `${repoPath(target)}/issues/${number}/comments`, { body });
      return { kind: 'created', note: `--pr-comment: commented on pull request #${number}` };
    }
    await call(target, fetchImpl, 'PATCH', `${repoPath(target)}/issues/comments/${existing}`, { body });
    return { kind: 'updated', note: `--pr-comment: updated the comment on pull request #${number}` };
  } catch (error) {
    // The token is never part of a message we build; this is a guard against anything that echoes it back.
    return { kind: 'failed', note: `--pr-comment: ${forTerminal(errorMessage(error).split(token).join('[redacted]'))}; the run's result is unchanged` };
  }
}

/** The pull request number from the event payload (pull_request*, or issue_comment on a pull request), else the ref. */
async function pullRequestNumber(env: Env): Promise<number | undefined> {
  if (env.GITHUB_EVENT_PATH) {
    try {
      const event: unknown = JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8'));
      const number = eventNumber(event);
      if (number !== undefined) return number;
    } catch {
      // An unreadable event file is not a pull request we can name; GITHUB_REF may still say which one it is.
    }
  }
  const match = /^refs\/pull\/(\d+)\/(?:merge|head)$/.exec(env.GITHUB_REF ?? '');
  return match ? Number(match[1]) : undefined;
}

function eventNumber(event: unknown): number | undefined {
  if (!isRecord(event)) return undefined;
  const positive = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);
  if (isRecord(event.pull_request)) return positive(event.pull_request.number);
  if (isRecord(event.issue) && isRecord(event.issue.pull_request)) return positive(event.issue.number);
  return undefined;
}

/** https only, except on this machine (a test stub or a local proxy): the token must not cross a network in clear. */
function apiBase(value: string | undefined): URL | string {
  let url: URL;
  try {
    url = new URL(value || DEFAULT_API_URL);
  } catch {
    return `GITHUB_API_URL is not a URL: "${forTerminal(truncate(value ?? '', 100))}"`;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return `GITHUB_API_URL must be an https:// URL, got "${forTerminal(truncate(url.origin, 100))}"`;
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

function repoPath(target: Target): string {
  return `repos/${target.repository.split('/').map(encodeURIComponent).join('/')}`;
}

/** The id of the first comment whose body starts with the marker, walking every page of the pull request's comments. */
async function findComment(target: Target, fetchImpl: typeof fetch): Promise<number | undefined> {
  let next: string | undefined = `${repoPath(target)}/issues/${target.number}/comments?per_page=100`;
  for (let page = 0; next !== undefined && page < MAX_PAGES; page++) {
    const { json, link } = await call(target, fetchImpl, 'GET', next);
    if (!Array.isArray(json)) throw new Error('GitHub answered the comment list with something that is not a list');
    for (const comment of json) {
      if (isRecord(comment) && typeof comment.body === 'string' && comment.body.startsWith(MARKDOWN_MARKER) && typeof comment.id === 'number')
        return comment.id;
    }
    next = nextPage(link, target.api);
  }
  return undefined;
}

/** The Link header's rel="next", only when it points back at the API (the token goes wherever the URL says). */
function nextPage(link: string | null, api: URL): string | undefined {
  const match = /<([^>]+)>\s*;\s*rel="next"/.exec(link ?? '');
  if (!match?.[1]) return undefined;
  const url = new URL(match[1], api);
  if (url.origin !== api.origin || !url.pathname.startsWith(api.pathname)) return undefined;
  return url.pathname.slice(api.pathname.length) + url.search;
}

async function call(
  target: Target,
  fetchImpl: typeof fetch,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  payload?: unknown,
): Promise<{ json: unknown; link: string | null }> {
  const url = new URL(path, target.api);
  const where = `${method} ${url.pathname}`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'mcpact',
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- the message already carries the error and its cause; attaching it would change what callers print
    throw new Error(`${where} failed: ${errorMessage(error)}${error instanceof Error && error.cause ? ` (${errorMessage(error.cause)})` : ''}`);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`GitHub answered ${response.status} to ${where}${githubMessage(text)}`);
  }
  try {
    return { json: text === '' ? null : JSON.parse(text), link: response.headers.get('link') };
  } catch {
    throw new Error(`GitHub answered ${where} with something that is not JSON`);
  }
}

/** GitHub's error bodies are `{ message, documentation_url }`; the message says what was wrong (bad credentials, ...). */
function githubMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body) && typeof body.message === 'string') return `: ${truncate(body.message, 200)}`;
  } catch {
    // Not JSON: the status alone has to do.
  }
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
