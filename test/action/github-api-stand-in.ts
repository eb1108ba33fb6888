/**
 * A loopback stand-in for the four GitHub REST endpoints issue-on-failure calls (list issues by label,
 * create an issue, comment, update its state), reached through GITHUB_API_URL. Every request is recorded;
 * `hang` makes it accept requests and never answer (`silent`), or send the status line, headers and the
 * start of a body and stop there (`midway`), as a hung API or proxy does.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface StandInIssue { number: number; title: string; body: string; state: string; labels: { name: string }[] }
export interface StandInRequest { method: string; path: string; authorization: string | undefined; body: Record<string, unknown> | undefined }

export interface GitHubApiStandIn {
  url: string;
  issues: StandInIssue[];
  requests: StandInRequest[];
  /** Accept every request and never answer, or stop answering half-way. */
  hang: false | 'silent' | 'midway';
  /** `METHOD /path?query` of every request so far. */
  calls(): string[];
  close(): Promise<void>;
}

export async function startGitHubApi(repository = 'acme/identity'): Promise<GitHubApiStandIn> {
  const base = `/repos/${repository}`;
  const sockets = new Set<Socket>();
  const reply = (res: http.ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const state: GitHubApiStandIn = {
    url: '', issues: [], requests: [], hang: false,
    calls: () => state.requests.map((r) => `${r.method} ${r.path}`),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => { raw += d.toString(); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = raw !== '' ? JSON.parse(raw) as Record<string, unknown> : undefined;
      state.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
      if (state.hang === 'silent') return;
      if (state.hang === 'midway') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"number": 1, ');
        return;
      }
      const one = new RegExp(`^${base}/issues/(\\d+)(/comments)?$`).exec(url.pathname);
      if (req.method === 'GET' && url.pathname === `${base}/issues`) {
        const label = url.searchParams.get('labels');
        const wanted = url.searchParams.get('state');
        return reply(res, 200, state.issues.filter((i) => i.state === wanted && i.labels.some((l) => l.name === label)));
      }
      if (req.method === 'POST' && url.pathname === `${base}/issues`) {
        const issue: StandInIssue = {
          number: state.issues.length + 1, title: String(body?.title), body: String(body?.body), state: 'open',
          labels: ((body?.labels ?? []) as string[]).map((name) => ({ name })),
        };
        state.issues.push(issue);
        return reply(res, 201, issue);
      }
      const issue = one !== null ? state.issues.find((i) => i.number === Number(one[1])) : undefined;
      if (issue !== undefined && req.method === 'POST' && one?.[2] === '/comments') return reply(res, 201, { id: 1, body: body?.body });
      if (issue !== undefined && req.method === 'PATCH' && one?.[2] === undefined) {
        issue.state = String(body?.state);
        return reply(res, 200, issue);
      }
      return reply(res, 404, { message: 'Not Found' });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
