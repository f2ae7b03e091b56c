import { REQUIREMENTS } from '../requirements/index.js';
import { classesOf } from './classes.js';
import type { Cell, UnreachableCell } from './types.js';

/**
 * The test plan as the catalogue derives it: every rule × every operation it applies to × every class of values on
 * each side of it (classes.ts). A default run judges every cell a request can reach: a test declares the cells it
 * sends (run-model's ConformanceMeta.cells), the coverage matrix says of each cell whether it was judged, and a
 * project test fails when a cell no test declares comes into the catalogue.
 */
export * from './types.js';
export * from './labels.js';
export * from './field-classes.js';
export * from './headers.js';
export { classApplies, classesOf } from './classes.js';

let cells: readonly Cell[] | undefined;

/** Every cell of the catalogue, rule by rule in catalogue order. */
export function matrixCells(): readonly Cell[] {
  cells ??= REQUIREMENTS.flatMap((rule) =>
    rule.operations.flatMap((operation) =>
      classesOf(rule.id, operation).map((c) => ({ ...c, requirementId: rule.id, operation })),
    ),
  );
  return cells;
}

/**
 * Why no request can reach a cell, or undefined when one can: the catalogue's reason for a rule no black-box request
 * provokes (`notTestable`). Observed cells are reachable: whether an answer showed them is the run's to say.
 */
export function unreachableReason(cell: Pick<Cell, 'requirementId'>): string | undefined {
  return REQUIREMENTS.find((r) => r.id === cell.requirementId)?.notTestable;
}

/** The cells no request can reach, each with its reason. */
export const unreachableCells = (): UnreachableCell[] =>
  matrixCells().flatMap((cell) => {
    const reason = unreachableReason(cell);
    return reason ? [{ ...cell, reason }] : [];
  });
