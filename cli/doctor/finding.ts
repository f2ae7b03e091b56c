/** One line of `doctor`: ✓ fine, ! worth a look (the run still works), ✗ to fix before a run can judge the bank. */
export interface Finding {
  status: 'ok' | 'warn' | 'fail';
  text: string;
}

export const ok = (text: string): Finding => ({ status: 'ok', text });
export const warn = (text: string): Finding => ({ status: 'warn', text });
export const fail = (text: string): Finding => ({ status: 'fail', text });

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;

export const formatFinding = (f: Finding): string => `${MARK[f.status]} ${f.text}`;

/** `Promise.race` with a deadline: every network step of doctor ends within its timeout. */
export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

/** Node's error code and message, for a line. */
export function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code && !e.message.includes(e.code) ? `${e.code}: ${e.message}` : (e.message ?? String(err));
}
