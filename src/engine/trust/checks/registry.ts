import type { TrustRunCheck } from '../runs.ts';
import type { TrustStatementCheck } from '../statement.ts';
import { anyRef } from './any-ref.ts';
import { audienceMissing } from './audience-missing.ts';
import { conditionNeverHolds } from './condition-never-holds.ts';
import { pullRequestAllowed } from './pull-request-allowed.ts';
import { refWildcard } from './ref-wildcard.ts';
import { subjectMutable } from './subject-mutable.ts';
import { subjectUnbounded } from './subject-unbounded.ts';

/**
 * The checks of one Allow statement, in the order a response lists their findings for it: whether any
 * token can use it, whether it binds the audience, whether it binds one repository, and by what name.
 * A check marked `final` that finds something ends the statement's judgement.
 */
export const TRUST_STATEMENT_CHECKS: readonly TrustStatementCheck[] = [
  conditionNeverHolds,
  audienceMissing,
  subjectUnbounded,
  subjectMutable,
];

/**
 * The checks of each repository binding of a statement that binds one repository, run after the
 * statement checks, binding by binding: every run admitted, pull requests, wildcard branches and
 * environments. Adding a trust check is one module in this folder plus one line in one of these lists
 * (and its place in the catalogue, trust/findings.ts).
 */
export const TRUST_RUN_CHECKS: readonly TrustRunCheck[] = [
  anyRef,
  pullRequestAllowed,
  refWildcard,
];
