/**
 * The costliest gcp_workload_identity requests the limits and the work budget accept, one per shape of
 * work: cases against long `matches()` patterns, the most doors (condition alternatives × binding
 * members) with cases, and the longest condition of plain tests. Each shape is grown until the next
 * step would be refused, so the request measured is the largest of its shape that is answered.
 */
import { GITHUB, inPool, MAPPING, PROVIDER_NAME } from './gcp-tester.ts';

type Json = Record<string, unknown>;

/** A pattern of about `length` characters that keeps every automaton state alive on a value of a's (a?a?…a?b). */
function costlyPattern(length: number, seed: number): string {
  return `${'a?'.repeat(Math.max(1, Math.floor((length - 1) / 2)))}${String.fromCharCode(98 + (seed % 20))}`;
}

function provider(condition: string): Json {
  return { name: PROVIDER_NAME, attribute_mapping: MAPPING, attribute_condition: condition, oidc: { issuer_uri: GITHUB } };
}

const longClaims = (): Json => ({ aud: `https://iam.googleapis.com/${PROVIDER_NAME}`, sub: 'a'.repeat(1024), repository: 'a'.repeat(1024), repository_owner: 'a'.repeat(1024), ref: 'a'.repeat(1024) });

export const SHAPES: Readonly<Record<string, { max: number; build: (n: number) => Json }>> = {
  /** n cases of 1 KiB claims against four matches() patterns of 30 optional characters each. */
  'cases × matches() patterns': {
    max: 100,
    build: (n) => ({
      gcp_workload_identity: { provider: provider(['sub', 'repository', 'repository_owner', 'ref'].map((c, i) => `assertion.${c}.matches('${costlyPattern(63, i)}')`).join(' || ')) },
      cases: Array.from({ length: n }, () => ({ claims: longClaims(), expect: 'deny' })),
    }),
  },
  /** One case of 1 KiB claims against one matches() pattern of n optional characters. */
  'one long pattern': {
    max: 2000,
    build: (n) => ({
      gcp_workload_identity: { provider: provider(`assertion.sub.matches('${costlyPattern(2 * n + 1, 0)}')`) },
      cases: [{ claims: longClaims(), expect: 'deny' }],
    }),
  },
  /** A condition of 64 alternatives times n binding members: up to 256 doors, each judged by every check. */
  'doors: alternatives × members': {
    max: 4,
    build: (n) => ({
      gcp_workload_identity: {
        provider: provider(Array.from({ length: 64 }, (_, i) => `assertion.ref == 'refs/heads/r${i}'`).join(' || ')),
        bindings: [{ role: 'r', members: Array.from({ length: n }, (_, i) => inPool(`attribute.repository/acme/r${i}`)) }],
      },
      cases: [{ claims: { aud: `https://iam.googleapis.com/${PROVIDER_NAME}`, sub: 'repo:acme/app0:ref:refs/heads/r1', ref: 'refs/heads/r1', repository: 'acme/r0' }, expect: 'allow' }],
    }),
  },
  /** A condition of n plain tests joined by && (4 KiB at the most), and 100 cases of 100 claims. */
  'long conjunction × cases': {
    max: 160,
    build: (n) => ({
      gcp_workload_identity: { provider: provider(Array.from({ length: Math.max(1, n) }, (_, i) => `assertion.c${i % 100} != 'v${i}'`).join(' && ')) },
      cases: Array.from({ length: 100 }, () => ({ claims: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`c${i}`, 'x'.repeat(40)])), expect: 'deny' })),
    }),
  },
};
