import { cellKey, classesOf, matrixCells, type OperationId, type RequirementId } from '../../spec/index.js';

/**
 * A cell of the test plan a test sends (spec/matrix): a rule, a class of its values, and the operation, when it is not
 * the test's own (a journey sends several).
 */
export interface CellDeclaration {
  requirementId: RequirementId;
  label: string;
  operation?: OperationId;
}

let known: Set<string> | undefined;

/**
 * The cells a test declares, as keys: the ones it names, and the situation of each behaviour it cites on its own
 * operation and the others it names (citing the rule is what sending it means there). A cell the catalogue does not
 * derive stops the suite's collection, so a mistyped class cannot claim coverage it does not give.
 */
export function declaredCells(
  requirementIds: readonly RequirementId[],
  [operation, ...others]: readonly [OperationId | 'cross-cutting', ...OperationId[]],
  declared: readonly CellDeclaration[],
): string[] {
  known ??= new Set(matrixCells().map(cellKey));
  const where = [...(operation === 'cross-cutting' ? [] : [operation]), ...others];
  const situations = where.flatMap((op) =>
    requirementIds.flatMap((requirementId) =>
      classesOf(requirementId, op)
        .filter((c) => c.side === 'situation')
        .map((c) => ({ requirementId, operation: op, label: c.label })),
    ),
  );
  const keys = [
    ...situations.map(cellKey),
    ...declared.map((d) => {
      const op = d.operation ?? operation;
      if (op === 'cross-cutting') throw new Error(`cell ${d.requirementId} × ${d.label}: name its operation`);
      return cellKey({ ...d, operation: op });
    }),
  ];
  const unknown = keys.filter((key) => !known?.has(key));
  if (unknown.length) throw new Error(`cells the catalogue does not derive (spec/matrix): ${unknown.join('; ')}`);
  return [...new Set(keys)];
}

/**
 * The observed cells of these rules on an operation: a check judged the rule on an answer of it (a response rule,
 * judged on every answer that shows it).
 */
export function observedCells(requirementIds: Iterable<RequirementId>, operation: OperationId): string[] {
  return [...requirementIds].flatMap((requirementId) =>
    classesOf(requirementId, operation)
      .filter((c) => c.side === 'observed')
      .map((c) => cellKey({ requirementId, operation, label: c.label })),
  );
}

/** The cells a test sends: one per class of the breakers or edges it sends (their rule, their class). */
export const cellsOf = (cases: readonly { requirementId: RequirementId; cls: string }[]): CellDeclaration[] =>
  cases.map(({ requirementId, cls }) => ({ requirementId, label: cls }));

/** One of several values of a class, chosen by the run's seed: randomness inside a class, the same seed the same. */
export function pickBySeed<T>(values: readonly T[], seed: number): T {
  if (values.length === 0) throw new Error('pickBySeed: a class with no values');
  return values[Math.abs(seed) % values.length] as T;
}
