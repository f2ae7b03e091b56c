import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../config/index.js';
import { isTarget, serveAgain, type TestOutcome } from '../../run-model/index.js';
import type { RecordedExchange, ReplayResult } from '../../tpp/index.js';
import { Option, configFileOption, oldEnvFileOption, examples, exits, newCommand } from '../command.js';
import { UserError } from '../../core/index.js';

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (err) {
    throw new UserError(`${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON'}`);
  }
}

/** The failing exchanges of the failed tests whose name contains `name` (an exact name wins), and those tests. */
function fromReport(dir: string, name: string): { recorded: RecordedExchange[]; tests: TestOutcome[] } {
  const file = join(dir, 'outcomes.json');
  if (!existsSync(file))
    throw new UserError(`${dir} holds no outcomes.json: give the folder \`psd2-conformance run --reports DIR\` wrote`);
  const outcomes = readJson(file) as TestOutcome[];
  const named = outcomes.filter((o) => o.name === name || o.name.endsWith(` > ${name}`));
  const matching = named.length ? named : outcomes.filter((o) => o.name.includes(name));
  const failed = matching.filter((o) => o.state === 'failed');
  if (matching.length === 0) throw new UserError(`no test in ${file} is named "${name}"`);
  if (failed.length === 0)
    throw new UserError(`"${name}" did not fail in that run (${matching.length} test(s) match): nothing to replay`);
  const recorded = failed.filter((o) => o.meta.failedExchange);
  if (recorded.length === 0)
    throw new UserError(
      `"${name}" failed before any answer was judged (its data could not be made, or an older report): ` +
        'nothing to replay',
    );
  return {
    recorded: recorded.map((o) => ({ test: o.name, ...(o.meta.failedExchange as RecordedExchange) })),
    tests: recorded,
  };
}

/**
 * A run against the embedded reference bank recorded requests to a port that closed with the run: without another
 * base URL a replay would blame that bank for a connection refused. One line says what to do instead.
 */
function embeddedBankGone(dir: string, tests: TestOutcome[]): UserError | undefined {
  const file = join(dir, 'summary.json');
  if (!existsSync(file)) return undefined;
  const target = (readJson(file) as { target?: unknown }).target;
  if (!isTarget(target) || target.kind !== 'embedded') return undefined;
  const rerun = tests.map((o) => o.meta.rerun).find(Boolean);
  const serve = serveAgain(target);
  const started = serve && target.url ? ` (\`${serve}\` starts an empty one there: --base-url ${target.url})` : '';
  return new UserError(
    `${dir} is a run against ${target.description}, which stopped with that run (the port its requests went to is ` +
      `closed): pass --base-url URL of a bank to send them to${started}, or run the test again` +
      (rerun ? `: ${rerun}` : ' with psd2-conformance run'),
  );
}

interface ExchangeLine {
  test?: string;
  sentAt?: string;
  request?: RecordedExchange['request'];
  status?: number;
}

/** The JSON lines of `run --exchanges`, optionally only those of tests whose name contains `test`. */
function fromExchanges(path: string, test: string | undefined): RecordedExchange[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UserError(
      `--exchanges ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot read it'}`,
    );
  }
  const out: RecordedExchange[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let parsed: ExchangeLine;
    try {
      parsed = JSON.parse(line) as ExchangeLine;
    } catch {
      throw new UserError(`${path}:${i + 1}: not a JSON line (run --exchanges writes one exchange per line)`);
    }
    const request = parsed.request;
    if (
      !request ||
      typeof request.method !== 'string' ||
      typeof request.url !== 'string' ||
      typeof request.headers !== 'object'
    )
      throw new UserError(`${path}:${i + 1}: no request with method, url and headers`);
    if (test !== undefined && !(parsed.test ?? '').includes(test)) continue;
    out.push({
      ...(parsed.test ? { test: parsed.test } : {}),
      request,
      ...(typeof parsed.sentAt === 'string' ? { sentAt: parsed.sentAt } : {}),
      ...(typeof parsed.status === 'number' ? { status: parsed.status } : {}),
    });
  }
  if (out.length === 0)
    throw new UserError(`${path}: no exchange${test ? ` of a test named "${test}"` : ''} to replay`);
  return out;
}

const ids = (results: ReplayResult['results']) => [...new Set(results.map((r) => r.requirementId))].join(', ');

function verdictLine(result: ReplayResult): string {
  const { method, url } = result.sent;
  const target = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const answer = result.status ?? result.error?.kind ?? 'no answer';
  const parts = [
    `${result.failed.length ? '✗' : '✓'} ${method} ${target} → ${answer} (${Math.round(result.durationMs)} ms), ` +
      `judged as ${result.judgedBy === 'the test' ? 'the test judged it' : 'the proxy judges one'}`,
  ];
  if (result.failed.length) parts.push(`MUST ${ids(result.failed)}`);
  if (result.warnings.length) parts.push(`SHOULD ${ids(result.warnings)}`);
  if (result.sameVerdict !== undefined)
    parts.push(
      result.sameVerdict
        ? 'the same verdict as recorded'
        : `recorded: ${result.recorded.failed?.join(', ') || 'no failure'}`,
    );
  return parts.join(' — ');
}

function print(results: ReplayResult[]): void {
  for (const result of results) {
    const lines = [verdictLine(result)];
    if (result.recorded.test) lines.push(`  test: ${result.recorded.test}`);
    for (const r of [...result.failed, ...result.warnings])
      lines.push(`  ${r.level} ${r.requirementId} (${r.check}): ${r.message}`);
    for (const f of result.request?.findings ?? [])
      lines.push(`  your request: ${f.level} ${f.requirementId}: ${f.message}`);
    for (const note of result.notes) lines.push(`  · ${note}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  const failing = results.filter((r) => r.failed.length).length;
  const same = results.filter((r) => r.sameVerdict).length;
  const compared = results.filter((r) => r.sameVerdict !== undefined).length;
  process.stdout.write(
    `\n${results.length} replayed: ${results.length - failing} pass, ${failing} fail a MUST check` +
      (compared ? `; ${same} of ${compared} with the verdict recorded` : '') +
      '\n',
  );
}

export default () =>
  newCommand(
    'replay',
    "send a failed test's request, or recorded exchanges, again, signed afresh, and judge the answers",
    'Send recorded exchanges again, signed afresh (a new Date, X-Request-ID, Digest and Signature), and judge the ' +
      'answers: a failed test of a report (--test NAME), judged as the test judged it, or the JSON lines `run ' +
      '--exchanges FILE` wrote (--exchanges FILE), each judged as the proxy judges one. A request keeps what it was ' +
      'sent with but for the time: what a test broke on purpose (a Digest of another body, a Signature that does not ' +
      'verify, a header left out) stays broken. X-PSU-IDENTITY, masked in recordings, is sent as PSU_IDENTITY when ' +
      'that is set.',
  )
    .addOption(
      new Option(
        '--test <name>',
        'a failed test of the report (part of its name, as the report shows it): its failing request; with ' +
          "--exchanges, only that test's lines",
      ).default(undefined, 'none; --test or --exchanges is needed'),
    )
    .addOption(
      new Option(
        '--reports <dir>',
        'the folder of the report --test reads (`run --reports DIR`); not with --exchanges',
      ).default(undefined, 'reports'),
    )
    .addOption(
      new Option('--exchanges <file>', 'the JSON lines `run --exchanges FILE` wrote, instead of a report').default(
        undefined,
        'none; --test or --exchanges is needed',
      ),
    )
    .addOption(
      new Option('--base-url <url>', 'where to send').default(undefined, 'BASE_URL, else where each request went then'),
    )
    .addOption(new Option('--json', 'print the results as one JSON document').default(false))
    .addOption(configFileOption())
    .addOption(oldEnvFileOption())
    .addHelpText(
      'after',
      examples(
        [
          "psd2-conformance replay --test 'a valid SCT gives 201 with a conformant payment initiation response'",
          "psd2-conformance replay --test 'Payment.create.201' --reports shard-2 --base-url http://127.0.0.1:8417",
          'psd2-conformance replay --exchanges exchanges.jsonl --test ncbct --json',
        ],
        {
          0: 'no MUST check failed',
          1: 'a MUST check failed',
          2:
            'a configuration error, nothing to replay, or a target that answers nothing (a run against the embedded ' +
            'bank, whose port closed with it, needs --base-url)',
        },
      ),
    )
    .action(
      exits(async (options) => {
        const { test, exchanges: exchangesFile } = options;
        if (!test && !exchangesFile)
          throw new UserError('give --test NAME (a failed test of a report) or --exchanges FILE');
        if (exchangesFile && options.reports !== undefined)
          throw new UserError('--reports goes with --test alone; --exchanges names its file itself');
        const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
        const dir = options.reports ?? 'reports';
        const report = exchangesFile ? undefined : fromReport(dir, test as string);
        const recorded = report?.recorded ?? fromExchanges(exchangesFile as string, test);
        const rawBase = options.baseUrl ?? config.baseUrl;
        const gone = !rawBase && report ? embeddedBankGone(dir, report.tests) : undefined;
        if (gone) throw gone;
        const [{ baseUrlFlag, signingIdentity, tppHttp }, { UnreachableTarget, replay }] = await Promise.all([
          import('../tpp-config.js'),
          import('../../tpp/index.js'),
        ]);
        const identity = await signingIdentity(config.signing);
        const results = await replay(recorded, {
          identity,
          ...(rawBase ? { baseUrl: baseUrlFlag('base-url', rawBase) } : {}),
          http: tppHttp(config.http),
          ...(config.psu.identity ? { psuIdentity: config.psu.identity } : {}),
        }).catch((err: unknown) => {
          // Nothing answered: nothing to judge, and not the bank's failure.
          if (err instanceof UnreachableTarget)
            throw new UserError(`${err.message}: nothing was judged; pass --base-url URL of a bank that answers`);
          throw err;
        });
        if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
        else print(results);
        return results.some((r) => r.failed.length) ? 1 : 0;
      }),
    );
