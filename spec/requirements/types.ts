import type { OperationId } from '../operations.js';
import type { ValueClass } from '../matrix/types.js';
import type { RequirementId } from './ids.generated.js';
import type { Psd2Source } from './psd2.js';

/**
 * MUST: interface.md states it, or PSD2 itself does (the Directive or the RTS, by article: `Requirement.source`).
 * SHOULD: a Berlin Group or platform convention that fills a "not shown" gap.
 */
export type Level = 'MUST' | 'SHOULD';

/**
 * What a rule constrains, so that tools can find the rules they serve:
 * generators need an invalid case for every MUST rule of kind body, query or header.
 */
export type RuleKind = 'body' | 'query' | 'header' | 'signature' | 'response' | 'behaviour';

/** What a server must answer to a request that breaks the rule. */
export interface ExpectedRejection {
  /** 4xx statuses that conform; the first is the one interface.md or the convention names. */
  status: number[];
  /** Codes that conform (empty: any code of the interface's list). */
  codes: string[];
  /** MUST when interface.md states status and code for this case; SHOULD when a convention fills it. */
  exactness: Level;
  /** The code's exactness when it differs from the status's: a stated status whose code only a convention picks. */
  codeExactness?: Level;
}

export interface Requirement {
  /** Stable, readable id: `<Scope>.<field or topic>.<rule>`. */
  id: RequirementId;
  level: Level;
  /**
   * Where the rule is stated: a section of interface.md, of platform-notes.md for SHOULD conventions
   * (`platform-notes.md › …`), or PSD2's articles for a rule PSD2 states (`PSD2 › …`, made from `source`).
   */
  section: string;
  statement: string;
  operations: OperationId[];
  kind: RuleKind;
  /** For request-side rules: what breaking the rule must yield. */
  expected?: ExpectedRejection;
  /** Why a black-box suite cannot check it (it stays in the catalogue and shows as "not testable"). */
  notTestable?: string;
  /** A rule about who may reach a resource (another TPP's payments): reports give these a verdict line of their own. */
  category?: 'security';
  /**
   * The classes of values on each side of the rule (spec/matrix/): written here where neither the rule table nor the
   * header groups derive them; without them a behaviour has one situation, and a response rule is judged on every
   * answer.
   */
  classes?: readonly ValueClass[];
  /** The text that states the rule when it is PSD2 itself, not interface.md: its articles, and why they state it. */
  source?: Psd2Source;
}
