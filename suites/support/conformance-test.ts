import { test, TestRunner, type TestContext } from 'vitest';
import { applyDeclarations, checkSelection, type CheckResult } from '../../checks/index.js';
import { shellQuote, type Exchange } from '../../client/index.js';
import type { ConformanceMeta } from '../../run-model/index.js';
import {
  asSecurityFindings,
  declaredIn,
  inShard,
  leftOutByBudget,
  ruleLine,
  rulesBroken,
  selected,
  serveAgain,
} from '../../run-model/index.js';
import {
  OPERATIONS,
  declaredRules,
  requirement,
  type Level,
  type OperationId,
  type RequirementId,
} from '../../spec/index.js';
import { declaredCells, type CellDeclaration } from './cells.js';
import { runContext, type RunContext } from './context.js';
import { FixtureError, NotObservable, configurationErrorIn } from './fixtures.js';
import { attachExchange, attachText, describeFailure, describeSkip, labelTest, maskValues } from './allure.js';
import { ConformanceError, exchangeOf, judge } from './judge.js';
import { rerunCommand } from './property.js';
import { renderRequest, renderResponse, replayCommand } from './render.js';
import { ProductionGuard, inTest, session, type Session } from './session.js';

export interface Kit {
  s: Session;
  ctx: RunContext;
  meta: ConformanceMeta;
  /** Applies check results to an exchange: throws on failures that count, records SHOULD warnings. */
  judge(exchange: Exchange, results: CheckResult[]): void;
}

/** A test whose every check `run --checks` / `--exclude-checks` leaves out: it ran, but nothing judged it. */
const NOT_JUDGED = 'not judged: every check of this test is excluded by --checks or --exclude-checks';

export interface ConformanceTestOptions {
  /** Skip with a reason (shown as "not testable against this target"). */
  skip?: string | false;
  /** Overrides the level taken from the first requirement id. */
  level?: Level;
  timeout?: number;
}

/** What a conformance test checks, where, and its title; `body` sends the requests and judges them. */
export interface ConformanceTestDefinition extends ConformanceTestOptions {
  /** The rule (or rules) the test checks: the first sets its level. */
  requirementIds: RequirementId | RequirementId[];
  /** The operation it calls, which selects it by `--operation` and skips it on profiles that never call it. */
  operation: OperationId | 'cross-cutting';
  /** The rule in words, after the ids and level in the test's name. */
  title: string;
  /**
   * The cells of the test plan the test sends (spec/matrix), beyond the situation of each rule it cites on its own
   * operation, which it declares by citing it: a breaker's class, a valid value's, a journey's other operations.
   */
  cells?: readonly CellDeclaration[];
  /**
   * Operations beyond its own that the test brings into the situations its rules speak of (a journey reads statuses,
   * starts authorisations, creates baskets): it declares those cells of the rules it cites too.
   */
  situationsOn?: readonly OperationId[];
}

/**
 * A conformance test: its name starts with the requirement ids it checks (test262 style), its level
 * is the first requirement's level, and its meta carries both for reports.
 */
export function conformanceTest(definition: ConformanceTestDefinition, body: (kit: Kit) => Promise<void>): void {
  const { requirementIds: ids, operation, title, cells: cellsSent = [], situationsOn = [], ...options } = definition;
  const requirementIds = Array.isArray(ids) ? ids : [ids];
  const cells = declaredCells(requirementIds, [operation, ...situationsOn], cellsSent);
  const named = options.level ?? requirement(requirementIds[0] as RequirementId).level;
  // Named by the catalogue's level, so a test keeps its name from bank to bank; judged at MUST where the bank profile
  // declares the choice one of its rules is about.
  const name = `${requirementIds.join(' + ')} [${named}] ${title}`;
  const declared = declaredOf(requirementIds);
  const level = declared.length && !options.level ? 'MUST' : named;
  const skip =
    options.skip ||
    profileSkip(operation) ||
    selected(runContext().selection, requirementIds, operation, level) ||
    leftOutByBudget(runContext().selection, fullTestName(name));
  const meta: ConformanceMeta = {
    requirementIds,
    level,
    operation,
    ...(cells.length ? { cells } : {}),
    ...(declared.length ? { declared } : {}),
    ...(skip ? { notTestable: skip } : {}),
  };
  // Another shard's test is not registered here: it runs there, and shows in no report of this shard.
  if (!inShard(runContext().selection, fullTestName(name))) return;
  test(
    name,
    { meta: { conformance: meta }, ...(options.timeout ? { timeout: options.timeout } : {}) },
    // Each test in a scope of its own: tests of a file run concurrently, and a test's exchanges, data and
    // replay must not depend on what runs beside it.
    (context: TestContext) =>
      inTest(`${context.task.file.name} > ${context.task.fullTestName ?? context.task.name}`, () => runBody(context)),
  );

  async function runBody(context: TestContext): Promise<void> {
    const live = context.task.meta.conformance ?? meta;
    const ctx = runContext();
    await labelTest(live, { seed: ctx.seed, file: context.task.file.name, caseLabel: title });
    // Skipped from within, after its labels, so that allure-vitest reports it (it leaves out tests skipped when
    // declared).
    if (skip) {
      await describeSkip(skip);
      context.skip(skip);
      return;
    }
    const s = await session();
    const chosen = checkSelection(ctx.selection);
    let judged = 0;
    try {
      await body({
        s,
        ctx,
        meta: live,
        judge: (exchange, results) => {
          // --security-findings warn: another TPP reaching a resource is a warning, as before PSD2's rules were MUST.
          const declaredResults = applyDeclarations(exchange, results, ctx.bankProfile?.declarations);
          const kept = asSecurityFindings(chosen(declaredResults), ctx.securityFindings);
          judged += kept.length;
          judge(live, exchange, kept, ctx.strict);
        },
      });
    } catch (err) {
      if (err instanceof ProductionGuard || err instanceof NotObservable) {
        live.notTestable = err.message;
        context.skip(err.message);
        return;
      }
      // The run's configuration failed (an SCA driver that could not act): not judged, and the run stops on it.
      const misconfigured = configurationErrorIn(err);
      if (misconfigured) {
        live.configurationError = misconfigured.message;
        live.notTestable = `not judged: a configuration error of the run: ${misconfigured.message}`;
        context.skip(live.notTestable);
        return;
      }
      // Data the test needed could not be made: blame the rule that creation broke, not the rule under test.
      if (err instanceof FixtureError && err.requirementId)
        live.failedChecks = [...new Set([...(live.failedChecks ?? []), err.requirementId])];
      await describeFailure(live);
      const secrets = [ctx.config.psu.identity, ctx.config.corporatePsu.identity];
      const commands = { rerun: rerunCommand(ctx, name, ctx.seed), resigned: resignedReplay(name, ctx) };
      live.rerun = live.replay?.command ?? commands.rerun;
      await attachFailure({ error: err, exchanges: s.exchanges, meta: live, secrets, commands, ctx });
      throw withBrokenRules(err, live);
    } finally {
      if (live.warnings?.length)
        await attachText(
          'SHOULD-level deviations',
          live.warnings.map((w) => `${w.requirementId}: ${w.message}`).join('\n'),
        );
    }
    if (judged === 0 && (ctx.selection?.checks?.length || ctx.selection?.excludeChecks?.length)) {
      live.notTestable = NOT_JUDGED;
      context.skip(NOT_JUDGED);
    }
  }
}

/**
 * The error a failed test reports, starting with the rules it broke in words and with their section: JUnit, the
 * console and Allure's error box show the message first, so each reads like the spec.
 */
function withBrokenRules(err: unknown, meta: ConformanceMeta): unknown {
  if (!(err instanceof Error)) return err;
  const lines = rulesBroken(meta).map((id) => `broken: ${ruleLine(id, declaredIn(meta, id))}`);
  if (lines.length && !err.message.startsWith('broken: ')) err.message = [...lines, '', err.message].join('\n');
  return err;
}

/** The rules a test cites whose choice the run's bank profile declares, with the profile's line. */
function declaredOf(ids: RequirementId[]): NonNullable<ConformanceMeta['declared']> {
  const rules = declaredRules(runContext().bankProfile?.declarations ?? {});
  return ids.flatMap((id) => {
    const declared = rules.get(id);
    return declared ? [{ requirementId: id, by: declared.at }] : [];
  });
}

/** The name vitest reports for a test registered here: its describe blocks, then its own name. */
function fullTestName(name: string): string {
  const parents = TestRunner.getCurrentSuite()?.suite?.fullTestName;
  return parents ? `${parents} > ${name}` : name;
}

/** The exchange that broke the rule, from the ConformanceError itself or the one a property failure wraps. */
function failingExchange(err: unknown): Exchange | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof ConformanceError) return exchangeOf(e);
  return undefined;
}

/** A failed test's evidence, as attachFailure attaches it. */
interface FailureEvidence {
  /** What the test threw: a ConformanceError (or a property failure that wraps one) names the failing exchange. */
  error: unknown;
  /** Every exchange the test sent, oldest first. */
  exchanges: Exchange[];
  meta: ConformanceMeta;
  /** Values masked in the counterexample (the PSUs' identity numbers). */
  secrets: (string | undefined)[];
  /** The commands that run the test again, and that send the failing request signed afresh. */
  commands: { rerun: string; resigned: string };
  ctx: RunContext;
}

/**
 * What a reader needs to understand and reproduce a failure: the failing request, response and curl command,
 * the shrunk counterexample with the command that replays it, and the exchanges just before (a property test
 * may have sent hundreds; its last ones are shrinking attempts).
 */
async function attachFailure({ error, exchanges, meta, secrets, commands, ctx }: FailureEvidence): Promise<void> {
  // The embedded bank stops with the run: say how to bring it back where the curl command points.
  const serve = ctx.profile === 'embedded' ? serveAgain({ url: ctx.baseUrl, ...ctx }) : undefined;
  const embedded = serve ? `# The embedded bank stopped with the run; on its port again: ${serve}\n` : '';
  const curl = (exchange: Exchange) =>
    '# The exact request as sent, with its Date and Signature: a bank accepts these only within its ' +
    'clock-skew window\n# (300 s at the reference bank). Later, the psd2-conformance command attached below ' +
    'sends it freshly signed.\n' +
    `${embedded}${replayCommand(exchange)}\n`;
  const attach = (label: string, exchange: Exchange, resigned = '') =>
    attachExchange({
      label,
      request: renderRequest(exchange),
      response: renderResponse(exchange),
      curl: `${curl(exchange)}${resigned}`,
    });
  const failing = failingExchange(error);
  if (failing) await attach('failing', failing, commands.resigned);
  if (meta.replay?.counterexample)
    await attachText('counterexample (shrunk, fast-check)', maskValues(meta.replay.counterexample, secrets));
  await attachText(
    meta.replay ? 'replay the counterexample' : 'run this test again',
    meta.replay?.command ?? commands.rerun,
  );
  const before = exchanges.filter((e) => e !== failing).slice(failing ? -2 : -3);
  for (const [i, exchange] of before.entries())
    await attach(`${failing ? 'other recent ' : ''}exchange ${i + 1}`, exchange);
}

/**
 * The same request signed afresh (a new Date, X-Request-ID, Digest and Signature) and judged as this test judged it,
 * from the failing exchange the report keeps: it works an hour later, when the recorded Date is long outside the
 * bank's window.
 */
function resignedReplay(name: string, ctx: RunContext): string {
  const reports = ctx.reportsDir && ctx.reportsDir !== 'reports' ? ` --reports ${shellQuote(ctx.reportsDir)}` : '';
  // The embedded bank is gone with the run: the replay goes where the serve command above starts it again.
  const base = ctx.profile === 'embedded' ? ` --base-url ${shellQuote(ctx.baseUrl)}` : '';
  // A comment, so that the attachment stays a script that runs the recorded curl and nothing else.
  return (
    '# Signed afresh and judged as this test judges it, any time later (another bank: --base-url URL):\n' +
    `#   npx psd2-conformance replay --test ${shellQuote(name)}${reports}${base}\n`
  );
}

/** The production profile never runs sandbox operations, and creates no payment without --allow-payments. */
function profileSkip(operation: OperationId | 'cross-cutting'): string | undefined {
  const ctx = runContext();
  if (ctx.profile !== 'production' || operation === 'cross-cutting') return undefined;
  const spec = OPERATIONS.find((o) => o.id === operation);
  if (spec?.sandboxOnly) return 'sandbox operation: not run by the production profile';
  if (spec?.createsPayment && !ctx.allowPayments)
    return 'creates a payment: the production profile needs --allow-payments';
  return undefined;
}
