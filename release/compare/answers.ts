/**
 * How two answers to the same request differ, once each side's own making is masked: status, error code, response
 * shape (members present and their types), and values. The one comparison of answers the release lens has: `compare`
 * pairs two runs' exchanges with it, the x-accept-fix matrix compares each cell with its reference, and a fleet's
 * drift compares banks' recorded answers with it.
 */
import { escapePointerToken, pointerTokens, UserError } from '../../core/index.js';
import { maskerFor, sideContext, type Masker, type RecordedLine, type SideContext } from './mask.js';

export type DifferenceKind = 'status' | 'code' | 'shape' | 'value';

export interface AnswerDifference {
  kind: DifferenceKind;
  /** JSON pointer of the member, for shape and value differences ('' for the whole body). */
  path?: string;
  /** What A and B answered there, as received (never masked), cut to 120 characters. */
  a: string;
  b: string;
}

/** One side of a pair of exchanges: the exchange, and what its side made itself (from all its exchanges). */
export interface ExchangeSide {
  exchange: RecordedLine;
  /** `sideContext(every exchange of that side)`; without it, only the exchange's own request and answer are known. */
  context?: SideContext;
}

export interface CompareOptions {
  /**
   * Members of the answer to leave out, as JSON pointers (`/message`, `/_links/self/href`); a `*` token stands for
   * any one member or item (`/*\/remittanceInformationUnstructured`). A member left out is left out with everything
   * under it, for shape and value alike; status and error code are always compared.
   */
  ignore?: readonly string[];
}

/** At most this many characters of a value in a difference. */
const SHOWN = 120;
const show = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};

const parse = (text: string | undefined): { json: unknown } | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
};

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every member's type by pointer, array items under `/*` (the shape, whatever the number of items). */
function shape(value: unknown, path = '', into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  (into.get(path) ?? into.set(path, new Set()).get(path))?.add(typeOf(value));
  if (Array.isArray(value)) for (const item of value) shape(item, `${path}/*`, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) shape(v, `${path}/${escapePointerToken(k)}`, into);
  return into;
}

/** Every leaf value by pointer (array items by index). */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}/${i}`, into));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}/${escapePointerToken(k)}`, into);
  else into.set(path, value);
  return into;
}

/** The error code an answer names: its own `code`, or its TPP messages' codes. */
export function errorCode(json: unknown): string | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const body = json as { code?: unknown; tppMessages?: unknown };
  if (typeof body.code === 'string') return body.code;
  if (Array.isArray(body.tppMessages))
    return body.tppMessages
      .map((m) => (m && typeof m === 'object' ? (m as { code?: unknown }).code : undefined))
      .filter((c): c is string => typeof c === 'string')
      .join(', ');
  return undefined;
}

const outcomeOf = (line: RecordedLine) => (line.error ? `no answer (${line.error})` : String(line.status ?? '?'));

/** The `--ignore` pointers, checked: one line (exit 2) for one that is not a JSON pointer. */
export function ignoreMatcher(pointers: readonly string[] = []): (path: string) => boolean {
  const patterns = pointers.map((p) => {
    if (p !== '' && !p.startsWith('/')) throw new UserError(`--ignore ${p}: a JSON pointer starts with "/"`);
    return pointerTokens(p);
  });
  // A shape path names every item of an array `*`: an index in a pointer matches it, as `*` matches an index.
  const fits = (want: string, got: string) => want === '*' || want === got || (got === '*' && /^\d+$/.test(want));
  return (path) => {
    const tokens = pointerTokens(path);
    return patterns.some((p) => p.length <= tokens.length && p.every((t, i) => fits(t, tokens[i] as string)));
  };
}

function shapeDifferences(a: unknown, b: unknown, ignored: (path: string) => boolean): AnswerDifference[] {
  const sa = shape(a);
  const sb = shape(b);
  const out: AnswerDifference[] = [];
  for (const path of [...new Set([...sa.keys(), ...sb.keys()])].sort()) {
    if (ignored(path)) continue;
    const ta = [...(sa.get(path) ?? [])].sort().join(' or ') || 'absent';
    const tb = [...(sb.get(path) ?? [])].sort().join(' or ') || 'absent';
    // A member absent on one side is one difference, not one per member below it.
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (ta !== tb && !(path && (!sa.has(parent) || !sb.has(parent)))) out.push({ kind: 'shape', path, a: ta, b: tb });
  }
  return out;
}

/** A duration in a text: `3598 s`, `250 ms`, `2 seconds`. */
const DURATION = /(\d+(?:\.\d+)?) ?(ms|s|sec|secs|seconds?|minutes?|min)\b/g;
const SECONDS: Record<string, number> = { ms: 0.001, min: 60, minute: 60, minutes: 60 };
/** How far two durations quoted from the moment may be apart: the time a request takes on a busy machine. */
export const MOMENT_SECONDS = 15;

/**
 * Two texts that differ only in durations a few seconds apart (`Date is 3600 s from now` and `… 3598 s …`: how
 * far the request's Date was from the moment the bank read it) differ only by the moment.
 */
function sameButTheMoment(a: string, b: string): boolean {
  const durations = (text: string) => {
    const found: number[] = [];
    const template = text.replace(DURATION, (_, n: string, unit: string) => {
      found.push(Number(n) * (SECONDS[unit] ?? 1));
      return '<duration>';
    });
    return { template, found };
  };
  const [da, db] = [durations(a), durations(b)];
  return (
    da.found.length > 0 &&
    da.template === db.template &&
    da.found.every((x, i) => Math.abs(x - (db.found[i] as number)) <= MOMENT_SECONDS)
  );
}

/**
 * Values that differ as received and still differ once each side's is masked: a value is the same when both
 * sides answered with what each made itself at the same place (its request's member, its bank's id for the same
 * request), never when either answered with a value its bank chose.
 */
function valueDifferences(
  a: { json: unknown; mask: Masker },
  b: { json: unknown; mask: Masker },
  ignored: (path: string) => boolean,
): AnswerDifference[] {
  const la = leaves(a.json);
  const lb = leaves(b.json);
  const out: AnswerDifference[] = [];
  for (const [path, va] of la) {
    if (!lb.has(path) || ignored(path)) continue;
    const vb = lb.get(path);
    if (typeOf(va) !== typeOf(vb) || va === vb) continue;
    if (typeof va === 'string' && typeof vb === 'string') {
      const [ma, mb] = [a.mask(va), b.mask(vb)];
      if (ma === mb || sameButTheMoment(ma, mb)) continue;
    }
    out.push({ kind: 'value', path, a: show(va), b: show(vb) });
  }
  return out;
}

/**
 * Where the answers to one request differ, as two sides received them; empty when they do not.
 *
 * Contract:
 * - `a` and `b` are the same request as two sides sent it (one seed: `compare`'s two runs, or two banks' recorded
 *   runs), each with its side's context (`sideContext` over all that side's exchanges) when there is one.
 * - Compared always, never masked: the status (or the transport error instead of an answer), the error code
 *   (`code`, or the codes of `tppMessages`), and the shape: every member present and its JSON type, array items
 *   together (`/payments/*`). A member on one side only is one `shape` difference at its own pointer.
 * - Values (leaves present on both sides with one type) differ when they differ as received, unless both are what
 *   each side made itself at the same place: a value its own request (or an earlier one) sent, such as set-up
 *   data echoed back; an id its bank assigned to the same request; a digest of its request's body; inside a longer
 *   text (a message quoting an account number, a link), such values of 8 characters or more, origins, dates
 *   and times the request did not carry, and durations at most MOMENT_SECONDS apart (`Date is 3598 s from now`).
 *   A value the bank chose (a status, a fee, an enum, the words of a message) is never masked.
 * - `options.ignore`: JSON pointers of members left out of the shape and value comparison (`*` for any one member
 *   or item); a pointer that is not one is a UserError.
 * - Each difference holds the values as received, not masked. Non-JSON answers are compared as text, masked alike.
 */
export function compareExchanges(a: ExchangeSide, b: ExchangeSide, options: CompareOptions = {}): AnswerDifference[] {
  const ignored = ignoreMatcher(options.ignore);
  const out: AnswerDifference[] = [];
  const [ea, eb] = [a.exchange, b.exchange];
  if (outcomeOf(ea) !== outcomeOf(eb)) out.push({ kind: 'status', a: outcomeOf(ea), b: outcomeOf(eb) });
  const mask = {
    a: maskerFor(ea.request, a.context ?? sideContext([ea])),
    b: maskerFor(eb.request, b.context ?? sideContext([eb])),
  };
  const ja = parse(ea.response);
  const jb = parse(eb.response);
  if (ja && jb) {
    const ca = errorCode(ja.json);
    const cb = errorCode(jb.json);
    if (ca !== cb) out.push({ kind: 'code', a: ca ?? 'none', b: cb ?? 'none' });
    out.push(
      ...shapeDifferences(ja.json, jb.json, ignored),
      ...valueDifferences({ json: ja.json, mask: mask.a }, { json: jb.json, mask: mask.b }, ignored),
    );
  } else {
    const [ta, tb] = [ea.response ?? '', eb.response ?? ''];
    if (ta !== tb && !ignored('') && mask.a(ta) !== mask.b(tb))
      out.push({ kind: 'value', path: '', a: show(ta), b: show(tb) });
  }
  return out;
}
