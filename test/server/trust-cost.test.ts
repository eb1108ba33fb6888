/**
 * The trust-policy lint's cost is bounded up front: the costliest requests the work budget accepts are
 * answered while /healthz keeps answering, and one step past the budget is a 422 that names what to
 * shrink. (How much CPU an accepted request costs is measured by npm run bench, not here.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/http/body.ts';
import { largestWithin, SHAPES, smallestRefused } from '../helpers/trust-worst.ts';
import { call, start, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await start({ LOG_LEVEL: 'silent' });
});
afterAll(() => h.close());

describe('trust-policy lint under its work budget', () => {
  it('refuses one step past the budget with a 422 naming the cases or the document', async () => {
    let sent = 0;
    for (const [name, shape] of Object.entries(SHAPES)) {
      const refused = smallestRefused(shape);
      // Another format's shape may reach its schema's or its own limit first: its largest size is still accepted, and measured.
      const ownLimits = /^[a-z_]+: /.test(name);
      if (!ownLimits) expect(refused, name).toBeDefined();
      if (refused === undefined || JSON.stringify(refused).length > MAX_BODY_BYTES) continue;
      sent++;
      const reply = await call(`${h.url}/v1/lint/trust-policy`, { body: refused });
      expect(reply.status, name).toBe(422);
      const problem = reply.json as { code: string; errors: { pointer: string; message: string }[] };
      expect(problem.code).toBe('REQUEST_INVALID');
      if (ownLimits) {
        expect(problem.errors.length, name).toBeGreaterThan(0);
        for (const e of problem.errors) expect(e.pointer, name).toMatch(/^\/(cases|[a-z_]+)(\/|$)/);
        continue;
      }
      expect(problem.errors, name).toEqual([{ pointer: expect.stringMatching(/^\/(cases|aws_trust_policy|aws_trust_policy\/Statement|claim_patterns)$/), message: expect.stringMatching(/units of matching work|such readings are done for one request/) }]);
    }
    expect(sent).toBeGreaterThanOrEqual(2);
  });

  it('answers /healthz within a second while the costliest accepted requests run back to back', async () => {
    // A shape whose smallest request is over the body limit is answered 413 before any judging: left out.
    const worst = Object.values(SHAPES).map((shape) => largestWithin(shape, MAX_BODY_BYTES).request).filter((body) => JSON.stringify(body).length <= MAX_BODY_BYTES);
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      // Several requests in flight at once, for about two seconds.
      const until = Date.now() + 2000;
      while (Date.now() < until) {
        const replies = await Promise.all(worst.flatMap((body) => [body, body].map((b) => call(`${h.url}/v1/lint/trust-policy`, { body: b }))));
        statuses.push(...replies.map((r) => r.status));
      }
      running = false;
    })();
    const waits: number[] = [];
    while (running) {
      const sent = performance.now();
      const reply = await call(`${h.url}/healthz`, { key: null });
      waits.push(performance.now() - sent);
      expect(reply.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await load;
    expect(statuses.length).toBeGreaterThanOrEqual(worst.length * 2);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(waits.length).toBeGreaterThan(1);
    expect(Math.max(...waits)).toBeLessThan(1000);
  });
});
