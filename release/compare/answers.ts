/**
 * How two answers to the same request differ, once masked: status, error code, response shape (members present and
 * their types), and values.
 */
import type { Masker, RecordedLine } from './mask.js';

export type DifferenceKind = 'status' | 'code' | 'shape' | 'value';

export interface AnswerDifference {
  kind: DifferenceKind;
  /** JSON pointer of the member, for shape and value differences ('' for the whole body). */
  path?: string;
  a: string;
  b: string;
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

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every member's type by pointer, array items under `/*` (the shape, whatever the number of items). */
function shape(value: unknown, path = '', into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  (into.get(path) ?? into.set(path, new Set()).get(path))?.add(typeOf(value));
  if (Array.isArray(value)) for (const item of value) shape(item, `${path}/*`, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) shape(v, `${path}/${escape(k)}`, into);
  return into;
}

/** Every leaf value by pointer (array items by index). */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}/${i}`, into));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}/${escape(k)}`, into);
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

function shapeDifferences(a: unknown, b: unknown): AnswerDifference[] {
  const sa = shape(a);
  const sb = shape(b);
  const out: AnswerDifference[] = [];
  for (const path of [...new Set([...sa.keys(), ...sb.keys()])].sort()) {
    const ta = [...(sa.get(path) ?? [])].sort().join(' or ') || 'absent';
    const tb = [...(sb.get(path) ?? [])].sort().join(' or ') || 'absent';
    // A member absent on one side is one difference, not one per member below it.
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (ta !== tb && !(path && (!sa.has(parent) || !sb.has(parent)))) out.push({ kind: 'shape', path, a: ta, b: tb });
  }
  return out;
}

function valueDifferences(a: unknown, b: unknown): AnswerDifference[] {
  const la = leaves(a);
  const lb = leaves(b);
  const out: AnswerDifference[] = [];
  for (const [path, va] of la) {
    if (!lb.has(path)) continue;
    const vb = lb.get(path);
    if (typeOf(va) === typeOf(vb) && va !== vb) out.push({ kind: 'value', path, a: show(va), b: show(vb) });
  }
  return out;
}

/** How the answers to one request differ on either side, after masking each with its own side's masker. */
export function compareAnswers(
  a: { line: RecordedLine; mask: Masker },
  b: { line: RecordedLine; mask: Masker },
): AnswerDifference[] {
  const out: AnswerDifference[] = [];
  if (outcomeOf(a.line) !== outcomeOf(b.line)) out.push({ kind: 'status', a: outcomeOf(a.line), b: outcomeOf(b.line) });
  const ta = a.line.response === undefined ? undefined : a.mask.text(a.line.response, a.line.request.body);
  const tb = b.line.response === undefined ? undefined : b.mask.text(b.line.response, b.line.request.body);
  const ja = parse(ta);
  const jb = parse(tb);
  if (ja && jb) {
    const ca = errorCode(ja.json);
    const cb = errorCode(jb.json);
    if (ca !== cb) out.push({ kind: 'code', a: ca ?? 'none', b: cb ?? 'none' });
    out.push(...shapeDifferences(ja.json, jb.json), ...valueDifferences(ja.json, jb.json));
  } else if ((ta ?? '') !== (tb ?? '')) out.push({ kind: 'value', path: '', a: show(ta ?? ''), b: show(tb ?? '') });
  return out;
}
