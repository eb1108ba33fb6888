import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { doorName, matchesValue, statementName, type Door } from '../conditions.ts';
import { awsDeployRole, deployRole, PINNED_SUB, SOURCES } from '../examples.ts';
import type { IssuerGrammar } from '../issuers/grammar.ts';
import { alwaysPresent, type Binding, type TrustStatementCheck } from '../statement.ts';

export const conditionNeverHolds: TrustStatementCheck = {
  code: 'TRUST_CONDITION_NEVER_HOLDS',
  severity: 'warning',
  title: 'A statement no token of the issuer can satisfy: the role cannot be used through it',
  docs: 'Reported for an Allow statement with a condition on a key of another issuer host (for a GitHub Enterprise Cloud provider, token.actions.githubusercontent.com/ENTERPRISE, keys written with the plain host are never in the request context), a Null condition requiring a claim GitHub always sends to be absent, StringEquals values another condition on the same claim rules out, or a Deny statement without conditions.',
  why: 'The deploy that relies on the statement fails with AccessDenied, and the usual reaction under pressure is to loosen the condition until it works.',
  remediation: 'Write the condition keys with the issuer the provider ARN names (token.actions.githubusercontent.com/ENTERPRISE:sub for an enterprise issuer), and make the conditions on one claim agree.',
  securitySeverity: 2.0,
  example: {
    scenario: 'The role trusts the acme enterprise\'s issuer but its conditions name the plain issuer\'s keys.',
    config: deployRole(['aws_trust_policy: ../../infra/deploy-role-trust.json'], false),
    files: { 'infra/deploy-role-trust.json': `${JSON.stringify(awsDeployRole({
      StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': PINNED_SUB },
    }, 'token.actions.githubusercontent.com/acme'), null, 2)}\n` },
    offline: true,
  },
  sources: [SOURCES.githubOidc, SOURCES.awsOperators],
  // A statement no token can use has nothing narrower to be judged on.
  final: true,
  check({ door, denies, bindings, grammar }) {
    const denyAll = denies.find((d) => d.conditions.length === 0);
    if (denyAll !== undefined) {
      return [finding(conditionNeverHolds, `The Deny statement ${doorName(denyAll)} has no condition, so it denies every token this statement would let in.`, { field: door.field, denied_by: denyAll.field })];
    }
    const never = neverHolds(door, bindings, grammar);
    return never === undefined ? [] : [never];
  },
};

/**
 * A condition no token of the issuer can meet (a key of another issuer, which AWS never has in the
 * request context; Null true on a claim GitHub always sends), or literal values on one claim that
 * another condition on it rules out.
 */
function neverHolds(door: Door, bindings: readonly Binding[], grammar: IssuerGrammar | undefined): Finding | undefined {
  for (const c of door.conditions) {
    const offContext = c.offContext === true && (c.kind === 'null' ? !c.absent : c.kind === 'match' && !c.negated && !c.ifExists && c.set !== 'ForAllValues');
    if (offContext) {
      return finding(conditionNeverHolds, `The ${c.operator} condition of ${doorName(door)} names a key of another issuer, which AWS never puts in the request context for this issuer's tokens: the statement can never let a token in.`, { field: c.field, operator: c.operator });
    }
    if (c.kind === 'null' && c.absent && alwaysPresent(grammar).has(c.claim) && c.offContext !== true) {
      return finding(conditionNeverHolds, `The ${c.operator} condition of ${doorName(door)} requires ${c.claim} to be absent, and ${grammar === undefined ? 'the issuer' : grammar.name.replace(/ Actions$/, '')} puts it in every token: the statement can never let a token in.`, { field: c.field, operator: c.operator });
    }
  }
  const byClaim = new Map<string, Binding[]>();
  for (const b of bindings) {
    const group = byClaim.get(b.condition.claim);
    if (group === undefined) byClaim.set(b.condition.claim, [b]);
    else group.push(b);
  }
  for (const [claim, on] of byClaim) {
    const literal = on.find((b) => b.positive && b.condition.match === 'StringEquals' && b.condition.set === undefined);
    if (literal === undefined) continue;
    const fits = literal.condition.values.some((value) => on.every((b) => matchesValue(b.condition, value) === b.positive));
    if (!fits) {
      return finding(conditionNeverHolds, `No value of ${claim} meets every condition on it: the StringEquals values of ${literal.positive && door.conditions.includes(literal.condition) ? doorName(door) : statementName(literal.condition.field)} are ruled out by another condition on ${claim}, so the statement can never let a token in.`, { field: literal.condition.field, claim });
    }
  }
  return undefined;
}
