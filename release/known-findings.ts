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
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { checkYamlFile, parseYamlFile, schemaWords } from '../config/yaml-file.js';
import { newAjv2020 } from '../core/ajv.js';
import { readNamedFile } from '../core/index.js';

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

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  return (compiled ??= newAjv2020({ allErrors: true, strict: true }, ['date']).compile(KNOWN_FINDINGS_SCHEMA));
}

const MEMBERS = ['id', 'reason', 'ticket', 'expires'];

/**
 * Parses and validates a known-findings file's text: YAML, then its shape. Anything wrong is a UserError of one line
 * naming the file, the line and the member.
 */
export function parseKnownFindings(text: string, file: string): KnownFinding[] {
  const parsed = parseYamlFile(text, file, 'the format is `findings:` then a list of id, reason, ticket, expires');
  return checkYamlFile<{ findings: KnownFinding[] }>(parsed, validator(), (error) =>
    error.keyword === 'required'
      ? `${schemaWords(error, MEMBERS)} (every finding has ${MEMBERS.join(', ')})`
      : schemaWords(error, [...MEMBERS, 'findings']),
  ).findings;
}

/** Reads a known-findings file; a missing or unreadable file is a one-line error. */
export function readKnownFindings(file: string): KnownFinding[] {
  const text = readNamedFile(file, '--known-findings');
  return parseKnownFindings(text, file);
}

/** The day (UTC) of a moment, as the file writes dates. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Known through its expiry day, gating from the next. */
export const isExpired = (finding: KnownFinding, today: string): boolean => finding.expires < today;
