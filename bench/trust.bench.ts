/**
 * Part of npm run bench: the CPU time of the costliest trust-policy requests the work budget accepts,
 * one per shape of work (test/helpers/trust-worst.ts grows each shape until the next step is refused),
 * through the engine as the service runs it (schema check, then evaluation). Each is measured as the
 * median of several runs of its CPU time, beside a small sound request measured the same way in the
 * same process. The target: at most 50 ms of CPU for any accepted request.
 */
import { createEngineContext } from '../src/engine/context.ts';
import { trustRequestRefusals } from '../src/engine/index.ts';
import { lintTrustPolicy } from '../src/engine/trust/lint.ts';
import { largestAccepted, SHAPES } from '../test/helpers/trust-worst.ts';

const RUNS = Number(process.env.BENCH_TRUST_RUNS ?? 15);
const TARGET_MS = 50;
const ctx = createEngineContext();
const HOST = 'token.actions.githubusercontent.com';

const SOUND = {
  aws_trust_policy: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { Federated: `arn:aws:iam::123456789012:oidc-provider/${HOST}` }, Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: { StringEquals: { [`${HOST}:aud`]: 'sts.amazonaws.com', [`${HOST}:sub`]: 'repo:acme@1001/app@2002:ref:refs/heads/main' } } }],
  },
  cases: [{ claims: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'allow' }],
};

/** Median CPU milliseconds of one request, the body parsed from its JSON text each time as the service does. */
async function medianCpuMs(body: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    await lintTrustPolicy(JSON.parse(body), ctx);
    const spent = process.cpuUsage(start);
    times.push((spent.user + spent.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const baseline = await medianCpuMs(JSON.stringify(SOUND));
console.log(`trust-policy lint, worst accepted requests (median of ${RUNS} runs, CPU time):`);
console.log(`  sound one-statement request (baseline): ${baseline.toFixed(3)} ms`);
let worst = 0;
for (const [name, shape] of Object.entries(SHAPES)) {
  const { n, request } = largestAccepted(shape);
  const next = shape.build(n + 1);
  const body = JSON.stringify(request);
  const ms = await medianCpuMs(body);
  worst = Math.max(worst, ms);
  const refused = trustRequestRefusals(next).length > 0;
  console.log(`  ${name} (n = ${n}, ${body.length.toLocaleString('en-US')} bytes): ${ms.toFixed(2)} ms, ${(ms / baseline).toFixed(0)}× the baseline; n = ${n + 1} ${refused ? 'refused (422)' : 'accepted'}`);
}
console.log(`  worst: ${worst.toFixed(2)} ms of CPU, ${worst <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`);
