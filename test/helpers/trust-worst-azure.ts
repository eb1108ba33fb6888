/**
 * The costliest azure_federated_credential requests the limits and the work budget accept, one per shape
 * of work: cases against `?`-heavy comparands (the costliest to match), clauses probed against each
 * other, many audiences, a credential padded with members the checker only names. Each shape is grown
 * until the next step would be refused (422), so the request measured is the largest of its shape the
 * service answers.
 */
import { MAX_CLAUSES, MAX_EXPRESSION_LENGTH } from '../../src/engine/trust/azure/limits.ts';

const GITHUB = 'https://token.actions.githubusercontent.com';
const AUDIENCE = 'api://AzureADTokenExchange';
type Json = Record<string, unknown>;

/** A comparand made to cost the most per character: a `?` segment between stars, searched bit-parallel. */
function costly(length: number, seed: number): string {
  return `*?${'a'.repeat(Math.max(1, length - 4))}${String.fromCharCode(98 + (seed % 20))}*`;
}

function flexible(value: string, extra: Json = {}): Json {
  return { name: 'worst', issuer: GITHUB, audiences: [AUDIENCE], claimsMatchingExpression: { value, languageVersion: 1 }, ...extra };
}

/** `clauses` sub clauses of `?`-heavy comparands of `length` characters. */
function costlyExpression(clauses: number, length: number): string {
  return Array.from({ length: clauses }, (_, i) => `claims['sub'] matches '${costly(length, i)}'`).join(' and ');
}

const longCases = (n: number): Json[] => Array.from({ length: n }, () => ({ claims: { sub: 'a'.repeat(1024), aud: AUDIENCE }, expect: 'deny' }));

export interface Shape {
  readonly max: number;
  build(n: number): Json;
}

export const SHAPES: Readonly<Record<string, Shape>> = {
  'cases × one ?-heavy sub clause of 1,000 characters': {
    max: 100,
    build: (n) => ({ azure_federated_credential: flexible(costlyExpression(1, 1000)), cases: longCases(n) }),
  },
  'cases × one clause of 333 short literal pieces': {
    max: 100,
    build: (n) => ({ azure_federated_credential: flexible(`claims['sub'] matches '${'*ab'.repeat(333)}*'`), cases: Array.from({ length: n }, () => ({ claims: { sub: 'a'.repeat(1024), aud: AUDIENCE }, expect: 'deny' })) }),
  },
  'four ?-heavy sub clauses of n characters × each other, and 10 cases': {
    max: Math.floor(MAX_EXPRESSION_LENGTH / 4) - 40,
    build: (n) => ({ azure_federated_credential: flexible(costlyExpression(4, Math.max(8, n))), cases: longCases(10) }),
  },
  'n ?-heavy sub clauses of 150 characters × each other': {
    max: MAX_CLAUSES,
    build: (n) => ({ azure_federated_credential: flexible(costlyExpression(Math.max(1, n), 150)) }),
  },
  'n audiences of 1,000 characters, and 5 cases': {
    max: 60,
    build: (n) => ({
      azure_federated_credential: { name: 'worst', issuer: GITHUB, subject: 'repo:acme@1001/app@2002:environment:production', audiences: Array.from({ length: Math.max(1, n) }, (_, i) => `${'a'.repeat(1000)}${i}`) },
      cases: Array.from({ length: 5 }, () => ({ claims: { sub: 'repo:acme@1001/app@2002:environment:production', aud: 'a'.repeat(1024) }, expect: 'deny' })),
    }),
  },
  'a credential padded with n unknown members': {
    max: 8000,
    build: (n) => ({ azure_federated_credential: { name: 'worst', issuer: GITHUB, audiences: [AUDIENCE], subject: 'repo:acme@1001/app@2002:environment:production', ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`m${i}`, 0])) } }),
  },
};
