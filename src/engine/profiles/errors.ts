/** One problem in the profile configuration: which profile, which field (JSON Pointer), what is wrong. */
export interface ProfileProblem {
  /** The profile id when it has a usable one, else `#<index>`; '' for the document as a whole. */
  profile: string;
  pointer: string;
  message: string;
}

/**
 * The profile configuration is invalid; the service must not start. Messages name the profile and
 * the field, never a secret, key or any other configured value.
 */
export class IssuerProfileError extends Error {
  readonly code = 'ISSUER_PROFILES_INVALID';
  readonly problems: ProfileProblem[];
  constructor(source: string, problems: ProfileProblem[]) {
    super(`${source}: ${problems.map((p) => `${p.profile === '' ? '' : `profile ${p.profile}: `}${p.pointer || '/'} ${p.message}`).join('; ')}`);
    this.name = 'IssuerProfileError';
    this.problems = problems;
  }
}
