/**
 * Review of the service's connection limits, as an unauthenticated attacker: a client that sends
 * requests and never reads the answers. The header and body deadlines only watch the request; once
 * the answers fill the socket buffers nothing watches the connection, so it stays open for good and
 * keeps its MAX_CONNECTIONS slot. With MAX_CONNECTIONS such sockets (about 60 KB of requests each),
 * every other client is refused for as long as the attacker likes.
 */
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type Spawned } from '../server/harness.ts';

const ENTRY = fileURLToPath(new URL('../../src/server/index.ts', import.meta.url));

/**
 * A socket with no traffic either way for 15 s (the 10 s request budget plus grace) is closed. The
 * answers keep trickling out for a while first, as the kernel's buffers on both ends grow, so the slot
 * comes free about 30 s after the requests on this machine; 45 s leaves room for a loaded CI machine.
 * Before the fix it was never freed.
 */
const RELEASE_WITHIN_MS = 45_000;

/**
 * Pipelined requests for the largest answer anyone may ask for (the OpenAPI document, ~34 KB),
 * sent in one write under 64 KiB so that the server reads only whole requests: a request cut at a
 * read boundary would start the header deadline and hide the problem.
 */
const PIPELINED = 1_400;

const running: Spawned[] = [];
afterAll(() => {
  for (const s of running.splice(0)) s.kill('SIGKILL');
});

/** A fresh connection asking GET /healthz: the first bytes of the answer, or '' when closed unanswered. */
function probe(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let got = '';
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, 3_000);
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('utf8');
      if (got.includes('\r\n\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  });
}

// Found in review: a client that never read its answers held its connection (and its MAX_CONNECTIONS
// slot) forever (still held after 120 s). Sockets now close after 15 s with no traffic either way.
describe('a client that never reads its answers', () => {
  it('does not keep its connection past the deadlines, so MAX_CONNECTIONS cannot be exhausted by not reading', async () => {
    const service = await spawnServer(ENTRY, { MAX_CONNECTIONS: '1' });
    running.push(service);
    const { hostname, port } = new URL(service.url);
    const reader: Socket = connect(Number(port), hostname);
    reader.on('error', () => undefined);
    await new Promise((resolve) => reader.once('connect', resolve));
    reader.pause();
    const request = 'GET /v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n';
    expect(request.length * PIPELINED).toBeLessThan(64 * 1024);
    reader.write(request.repeat(PIPELINED));
    try {
      // The cap holds: while the reader's connection is open, a second one is refused.
      expect(await probe(service.url)).not.toMatch(/^HTTP\/1\.1 200 /);
      const started = performance.now();
      let answer = '';
      while (performance.now() - started < RELEASE_WITHIN_MS && !answer.startsWith('HTTP/1.1 200 ')) {
        await new Promise((r) => setTimeout(r, 1_000));
        answer = await probe(service.url);
      }
      expect(answer, `the slot was still held ${RELEASE_WITHIN_MS / 1000} s after the last request`).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      reader.destroy();
    }
  }, 90_000);
});
