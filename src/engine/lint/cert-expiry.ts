/**
 * When a certificate counts as expiring: shared by the TLS endpoint check and the x5c checks, so both
 * warn at the same distance and count days the same way.
 */

/** A certificate that expires within this many days draws a warning: two weeks to renew before an outage. */
export const EXPIRY_WARNING_DAYS = 14;

const DAY_MS = 86_400_000;

export interface CertificateExpiry {
  /** notAfter is at or before now. */
  expired: boolean;
  /** notAfter is before now + EXPIRY_WARNING_DAYS (expired ones included). */
  withinWarning: boolean;
  /** Whole days from now to notAfter, rounded toward zero (negative once a day past it). */
  daysLeft: number;
}

/** `notAfter` (ISO 8601) judged at `now` (the engine clock, ms since the epoch). */
export function certificateExpiry(notAfter: string, now: number): CertificateExpiry {
  const left = Date.parse(notAfter) - now;
  return { expired: left <= 0, withinWarning: left < EXPIRY_WARNING_DAYS * DAY_MS, daysLeft: Math.trunc(left / DAY_MS) + 0 };
}

/** When a certificate that has not expired yet will: "in 3 days", "within a day". */
export function describeDaysLeft(daysLeft: number): string {
  if (daysLeft <= 0) return 'within a day';
  return `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}
