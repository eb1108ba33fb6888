import { defineFinding, type FindingArea, type FindingDefinition } from './findings.ts';
import type { Finding } from './types.ts';

/**
 * What a check says about its code for the finding catalogue: everything a FindingDefinition holds
 * except the area, which the check's family gives (see checkDefinition).
 */
export type CheckDocs = Omit<FindingDefinition, 'area' | 'status' | 'config'>;

/**
 * One check: one module exporting its code, severity and docs, and the function that finds what it
 * reports. `Ctx` is what its family hands every check of one run: a lint's request and fetched JWK Set,
 * a discovery document, one statement of a trust policy. A family lists its checks once, in a registry
 * whose order is the order of their findings in a response; the family's operation runs that list and
 * the finding catalogue reads it, so a code's docs page comes from the same object that reports it.
 */
export interface Check<Ctx> extends CheckDocs {
  check(ctx: Ctx): Finding[];
}

/** The check's entry in the finding catalogue, made by the same helper as every other code's. */
export function checkDefinition(check: CheckDocs, area: FindingArea): FindingDefinition {
  const { code, severity, title, docs, remediation, alsoIn, why, fix, securitySeverity, example, sources } = check;
  return defineFinding({ code, severity, area, title, docs, remediation, alsoIn, why, fix, securitySeverity, example, sources });
}

/** The findings of every check of a registry on one context, in registry order. */
export function runChecks<Ctx>(checks: readonly Check<Ctx>[], ctx: Ctx): Finding[] {
  return checks.flatMap((check) => check.check(ctx));
}
