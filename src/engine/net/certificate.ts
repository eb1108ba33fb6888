import type { X509Certificate } from 'node:crypto';

/**
 * A certificate's notAfter, read the way every Node line the CLI runs on can: X509Certificate.validToDate
 * is Node 22.10+ only (on Node 20 it is undefined), so the `validTo` string is parsed instead. Node
 * prints it as OpenSSL does, "Nov 27 12:00:00 2026 GMT" (day padded with a space, seconds possibly with
 * a fraction), and that form is read here field by field rather than left to Date.parse's
 * implementation-defined reading of non-ISO text. Undefined when the text is neither that form nor
 * something Date.parse reads (a future Node printing ISO 8601, say).
 */
export function certificateNotAfter(certificate: Pick<X509Certificate, 'validTo'>): Date | undefined {
  return certificateTime(certificate.validTo);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const OPENSSL_TIME = /^([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d{2}):(\d{2}):(\d{2})(\.\d+)? (\d{4}) GMT$/;

/** A time as Node prints a certificate's validFrom / validTo. */
function certificateTime(text: string): Date | undefined {
  const m = OPENSSL_TIME.exec(text);
  if (m === null) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? undefined : new Date(parsed);
  }
  const [, month, day, hour, minute, second, fraction, year] = m;
  const monthIndex = MONTHS.indexOf(month as string);
  if (monthIndex === -1) return undefined;
  const ms = Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute), Number(second), Math.floor(Number(fraction ?? '0') * 1000));
  const date = new Date(ms);
  // Date.UTC rolls "Feb 30" over into March: a day the month does not have is no date at all.
  return date.getUTCDate() === Number(day) && date.getUTCMonth() === monthIndex ? date : undefined;
}
