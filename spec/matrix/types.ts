import type { OperationId } from '../operations.js';
import type { RequirementId } from '../requirements/ids.generated.js';

/**
 * Which side of a rule a class of values is on:
 * - valid: a conformant bank accepts every value of it (the longest name a limit allows, a member of a list);
 * - invalid: a conformant bank refuses every value of it, one way of breaking the rule per class;
 * - situation: a request (or journey) that puts the bank where the rule speaks (an unknown basket, an approved SCA);
 * - observed: the rule binds what the bank sends, and is judged on every answer that shows it (a response's members).
 */
export type ClassSide = 'valid' | 'invalid' | 'situation' | 'observed';

/** One class of values of a rule: every value in it is alike for the rule, so one of them judges the class. */
export interface ValueClass {
  /** The class's one label: what its values are, as a reader says it ("one over in Greek letters"). */
  label: string;
  side: ClassSide;
  /** What a request of an operation must carry for the class to apply there: a body, a header (any letter case). */
  needs?: { body?: true; header?: string; operations?: readonly OperationId[] };
}

/** One cell of the test plan: a rule, an operation it applies to, and a class of values on one side of it. */
export interface Cell extends ValueClass {
  requirementId: RequirementId;
  operation: OperationId;
}

/** A cell no request of a run can reach, and why (the catalogue's reason). */
export interface UnreachableCell extends Cell {
  reason: string;
}

/** A cell as a string, the way tests declare it and reports key it: `rule × operation × class`. */
export const cellKey = (cell: Pick<Cell, 'requirementId' | 'operation' | 'label'>): string =>
  `${cell.requirementId} × ${cell.operation} × ${cell.label}`;

/** The parts of a cell key (the inverse of cellKey). */
export function parseCellKey(key: string): Pick<Cell, 'requirementId' | 'operation' | 'label'> {
  const [requirementId, operation, ...label] = key.split(' × ');
  return {
    requirementId: requirementId as RequirementId,
    operation: operation as OperationId,
    label: label.join(' × '),
  };
}

const ofSide =
  (side: ClassSide) =>
  (label: string, needs?: ValueClass['needs']): ValueClass => ({ label, side, ...(needs ? { needs } : {}) });

/** A class a conformant bank refuses, one way of breaking the rule. */
export const invalidClass = ofSide('invalid');
/** A class a conformant bank accepts. */
export const validClass = ofSide('valid');
/** A situation the rule speaks of, that a request or a journey brings about. */
export const situationClass = ofSide('situation');
/** The class of a rule judged on every answer that shows it. */
export const observedClass = ofSide('observed');
