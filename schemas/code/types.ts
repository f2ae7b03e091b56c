import type { Level, RequirementId } from '../../spec/index.js';

/** One broken rule in a body: which requirement, where (JSON pointer), and what was seen. */
export interface Violation {
  requirementId: RequirementId;
  level: Level;
  /** JSON pointer into the validated value; '' is the root. */
  pointer: string;
  message: string;
}

/** A rule JSON Schema cannot express, checked in code with the same requirement id. */
export type CodeValidator = (value: unknown) => Omit<Violation, 'level'>[];
