import { finding } from '../finding.js';
import type { Finding } from '../../types.js';

const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 7231 §7.1.1.1: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must still accept. */
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC_850 = new RegExp(
  `^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`,
);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} \\d{4}$`);

/** Milliseconds since the epoch of an HTTP-date; NaN when the text is not one. */
export function parseHttpDate(value: string): number {
  const text = value.trim();
  if (ASCTIME.test(text)) return Date.parse(`${text} GMT`); // asctime is GMT without saying so
  return IMF_FIXDATE.test(text) || RFC_850.test(text) ? Date.parse(text) : NaN;
}

function formCause(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}T/.test(value))
    return (
      'Date is ISO 8601; HTTP wants an IMF-fixdate such as Sun, 06 ' +
      'Nov 1994 08:49:37 GMT (JavaScript: toUTCString())'
    );
  if (/(\+0000|UTC|Z)$/.test(value)) return 'the zone is not written GMT, which an HTTP-date ends in';
  return 'an HTTP-date looks like Sun, 06 Nov 1994 08:49:37 GMT';
}

/** Whole hours off, within a minute: local time written as GMT. */
function zoneCause(seconds: number): string | undefined {
  const hours = Math.round(Math.abs(seconds) / 3600);
  return hours >= 1 && hours <= 14 && Math.abs(Math.abs(seconds) - hours * 3600) <= 60
    ? `the difference is ${hours} h: local time written as GMT`
    : undefined;
}

export interface Clock {
  now: Date;
  /** "this machine's clock", "the recording time", "--now". */
  name: string;
}

/**
 * Date is signed (Authentication 1) but interface.md shows no window: being far from the bank's clock is a SHOULD
 * (Auth.date.window), judged against the given time, the recording time, or this machine's clock.
 */
export function judgeDate(value: string | undefined, clock: Clock, maxSkewSeconds: number): Finding[] {
  if (value === undefined || value.trim() === '') return [];
  const id = 'Auth.date.window';
  const strict = parseHttpDate(value);
  const loose = Number.isNaN(strict) ? Date.parse(value) : strict;
  const out: Finding[] = [];
  if (Number.isNaN(strict)) out.push(finding(id, `Date "${value}" is not an HTTP-date`, formCause(value.trim())));
  if (Number.isNaN(loose)) return out;
  const seconds = Math.round((loose - clock.now.getTime()) / 1000);
  if (Math.abs(seconds) > maxSkewSeconds) {
    const where = seconds < 0 ? 'behind' : 'ahead of';
    out.push(
      finding(
        id,
        `Date is ${Math.abs(seconds)} s ${where} ${clock.name}; a bank allows a few minutes (here ${maxSkewSeconds} s)`,
        zoneCause(seconds) ??
          (seconds < 0
            ? 'the request was signed long before it was sent (a recorded request keeps its ' +
              'Date: judge it with --now <the time it was sent>), or a clock is off'
            : 'the signing machine’s clock is ahead'),
      ),
    );
  }
  return out;
}
