/**
 * What each Allow statement admits, judged over GitHub's whole subject vocabulary: whether a stranger's
 * repository gets in (TRUST_SUBJECT_UNBOUNDED), and for one repository which runs (every ref, a
 * wildcard ref or environment, pull requests), whether it is bound by names a stranger could take over,
 * whether the audience is bound, and whether the statement can hold at all. Each of these is a check in
 * checks/; this module runs them statement by statement, in registry order.
 */
import type { Finding } from '../types.ts';
import type { Door } from './conditions.ts';
import type { IssuerGrammar } from './issuers/grammar.ts';
import { TRUST_RUN_CHECKS, TRUST_STATEMENT_CHECKS } from './checks/registry.ts';
import { runContexts } from './runs.ts';
import { statementContext, type MissingFields, type TrustCheck } from './statement.ts';

/**
 * `grammar`: the issuer's subject grammar (issuers/table.ts). For an issuer whose grammar is not known,
 * only a statement with no sub binding, or one whose sub values are all wildcards from their first
 * character, is judged unbounded.
 */
export function checkBreadth(doors: readonly Door[], missing: MissingFields, grammar: IssuerGrammar | undefined): Finding[] {
  const denies = doors.filter((d) => d.effect === 'Deny');
  const findings: Finding[] = [];
  for (const door of doors) {
    if (door.effect !== 'Allow') continue;
    const statement = statementContext(door, denies, missing, grammar);
    const judged = judge(TRUST_STATEMENT_CHECKS, statement, findings);
    if (judged === 'ended') continue;
    for (const binding of runContexts(statement)) judge(TRUST_RUN_CHECKS, binding, findings);
  }
  return dedupe(findings);
}

/** Runs the checks in order into `findings`, until a final one finds something. */
function judge<Ctx>(checks: readonly TrustCheck<Ctx>[], ctx: Ctx, findings: Finding[]): 'ended' | 'done' {
  for (const check of checks) {
    const found = check.check(ctx);
    findings.push(...found);
    if (check.final === true && found.length > 0) return 'ended';
  }
  return 'done';
}

/** The same finding about the same place is reported once, however many statements lead to it. */
function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.code} ${String(f.evidence?.field)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
