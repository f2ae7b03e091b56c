import { parseHttpDate } from '../../../signing/index.js';
import { finding } from '../finding.js';
import type { Finding } from '../../types.js';

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
  const strict = parseHttpDate(value, { forms: 'strict' });
  const loose = parseHttpDate(value, { forms: 'lenient' });
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
