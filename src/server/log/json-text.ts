/**
 * JSON text written by hand for the lines every request logs, each exactly what JSON.stringify writes for
 * the same value: a string, a duration in milliseconds, a time. The access line (access-line.ts) is made
 * of these only, so nothing a client sends can reach a log line unescaped.
 */

/** Printable ASCII other than `"` and `\`: JSON.stringify writes such a string between quotes as it is. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON text, exactly as JSON.stringify(value) writes it: the one escaping helper of the access line. */
export function jsonString(value: string): string {
  return PLAIN_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * Whole microseconds as milliseconds in JSON number text, as JSON.stringify(micros / 1000) writes
 * them ("12", "1.5", "0.003"): from integers, which print without the general number formatting
 * every access line would otherwise pay for.
 */
export function millisecondsText(micros: number): string {
  if (!Number.isSafeInteger(micros) || micros < 0 || micros >= 1e15) return JSON.stringify(micros / 1000);
  const whole = Math.floor(micros / 1000);
  const rest = micros - whole * 1000;
  if (rest === 0) return `${whole}`;
  if (rest % 100 === 0) return `${whole}.${rest / 100}`;
  if (rest % 10 === 0) return `${whole}.${rest < 100 ? '0' : ''}${rest / 10}`;
  return `${whole}.${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}`;
}

/**
 * The time of a log line, as toISOString() writes it. Under load many lines share a millisecond, and so
 * one string; and every line of a second shares its text up to the milliseconds, made once a second.
 */
let lastMs = Number.NaN;
let lastIso = '';
let secondStart = Number.NaN;
let secondPrefix = '';
export function isoTime(time: number): string {
  // Whole milliseconds, as toISOString counts them.
  const ms = Math.trunc(time);
  if (ms === lastMs) return lastIso;
  lastMs = ms;
  const withinSecond = ms - secondStart;
  if (withinSecond >= 0 && withinSecond < 1000) {
    lastIso = `${secondPrefix}${withinSecond < 10 ? '00' : withinSecond < 100 ? '0' : ''}${withinSecond}Z`;
  } else {
    lastIso = new Date(ms).toISOString();
    // The prefix is only reused for the years toISOString writes with four digits.
    secondStart = ms >= 0 && ms < 253402300800000 ? ms - (ms % 1000) : Number.NaN;
    secondPrefix = lastIso.slice(0, 20);
  }
  return lastIso;
}
