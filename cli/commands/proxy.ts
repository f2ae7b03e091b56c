import { loadConfig } from '../../config/index.js';
import { buildKeyId, signOptionsFrom } from '../../signing/index.js';
import { createProxy, exchangeDetails, exchangeLine, type ProxyExchange } from '../../tpp/index.js';
import { flag, hasFlag, parseArgs, type ParsedArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';
import { baseUrlFlag, signingIdentity, tppHttp } from '../tpp-config.js';

const USAGE = `a local HTTP proxy in front of a bank that signs (--sign) and judges every exchange by requirement id

usage: psd2-conformance proxy --target URL [--sign] [--port N] [--host H] [--reports DIR] [--no-html]
                              [--keep N] [--max-skew S] [--verbose] [--env-file F]

  --target URL     the bank's base URL, http or https (default BASE_URL); mTLS from MTLS_*
  --sign           add Date, X-Request-ID (when absent), Digest, TPP-Signature-Certificate and Signature
                   with SIGNING_* (or the generated test identity), as \`sign\` does
  --port N         where to listen on 127.0.0.1 (default 8418; 0: a free port)
  --reports DIR    where the reports go on stop (default reports/proxy): summary.json, junit.xml, Allure
  --keep N         exchanges whose details the reports keep (default 500; the rest are counted)
  --verbose        each broken rule with its message and likely cause under the exchange's line

Point your app, Postman or curl at the printed URL instead of the bank. One line per exchange:
✓ when no MUST rule is broken, ✗ with the broken requirement ids of the request (yours) and the response
(the bank's). Stop with Ctrl-C: the reports are written then.
exit 0: every exchange conformed at MUST level; 1: one did not; 2: configuration error`;

function integer(args: ParsedArgs, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = flag(args, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UserError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

const stopped = () =>
  new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

const command: Command = {
  summary: USAGE,
  async run(argv) {
    const args = parseArgs(argv, {
      booleans: ['sign', 'no-html', 'verbose'],
      values: ['target', 'port', 'host', 'reports', 'keep', 'max-skew', 'env-file'],
    });
    if (args.positionals.length) throw new UserError(`unexpected argument "${args.positionals[0]}"`);
    const envFile = flag(args, 'env-file');
    const config = loadConfig(envFile ? { envFile } : {});
    const rawTarget = flag(args, 'target') ?? config.baseUrl;
    if (!rawTarget)
      throw new UserError('--target is required (the bank, e.g. --target https://bank.example), or set BASE_URL');
    const target = baseUrlFlag('target', rawTarget);
    const port = integer(args, 'port', 0, 65535) ?? 8418;
    const keep = integer(args, 'keep', 1);
    const maxSkew = integer(args, 'max-skew', 0);
    const sign = hasFlag(args, 'sign');
    const identity = sign ? await signingIdentity(config.signing) : undefined;
    const verbose = hasFlag(args, 'verbose');
    const print = (exchange: ProxyExchange) => {
      const lines = [exchangeLine(exchange), ...(verbose ? exchangeDetails(exchange) : [])];
      process.stdout.write(`${lines.join('\n')}\n`);
    };
    let proxy: Awaited<ReturnType<typeof createProxy>>;
    try {
      proxy = await createProxy({
        target,
        sign,
        ...(identity ? { identity, signOptions: signOptionsFrom(config.signing) } : {}),
        port,
        ...(flag(args, 'host') ? { host: flag(args, 'host') as string } : {}),
        http: tppHttp(config.http),
        ...(keep ? { maxExchanges: keep } : {}),
        ...(maxSkew !== undefined ? { maxSkewSeconds: maxSkew } : {}),
        onExchange: print,
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UserError(
        code === 'EADDRINUSE'
          ? `port ${port} is in use: pick another with --port`
          : `cannot start: ${(err as Error).message}`,
      );
    }
    const signing = identity ? `, signing as ${buildKeyId(identity, config.signing.keyId)}` : '';
    console.log(
      `psd2-conformance proxy listening on ${proxy.url} → ${target}${signing} (Ctrl-C stops and writes the reports)`,
    );
    if (config.http.proxyUrl)
      console.error('psd2-conformance proxy: HTTP_PROXY is not used: the proxy connects to the target itself');
    await stopped();
    const report = await proxy.close();
    const reportsDir = flag(args, 'reports') ?? 'reports/proxy';
    const { writeProxyReports } = await import('../../reporting/proxy-reports.js');
    const exitCode = await writeProxyReports(report, {
      out: reportsDir,
      html: !hasFlag(args, 'no-html'),
      log: (line) => console.log(line),
    });
    const failing = report.total - report.conforming;
    console.log(
      `${report.total} exchange${report.total === 1 ? '' : 's'}: ${report.conforming} conform, ${failing} do${failing === 1 ? 'es' : ''} not${report.omitted ? ` (details of ${report.exchanges.length} kept)` : ''}; reports in ${reportsDir}`,
    );
    return exitCode;
  },
};

export default command;
