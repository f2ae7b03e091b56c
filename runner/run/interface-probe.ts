import type { Exchange } from '../../client/index.js';
import { headerValue } from '../../core/index.js';

/**
 * Whether a target answers like this interface, from one unsigned GET of a basket nobody created: shared by
 * `doctor` (a finding) and the run's preflight (which stops a run against some other server at once).
 */
export interface Finding {
  status: 'ok' | 'warn' | 'fail';
  text: string;
}

const ok = (text: string): Finding => ({ status: 'ok', text });
const warn = (text: string): Finding => ({ status: 'warn', text });
const fail = (text: string): Finding => ({ status: 'fail', text });

/** A basket id no bank has: the answer is an error, and its form says whether this is the interface. */
export const PROBE_PATH = '/v1/signing-baskets/doctor-probe';

export const header = headerValue;

export const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 80)}…` : flat);
};

/** interface.md's Error body, Berlin Group tppMessages, or the Challenge body of a 401. */
export function errorShape(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const body = json as Record<string, unknown>;
  if (Array.isArray(body.tppMessages)) return 'Berlin Group tppMessages';
  if (typeof body.code === 'string') return `an Error body, code ${body.code}`;
  if (typeof body._links === 'object' && body._links !== null) return 'a Challenge body (_links)';
  return undefined;
}

/**
 * Whether the answer to an unsigned GET of an unknown basket looks like this interface: a 4xx with a JSON
 * error body. An HTML page or another non-JSON answer is some other server (a portal, a gateway's login
 * page, the wrong path prefix), whose run would fail every test for one reason.
 */
export function judgeAnswer(exchange: Required<Pick<Exchange, 'response'>>['response'], url: string): Finding {
  const { status, text, json } = exchange;
  const type = header(exchange.headers, 'content-type') ?? 'no Content-Type';
  const answered = `GET ${url} answered ${status} (${type.split(';')[0]})`;
  const notInterface =
    'this does not look like the PSD2 interface: check BASE_URL (a path prefix such as /api-sandbox?)';
  if (status >= 300 && status < 400)
    return fail(
      `answer: ${answered}, a redirect to ${header(exchange.headers, 'location') ?? '(no Location)'}: ${notInterface}`,
    );
  if (text.trim() === '')
    return warn(`answer: ${answered} with an empty body: cannot tell whether this is the PSD2 interface`);
  if (json === undefined)
    return fail(
      `answer: ${answered} with ` +
        `${/<html|<!doctype/i.test(text) ? 'an HTML page' : 'a body that is not JSON'} ` +
        `${excerpt(text)}: ${notInterface}`,
    );
  const shape = errorShape(json);
  if (status >= 400 && status < 500 && shape)
    return ok(`answer: ${answered} with ${shape}: it looks like the PSD2 interface`);
  if (status >= 500) return warn(`answer: ${answered}: a server error for an unknown basket; the run will tell more`);
  if (status < 300)
    return warn(`answer: ${answered}: a basket nobody created was found, unsigned: is this a mock of the interface?`);
  return warn(
    `answer: ${answered} with JSON that is neither interface.md's Error body nor Berlin Group ` +
      `tppMessages ${excerpt(text)}: is BASE_URL the interface itself, not a gateway in front of it?`,
  );
}
