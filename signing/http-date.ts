const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110 §5.6.7 (RFC 7231 §7.1.1.1): IMF-fixdate, and the obsolete RFC 850 and asctime forms. */
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC_850 = new RegExp(
  `^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`,
);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} \\d{4}$`);

export interface HttpDateOptions {
  /**
   * `strict`: only the three forms of an HTTP-date (IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`, and the
   * obsolete RFC 850 and asctime forms a recipient must still read): what a sender must write, and what `verify`
   * holds a TPP's Date to. `lenient`: also whatever `Date.parse` reads (an ISO 8601 time), as a bank may choose to
   * accept; the reference bank's signature check reads Date so.
   */
  forms: 'strict' | 'lenient';
}

/**
 * Milliseconds since the epoch of a Date header's value; NaN when it is not a date in the forms asked for. asctime
 * carries no zone but is GMT, which `Date.parse` alone would read as local time.
 */
export function parseHttpDate(value: string, { forms }: HttpDateOptions): number {
  const text = value.trim();
  if (ASCTIME.test(text)) return Date.parse(`${text} GMT`);
  if (IMF_FIXDATE.test(text) || RFC_850.test(text)) return Date.parse(text);
  return forms === 'lenient' ? Date.parse(text) : NaN;
}
