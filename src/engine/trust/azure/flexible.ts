/**
 * The conditions of a flexible credential's claimsMatchingExpression: one per clause, all of which must
 * hold. `matches` is a wildcard match (`*` any run of characters, `?` exactly one, all else literal and
 * case-sensitive), read as a StringLike condition; `eq` is an exact match, read as StringEquals. What
 * the checker does not evaluate becomes a condition taken to hold, named in a finding: so no case is
 * denied on a clause nobody checked, and a subject nobody could read binds nothing.
 */
import type { Finding } from '../../types.ts';
import { clip, escape, isRecord } from '../aws-conditions.ts';
import type { Condition } from '../conditions.ts';
import { entraCondition } from './letter-case.ts';
import { compileStringLike } from '../string-like.ts';
import { claimList, operatorsFor, type ExpressionOperator } from './claims.ts';
import { readExpression, type Clause } from './expression.ts';
import { literalWildcard } from './literal.ts';

/** Reports a part of the credential that is not evaluated, at its pointer. */
export type Unsupported = (field: string, message: string, evidence?: Record<string, unknown>) => void;

const EXPRESSION_MEMBERS = new Set(['value', 'languageVersion']);
const OPERATORS: readonly string[] = ['matches', 'eq'];

/** A condition the checker does not evaluate: it holds for every token. */
export function unknownCondition(field: string, claim = '', operator = ''): Condition {
  return { kind: 'unknown', field, claim, operator };
}

/** The conditions of the claimsMatchingExpression at `at`, for tokens of `issuer`. */
export function expressionConditions(expression: unknown, at: string, issuer: string, unsupported: Unsupported, findings: Finding[]): Condition[] {
  if (!isRecord(expression)) {
    unsupported(at, 'claimsMatchingExpression is not an object { value, languageVersion }; it was not evaluated and is taken to let every token in.');
    return [unknownCondition(at)];
  }
  for (const member of Object.keys(expression)) {
    if (!EXPRESSION_MEMBERS.has(member) && !member.startsWith('@odata.')) {
      unsupported(`${at}/${escape(member)}`, `The member ${clip(member)} is not one a claims matching expression has; it was not evaluated.`, { key: clip(member) });
    }
  }
  const version = expression.languageVersion;
  if (version !== undefined && version !== 1) {
    unsupported(`${at}/languageVersion`, `languageVersion ${clip(JSON.stringify(version) ?? '')} is not 1, the only version of the expression language; the expression was not evaluated and is taken to let every token in.`);
    return [unknownCondition(`${at}/languageVersion`)];
  }
  const field = `${at}/value`;
  const value = expression.value;
  if (typeof value !== 'string') {
    unsupported(field, 'The expression\'s value is not a string; it was not evaluated and is taken to let every token in.');
    return [unknownCondition(field)];
  }
  const read = readExpression(value);
  if (!read.ok) {
    unsupported(field, `The claims matching expression was not evaluated: ${read.why} (at character ${read.at + 1}). It is taken to let every token in.`, { expression: clip(value) });
    return [unknownCondition(field)];
  }
  return read.clauses.map((clause) => {
    const condition = clauseCondition(clause, field, issuer, unsupported);
    const outage = condition.kind === 'match' && condition.claim === 'sub' && condition.match === 'StringEquals' ? literalWildcard(clause.comparand, field, 'eq') : undefined;
    if (outage !== undefined) findings.push(outage);
    return condition;
  });
}

/** One clause: a condition on its claim, or one taken to hold when Entra's language does not give it a documented meaning. */
function clauseCondition(clause: Clause, field: string, issuer: string, unsupported: Unsupported): Condition {
  const { claim, operator, comparand } = clause;
  const shown = `claims['${clip(claim)}'] ${clip(operator)} '${clip(comparand)}'`;
  const skip = (why: string): Condition => {
    unsupported(field, `The clause ${shown} is not evaluated: ${why}. It is taken to hold.`, { clause: shown });
    return unknownCondition(field, claim, operator);
  };
  if (!OPERATORS.includes(operator)) return skip('the expression language has the operators matches and eq only');
  const operators = operatorsFor(issuer, claim);
  if (operators === undefined) return skip(`Entra evaluates only these claims for this issuer's tokens: ${claimList(issuer)}`);
  if (!operators.includes(operator as ExpressionOperator)) return skip(`Entra takes only ${operators.join(' and ')} on ${claim}`);
  // Whether a backslash escapes the character after it is not documented: `\*` may be a literal star.
  if (comparand.includes('\\')) return skip('the comparand holds a backslash, and whether it escapes the next character is not documented');
  const like = operator === 'matches';
  // A comparand that matches the empty string may match a missing claim too: taken to hold when the claim is absent.
  const emptyMatches = like ? compileStringLike(comparand).matches('') : comparand === '';
  return entraCondition({ field, claim, operator, ifExists: emptyMatches }, comparand, like);
}
