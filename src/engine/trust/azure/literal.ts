/**
 * The silent outage of an exact comparison written as if it were a pattern: a classic credential's
 * subject, or an `eq` clause, holding `*` or `?`. Entra compares those exactly, so the character is
 * a plain one, and the credential matches only a token whose sub holds it. No repository name or git
 * ref does, so the logins the credential was meant for fail, with nothing but an AADSTS700213 to say why.
 */
import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { clip } from '../aws-conditions.ts';
import { TRUST_FINDINGS as F } from '../findings.ts';

/** The wildcard character the exact value holds, if any. */
function wildcardIn(value: string): string | undefined {
  if (value.includes('*')) return '*';
  return value.includes('?') ? '?' : undefined;
}

/**
 * TRUST_CONDITION_NEVER_HOLDS for a sub compared exactly with a value holding a wildcard character;
 * `how` names the comparison (the subject of a classic credential, an eq clause).
 */
export function literalWildcard(value: string, field: string, how: 'subject' | 'eq'): Finding | undefined {
  const character = wildcardIn(value);
  if (character === undefined) return undefined;
  const what = how === 'subject' ? `The subject "${clip(value)}" holds a ${character}, which Entra compares as a plain character: a classic credential has no wildcards.`
    : `The clause claims['sub'] eq '${clip(value)}' holds a ${character}, which eq compares as a plain character.`;
  const fix = how === 'subject' ? 'Use a flexible credential (claimsMatchingExpression with matches) for a pattern, or one credential per subject.' : 'Write matches for a pattern.';
  return finding(F.TRUST_CONDITION_NEVER_HOLDS, `${what} It matches only a token whose sub holds that very character, and no repository name or git ref does, so the logins it was meant for fail. ${fix}`, { field, value: clip(value) });
}
