/**
 * Instants a user writes (`at:` in a sample, `--at` on the command line): RFC 3339 date-times only,
 * checked against the calendar. `Date.parse` is not used: it accepts "March 7" and "0", and rolls
 * 2026-02-30 over to March 2, so a sample would silently be judged on another day than written.
 */

/** A refusal's reason is a clause that can follow the value in a message: `"X" <reason>`. */
export type InstantParse = { ok: true; ms: number } | { ok: false; reason: string };

/** What every refusal says, so the user sees the expected form at once. */
export const INSTANT_FORMAT = 'an RFC 3339 date-time with Z or an offset, such as 2026-01-01T00:00:00Z or 2026-01-01T05:30:00+05:30';

// date "T" time, with optional fraction and a required zone. RFC 3339 lets "T" and "Z" be lower
// case, and a note in its section 5.6 lets a space stand for "T".
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function parseInstant(value: unknown): InstantParse {
  if (typeof value !== 'string') return { ok: false, reason: 'is not a string in that form' };
  const m = SHAPE.exec(value);
  if (m === null) return { ok: false, reason: 'is not in that form' };
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12) return { ok: false, reason: `has month ${m[2]}, but months run from 01 to 12` };
  const days = daysIn(year, month);
  if (day < 1 || day > days) {
    return { ok: false, reason: `has day ${m[3]}, but ${MONTHS[month - 1]} ${year} has ${days} days` };
  }
  if (hour > 23) return { ok: false, reason: `has hour ${m[4]}, but hours run from 00 to 23` };
  if (minute > 59) return { ok: false, reason: `has minute ${m[5]}, but minutes run from 00 to 59` };
  // A leap second (:60) cannot be told apart from the next second in JWT time (seconds since the
  // epoch, leap seconds ignored), so it is refused rather than guessed.
  if (second > 59) return { ok: false, reason: `has second ${m[6]}, but seconds run from 00 to 59` };
  let offsetMinutes = 0;
  if (m[8] === undefined) {
    const offsetHours = Number(m[10]);
    const offsetMins = Number(m[11]);
    if (offsetHours > 23 || offsetMins > 59) return { ok: false, reason: `has the offset ${m[9]}${m[10]}:${m[11]}, but offsets run from 00:00 to 23:59` };
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number((m[7] ?? '0').slice(0, 3).padEnd(3, '0')));
  return { ok: true, ms: date.getTime() - offsetMinutes * 60_000 };
}
