import { operation, type OperationId } from '../operations.js';
import type { HeaderSpec } from '../headers.js';
import type { RequirementId } from '../requirements/ids.generated.js';
import { CLASS } from './labels.js';
import { invalidClass as invalid, validClass as valid, type ValueClass } from './types.js';

/**
 * The classes of the header rules, derived from the header groups (spec/headers.ts) each operation takes
 * (spec/operations.ts): a required header is absent; a header of a format (a UUID, a closed list, an IP address) is
 * broken one way per class, and where it is optional its kinds of valid values are sent too.
 */

/**
 * The ways a value misses RFC 4122's 8-4-4-4-12 hexadecimal digits, one class each (generators/headers.ts holds the
 * values). The 32 digits without hyphens, braces and a urn:uuid: prefix are no class: some UUID parsers take them, so
 * a bank that does breaks nothing interface.md states.
 */
export const UUID_BROKEN = {
  wrongLength: 'a UUID of the wrong length',
  notHex: 'a UUID with a letter that is not hexadecimal',
  hyphens: 'a UUID with hyphens misplaced or replaced',
  otherIdentifier: 'another identifier (a national identity number, a word)',
} as const;

/** UUIDs a strict reading might refuse although RFC 4122 takes them: hex in upper case, other versions. */
export const UUID_FORMS = {
  upperCase: 'a UUID in upper case',
  version1: 'a UUID of version 1 (time-based)',
  version7: 'a UUID of version 7 (Unix time-ordered)',
} as const;

export const HEADER_CLASS = {
  absent: CLASS.absent,
  listedMember: CLASS.listedMember,
  outsideList: 'a near miss outside the list',
  notAnIp: 'not an IP address',
} as const;

/** A header whose absence breaks the rule on the operation: its required rule, or an every-request rule. */
export function absenceBreaks(h: HeaderSpec, id: RequirementId): boolean {
  const required = h.presence === 'yes' || h.presence === 'conditional';
  return (h.requiredRule === id && required) || h.everyRequestRule === id;
}

/** The classes of a value of a header's format: broken ones always, valid kinds only where the header is optional. */
function formatClasses(h: HeaderSpec): ValueClass[] {
  const optional = h.presence === 'no';
  switch (h.format.kind) {
    case 'uuid':
      return [
        ...Object.values(UUID_BROKEN).map((l) => invalid(l)),
        ...(optional ? Object.values(UUID_FORMS).map((l) => valid(l)) : []),
      ];
    case 'enum':
      return [
        ...(h.format.nearMisses?.length ? [invalid(HEADER_CLASS.outsideList)] : []),
        ...(optional ? [valid(HEADER_CLASS.listedMember)] : []),
      ];
    case 'ip':
      return [invalid(HEADER_CLASS.notAnIp)];
    default:
      return [];
  }
}

/** The classes of a header rule on one operation, from the headers the operation takes; none when it takes none. */
export function headerRuleClasses(id: RequirementId, op: OperationId): ValueClass[] {
  const headers = operation(op).headers;
  const absent = headers.some((h) => absenceBreaks(h, id)) ? [invalid(HEADER_CLASS.absent)] : [];
  const formats = headers.filter((h) => h.formatRule === id).flatMap(formatClasses);
  return [...absent, ...formats];
}

/** Whether the rule is a header's (its required, every-request or format rule): its classes come from here. */
export function isHeaderRule(id: RequirementId, op: OperationId): boolean {
  return operation(op).headers.some((h) => h.requiredRule === id || h.everyRequestRule === id || h.formatRule === id);
}
