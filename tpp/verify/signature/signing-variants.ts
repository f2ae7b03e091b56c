import { constants, verify, type KeyObject } from 'node:crypto';
import { containsEncodedWord, decodeRfc2047, REQUEST_TARGET } from '../../../signing/index.js';
import type { RequestView } from '../../request-view.js';

/** A signing string a client may have signed instead of the right one, with the words for it. */
export interface Candidate {
  lines: string[];
  cause: string;
  join?: string;
  hash?: 'sha256' | 'sha512';
  pss?: boolean;
}

/** One line of draft-cavage-10's signing string: lower-cased name, `: `, trimmed values joined with `, `. */
function line(view: RequestView, name: string, options: { decode?: boolean; method?: string; target?: string } = {}) {
  if (name === REQUEST_TARGET)
    return `${name}: ${(options.method ?? view.method).toLowerCase()} ${options.target ?? view.target}`;
  const values = view.values(name);
  if (values === undefined) return undefined;
  const decode = (v: string) => {
    if (!options.decode || !containsEncodedWord(v)) return v;
    try {
      return decodeRfc2047(v);
    } catch {
      return v;
    }
  };
  return `${name}: ${values.map((v) => decode(v).trim()).join(', ')}`;
}

/**
 * The signing string a conformant bank rebuilds; undefined lines are headers that `headers` lists and the request
 * lacks.
 */
export function signingLines(view: RequestView, signed: readonly string[], decode = false): (string | undefined)[] {
  return signed.map((name) => line(view, name, { decode }));
}

export function verifies(candidate: Omit<Candidate, 'cause'>, signature: Buffer, key: KeyObject): boolean {
  const data = Buffer.from(candidate.lines.join(candidate.join ?? '\n'), 'utf8');
  const padding = candidate.pss ? constants.RSA_PKCS1_PSS_PADDING : constants.RSA_PKCS1_PADDING;
  try {
    return verify(candidate.hash ?? 'sha256', data, { key, padding }, signature);
  } catch {
    return false;
  }
}

const defined = (lines: (string | undefined)[]): string[] => lines.filter((l): l is string => l !== undefined);

/**
 * The usual ways a client's signing string differs from the one a bank rebuilds: header names in their own case,
 * (request-target) added or left out or written differently, a listed line left out, lines in the order sent,
 * CRLF or a trailing newline, one value of a repeated header, another hash or RSA-PSS padding.
 */
export function candidates(view: RequestView, signed: readonly string[], basePath?: string): Candidate[] {
  const right = defined(signingLines(view, signed));
  const verifiesOver = 'the signature verifies over a signing string';
  const out: Candidate[] = [];
  const spelling = (name: string) => view.lines.find(([n]) => n.toLowerCase() === name)?.[0] ?? name;
  out.push({
    lines: signed.flatMap((name) => {
      const l = line(view, name);
      return l === undefined ? [] : [name === REQUEST_TARGET ? l : `${spelling(name)}${l.slice(name.length)}`];
    }),
    cause: `${verifiesOver} with header names in their original case; draft-cavage-10 lower-cases them`,
  });
  if (!signed.includes(REQUEST_TARGET))
    out.push({
      lines: [line(view, REQUEST_TARGET) as string, ...right],
      cause:
        `${verifiesOver} with (request-target), which headers does ` +
        `not list: list it in headers, or do not sign it`,
    });
  else {
    const without = signed.filter((h) => h !== REQUEST_TARGET);
    out.push({
      lines: defined(signingLines(view, without)),
      cause: `${verifiesOver} without the (request-target) line that headers lists`,
    });
    const forms: [string, { method?: string; target?: string }][] = [
      ['with the method in upper case in (request-target)', { method: view.method.toUpperCase() }],
      ['with (request-target) without the query', { target: view.path }],
    ];
    if (basePath && view.target.startsWith(basePath))
      forms.push([
        `with (request-target) without the base path ${basePath}`,
        { target: view.target.slice(basePath.length) },
      ]);
    const host = view.value('host');
    if (host) forms.push(['with the full URL in (request-target)', { target: `https://${host}${view.target}` }]);
    for (const [words, options] of forms)
      out.push({
        lines: defined(signed.map((name) => (name === REQUEST_TARGET ? line(view, name, options) : line(view, name)))),
        cause: `${verifiesOver} ${words}`,
      });
  }
  for (const left of signed.filter((h) => h !== REQUEST_TARGET))
    out.push({
      lines: defined(
        signingLines(
          view,
          signed.filter((h) => h !== left),
        ),
      ),
      cause: `${verifiesOver} without the ${left === 'digest' ? 'Digest' : left} line, which headers lists`,
    });
  const sentOrder = [...new Set(view.lines.map(([n]) => n.toLowerCase()))].filter((n) => signed.includes(n));
  if (sentOrder.join() !== signed.filter((h) => h !== REQUEST_TARGET).join())
    out.push({
      lines: defined(signingLines(view, [...signed.filter((h) => h === REQUEST_TARGET), ...sentOrder])),
      cause: `${verifiesOver} with its lines in the order the headers were sent, not the order headers lists`,
    });
  out.push(
    {
      lines: right,
      join: '\r\n',
      cause: `${verifiesOver} with lines joined by CRLF; draft-cavage-10 joins them with \\n`,
    },
    { lines: [...right, ''], cause: `${verifiesOver} that ends in a newline; draft-cavage-10 has none` },
    {
      lines: right,
      hash: 'sha512',
      cause: 'the signature is RSA-SHA512 over the signing string; rsa-sha256 is expected',
    },
    {
      lines: right,
      pss: true,
      cause: 'the signature uses RSA-PSS padding (as hs2019 does); rsa-sha256 is PKCS#1 v1.5',
    },
  );
  for (const name of signed) {
    const values = view.values(name);
    if (!values || values.length < 2) continue;
    for (const [which, value] of [
      ['first', values[0]],
      ['last', values.at(-1)],
    ] as const)
      out.push({
        lines: signed.flatMap((n) => (n === name ? [`${n}: ${(value as string).trim()}`] : defined([line(view, n)]))),
        cause: `${verifiesOver} with only the ${which} ${name} value: the header was added a second time after signing`,
      });
  }
  return out;
}
