import { fileURLToPath } from 'node:url';
import type { ExpectedRejection, Level, OperationSpec, RequirementId } from '../spec/index.js';
import { verdict } from './result.js';
import type { CheckResult, ObservedExchange } from './types.js';

/**
 * What a check judges by: the exchange, the operation it called, the rule the test is about, and what the test
 * expects (a rejection from the catalogue, or facts of its own such as the payments it put in a basket).
 */
export interface CheckContext<Facts = undefined> {
  exchange: ObservedExchange;
  operation?: OperationSpec;
  /** The rule the test is about: a check that reports "the rule under test" reports this one. */
  requirementId?: RequirementId;
  /** The answer a conformant bank gives to a request that breaks `requirementId` (from the catalogue). */
  expected?: ExpectedRejection;
  /** What the test knows that the response must agree with; each check says what it takes. */
  facts?: Facts;
}

/** A verdict of the check being run: its name is filled in, so a check cannot report under another's name. */
export type CheckVerdict = (
  requirementId: RequirementId,
  ok: boolean,
  message: string,
  options?: { atMost?: Level; detail?: Record<string, unknown>; holds?: RequirementId[]; declaredBy?: string },
) => CheckResult;

export interface CheckDefinition<Facts = undefined> {
  /** snake_case and unique, as Schemathesis names its checks: `run --checks` and every result use it. */
  name: string;
  /** What the check judges, in one sentence (docs/checks.md). */
  judges: string;
  /** The requirement ids it may report, besides the ones below. */
  reports: readonly RequirementId[];
  /** It reports the rule the test is about (`CheckContext.requirementId`). */
  reportsRuleUnderTest?: boolean;
  /** It reports the rule annotated on a failing schema keyword (schemas/json, `x-requirement`). */
  reportsSchemaRules?: boolean;
  judge: (ctx: CheckContext<Facts>, verdict: CheckVerdict) => CheckResult[];
}

export interface Check<Facts = undefined> extends Omit<CheckDefinition<Facts>, 'judge'> {
  /** Where it is defined, from the repository root. */
  file: string;
  line: number;
  /** The one signature every check has. */
  run: (ctx: CheckContext<Facts>) => CheckResult[];
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the module that called `register` (the check's definition) calls it, from the stack. */
function definedAt(): { file: string; line: number } {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const own = fileURLToPath(import.meta.url);
  for (const frame of frames) {
    const match = /((?:file:\/\/)?\/[^\s():?]+\.ts)(?:\?[^:\s)]*)?:(\d+)/.exec(frame);
    if (!match) continue;
    const path = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (path === own) continue;
    return { file: path.startsWith(ROOT) ? path.slice(ROOT.length) : path, line: Number(match[2]) };
  }
  return { file: 'checks/', line: 0 };
}

/** Checks by name; a second check of a name already taken is refused. */
export class CheckRegistry {
  readonly #checks = new Map<string, Check<unknown>>();

  register<Facts = undefined>(definition: CheckDefinition<Facts>): Check<Facts> {
    const { name, judge, ...rest } = definition;
    if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(name))
      throw new Error(`check name ${JSON.stringify(name)} is not snake_case`);
    const taken = this.#checks.get(name);
    if (taken) throw new Error(`a check named ${name} is already registered (${taken.file})`);
    const bound: CheckVerdict = (requirementId, ok, message, options) =>
      verdict({ check: name, requirementId, ok, message, ...options });
    const check: Check<Facts> = { name, ...rest, ...definedAt(), run: (ctx) => judge(ctx, bound) };
    this.#checks.set(name, check as Check<unknown>);
    return check;
  }

  get(name: string): Check<unknown> | undefined {
    return this.#checks.get(name);
  }

  /** Every registered check, by name. */
  all(): Check<unknown>[] {
    return [...this.#checks.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  names(): string[] {
    return this.all().map((c) => c.name);
  }
}

/** The registry of the project's checks: every file of checks/ registers its own here. */
export const CHECKS = new CheckRegistry();

export const defineCheck = <Facts = undefined>(definition: CheckDefinition<Facts>): Check<Facts> =>
  CHECKS.register(definition);
