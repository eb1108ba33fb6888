import { hash } from 'node:crypto';

/**
 * How a token is named wherever it may not appear: the action's report and the service's audit line.
 * One format, so a report entry and an audit line for the same token can be matched.
 */
export function tokenFingerprint(token: string): string {
  return `sha256:${hash('sha256', token, 'hex')}`;
}
