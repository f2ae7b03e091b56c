/**
 * A YAML file a person writes (a known-findings file, a fleet's targets file), read with line positions and checked
 * by a JSON Schema (ajv), so that anything wrong in it is one line naming the file, the line and the member, never a
 * stack trace. JSON is YAML's subset: a JSON file reads the same way.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { Document } from 'yaml';
import { UserError, nearestNames, onFirstUse } from '../core/index.js';

// The YAML parser is loaded for a command given such a file, not for every command (core/on-first-use.ts).
const yaml = onFirstUse<typeof import('yaml')>('yaml');

/** A parsed file: its value, and the line each member starts on. */
export interface YamlFile {
  file: string;
  value: unknown;
  /** The 1-based line of the member at this JSON pointer (`/banks/2/name`), when the file has it. */
  lineOf(pointer: string): number | undefined;
  /** The member's value as written, when it is a scalar (for `got …` in a message). */
  scalarAt(pointer: string): string | undefined;
}

const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** `banks[2].name` for `/banks/2/name`. */
const pathWords = (pointer: string): string =>
  segmentsOf(pointer)
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '') || 'the file';

/** Parses a YAML text; a syntax error is one line naming the line, and `format` says what the file should hold. */
export function parseYamlFile(text: string, file: string, format: string): YamlFile {
  const { LineCounter, parseDocument, isNode, isScalar } = yaml();
  const lines = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax)
    throw new UserError(
      `${file} line ${lines.linePos(syntax.pos[0]).line}: not YAML (${syntax.message.split('\n')[0]}); ${format}`,
    );
  const nodeAt = (pointer: string) => doc.getIn(segmentsOf(pointer), true);
  return {
    file,
    value: doc.toJS() as unknown,
    lineOf(pointer) {
      const node = nodeAt(pointer);
      return isNode(node) && node.range ? lines.linePos(node.range[0]).line : undefined;
    },
    scalarAt(pointer) {
      const node = nodeAt(pointer);
      return isScalar(node) && typeof node.value !== 'object' ? String(node.value) : undefined;
    },
  };
}

/** `banks[2].name` in `targets.yaml line 7`: where a member is, for a one-line message. */
export function placeOf(parsed: YamlFile, pointer: string): string {
  const line = parsed.lineOf(pointer);
  return `${parsed.file}${line !== undefined ? ` line ${line}` : ''}: ${pathWords(pointer)}`;
}

/**
 * Checks a parsed file against its schema. The first error is one UserError naming the file, the line and the member:
 * `what` completes "… must …" in the words of the file's format. A misspelt member is both missing and extra: the
 * extra one says what to fix, so it is reported first.
 */
export function checkYamlFile<T>(
  parsed: YamlFile,
  validate: ValidateFunction,
  what: (error: ErrorObject) => string,
): T {
  if (validate(parsed.value)) return parsed.value as T;
  const errors = validate.errors ?? [];
  const error = (errors.find((e) => e.keyword === 'additionalProperties') ?? errors[0]) as ErrorObject;
  const given = parsed.scalarAt(error.instancePath);
  throw new UserError(
    `${placeOf(parsed, error.instancePath)} must ${what(error)}${given !== undefined ? `, got ${given}` : ''}`,
  );
}

/**
 * What completes "… must …" for a schema error in plain words; `members` are the names the format knows, for "did you
 * mean" on a misspelt one. A format says its own words for what it knows better (a required member, a pattern).
 */
export function schemaWords(error: ErrorObject, members: readonly string[]): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `have ${String(p.missingProperty)}`;
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const near = nearestNames(extra, members);
      return `not have ${extra}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`;
    }
    case 'format':
      return p.format === 'date' ? 'be an ISO date, YYYY-MM-DD' : `be ${String(p.format)}`;
    case 'minLength':
    case 'minItems':
      return 'not be empty';
    case 'enum':
      return `be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'type':
      return `be ${p.type === 'array' ? 'a list' : p.type === 'object' ? 'a mapping' : `a ${String(p.type)}`}`;
    default:
      return error.message ?? 'be as the format says';
  }
}
