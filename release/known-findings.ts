/**
 * A known-findings file: failures that a bank's QA accepted for now, each with a reason, a ticket and an expiry date.
 * A failure it names is reported as known and does not gate the run until the entry expires; an expired entry and an
 * entry that matched nothing are reported, so the file does not rot.
 *
 * ```yaml
 * findings:
 *   - id: NCBCT.creditorName.max70          # a requirement id, or a test's full name
 *     reason: the 1.22 release refuses 70-character names; fixed in 1.23
 *     ticket: PSD2-1234
 *     expires: 2027-03-31                   # known through this day (UTC), gating from the next
 * ```
 */
import { readFileSync } from 'node:fs';
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { newAjv2020 } from '../core/ajv.js';
import { UserError, nearestNames, onFirstUse } from '../core/index.js';

export interface KnownFinding {
  /** A requirement id, or a test's full name. */
  id: string;
  reason: string;
  ticket: string;
  /** ISO date (YYYY-MM-DD): the last day the finding is known. */
  expires: string;
}

export const KNOWN_FINDINGS_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['findings'],
  additionalProperties: false,
  properties: {
    findings: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'reason', 'ticket', 'expires'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', minLength: 1 },
          reason: { type: 'string', minLength: 1 },
          ticket: { type: 'string', minLength: 1 },
          expires: { type: 'string', format: 'date' },
        },
      },
    },
  },
} as const;

// The YAML parser is loaded for a run given a known-findings file, not for every run (core/on-first-use.ts).
const yaml = onFirstUse<typeof import('yaml')>('yaml');

let compiled: ReturnType<Ajv2020['compile']> | undefined;
function validator() {
  if (compiled) return compiled;
  return (compiled = newAjv2020({ allErrors: true, strict: true }, ['date']).compile(KNOWN_FINDINGS_SCHEMA));
}

const MEMBERS = ['id', 'reason', 'ticket', 'expires'];

/** What completes "… must …" for the first schema error, in the words of the file's format. */
function what(error: ErrorObject): string {
  const p = error.params as Record<string, string>;
  switch (error.keyword) {
    case 'required':
      return `have ${p.missingProperty} (every finding has ${MEMBERS.join(', ')})`;
    case 'additionalProperties': {
      const near = nearestNames(p.additionalProperty ?? '', [...MEMBERS, 'findings']);
      return `not have ${p.additionalProperty}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`;
    }
    case 'format':
      return 'be an ISO date, YYYY-MM-DD';
    case 'minLength':
      return 'not be empty';
    case 'type':
      return `be ${p.type === 'array' ? 'a list' : p.type === 'object' ? 'a mapping' : `a ${p.type}`}`;
    default:
      return error.message ?? 'be as the known-findings format says';
  }
}

/** `findings[2].expires` for `/findings/2/expires`. */
const pathWords = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '') || 'the file';

/**
 * Parses and validates a known-findings file's text: YAML, then its shape. Anything wrong is a UserError of one line
 * naming the file, the line and the member.
 */
export function parseKnownFindings(text: string, file: string): KnownFinding[] {
  const { LineCounter, parseDocument, isNode } = yaml();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    throw new UserError(
      `${file} line ${lines.linePos(syntax.pos[0]).line}: not YAML (${syntax.message.split('\n')[0]}); ` +
        'the format is `findings:` then a list of id, reason, ticket, expires',
    );
  }
  const value: unknown = doc.toJS();
  const validate = validator();
  if (validate(value)) return (value as { findings: KnownFinding[] }).findings;
  // A misspelt member is both missing and extra: the extra one says what to fix.
  const errors = validate.errors ?? [];
  const error = (errors.find((e) => e.keyword === 'additionalProperties') ?? errors[0]) as ErrorObject;
  const segments = error.instancePath.split('/').slice(1);
  const node = doc.getIn(
    segments.map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
    true,
  );
  const line = isNode(node) && node.range ? ` line ${lines.linePos(node.range[0]).line}` : '';
  const given = isNode(node) && 'value' in node && typeof node.value !== 'object' ? `, got ${String(node.value)}` : '';
  throw new UserError(`${file}${line}: ${pathWords(error.instancePath)} must ${what(error)}${given}`);
}

/** Reads a known-findings file; a missing or unreadable file is a one-line error. */
export function readKnownFindings(file: string): KnownFinding[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UserError(`--known-findings ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseKnownFindings(text, file);
}

/** The day (UTC) of a moment, as the file writes dates. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Known through its expiry day, gating from the next. */
export const isExpired = (finding: KnownFinding, today: string): boolean => finding.expires < today;
