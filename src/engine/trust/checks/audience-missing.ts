import { finding } from '../../findings.ts';
import type { MatchCondition } from '../conditions.ts';
import { PINNED_SUB, SOURCES, trustExample } from '../examples.ts';
import { positiveOn, type TrustStatementCheck } from '../statement.ts';

/** Audiences no role means: a pattern matching all of them matches any audience. */
const OTHER_AUDIENCES = ['x', 'api://another-service', 'https://attacker.example/audience'];

export const audienceMissing: TrustStatementCheck = {
  code: 'TRUST_AUDIENCE_MISSING',
  severity: 'warning',
  title: 'No condition binds aud, or one that any audience satisfies (*)',
  docs: 'Every trusted token should be required to carry the audience the role is for (sts.amazonaws.com for AWS\'s own action). A StringLike aud of * counts as missing. AWS STS already refuses a token whose audience is not a client ID registered on the IAM OIDC provider, so this is defence in depth, and a warning. In the other formats the audience is always bound by the system (a Google Cloud provider\'s allowed audiences or its own resource name, an Azure credential\'s audiences, a Vault role\'s bound_audiences, without which Vault refuses CI tokens), so the finding appears only for a malformed document.',
  why: 'Without an audience condition, a token a workflow requested for another service registered on the same provider is accepted by the role too.',
  remediation: 'Add a StringEquals condition on <issuer host>:aud (audiences: in an entry without a trust document) naming the one audience the workflow requests for this role.',
  securitySeverity: 4.3,
  example: trustExample('The deploy role checks the subject but not the audience.', [`claim_patterns: { sub: "${PINNED_SUB}" }`], false),
  sources: [SOURCES.awsOidcRole, SOURCES.githubAws],
  check({ door, bindings, missing }) {
    const aud = positiveOn(bindings, 'aud');
    if (aud.some((c) => !c.values.some((_, i) => matchesAnyAudience(c, i)))) return [];
    const broad = aud[0];
    return [finding(audienceMissing, broad === undefined
      ? 'No condition binds aud: a token the workflow requested for any other audience is accepted too.'
      : `The ${broad.operator} condition on aud lets any audience through: a token the workflow requested for any other audience is accepted too.`,
    { field: broad === undefined ? missing.aud(door) : broad.field })];
  },
};

function matchesAnyAudience(c: MatchCondition, index: number): boolean {
  if (c.match !== 'StringLike') return false;
  const pattern = c.patterns[index];
  return pattern !== undefined && OTHER_AUDIENCES.every((a) => pattern.matches(a));
}
