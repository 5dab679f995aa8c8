/**
 * A stand-in for the three GitHub REST endpoints `--pr-comment` uses, on 127.0.0.1, with comments kept in memory:
 *   GET   /repos/{owner}/{repo}/issues/{number}/comments?per_page=&page=   (Link header for the next page)
 *   POST  /repos/{owner}/{repo}/issues/{number}/comments
 *   PATCH /repos/{owner}/{repo}/issues/comments/{id}
 * Anything else is a 404, a wrong token a 401, as on GitHub. Every request is recorded for the test to inspect.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: string };
}

export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface GitHubStub {
  url: string;
  comments: StubComment[];
  requests: StubRequest[];
  /** Make the next requests of this method fail with this status and message. */
  failWith(method: string, status: number, message: string): void;
  close(): Promise<void>;
}

export async function startGitHubStub(options: { token: string; repository: string }): Promise<GitHubStub> {
  const comments: StubComment[] = [];
  const requests: StubRequest[] = [];
  const failures = new Map<string, { status: number; message: string }>();
  let nextId = 1000;
  const base = `/repos/${options.repository}`;

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname + url.search, authorization: request.headers.authorization, body: text ? JSON.parse(text) : undefined });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${options.token}`) return send(401, { message: 'Bad credentials' });
    const failure = failures.get(method);
    if (failure) return send(failure.status, { message: failure.message, documentation_url: 'https://docs.github.com/rest' });

    const list = new RegExp(`^${base}/issues/(\\d+)/comments$`).exec(url.pathname);
    const edit = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(url.pathname);
    if (list && method === 'GET') {
      const issue = Number(list[1]);
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = comments.filter((comment) => comment.issue === issue);
      const slice = all.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = {};
      if (page * perPage < all.length) {
        headers.link = `<http://${request.headers.host}${url.pathname}?per_page=${perPage}&page=${page + 1}>; rel="next"`;
      }
      return send(200, slice, headers);
    }
    if (list && method === 'POST') {
      const comment: StubComment = {
        id: nextId++,
        issue: Number(list[1]),
        body: String((JSON.parse(text) as { body: unknown }).body),
        user: { login: 'github-actions[bot]', type: 'Bot' },
      };
      comments.push(comment);
      return send(201, comment);
    }
    if (edit && method === 'PATCH') {
      const comment = comments.find((candidate) => candidate.id === Number(edit[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = String((JSON.parse(text) as { body: unknown }).body);
      return send(200, comment);
    }
    return send(404, { message: 'Not Found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    comments,
    requests,
    failWith(method, status, message) {
      failures.set(method, { status, message });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
