import { loadConfig } from '../../config/index.js';
import type { ProxyExchange } from '../../tpp/index.js';
import { DEFAULT_MAX_EXCHANGES } from '../../tpp/proxy/log.js';
import {
  InvalidArgumentError,
  Option,
  configFileOption,
  oldEnvFileOption,
  examples,
  exits,
  newCommand,
  outputFolder,
  reportNamesOption,
} from '../command.js';
import { UserError } from '../../core/index.js';

/** A whole number (no sign, no exponent) from `min`, and up to `max` when given. */
function wholeNumber(min: number, max?: number): (raw: string) => number {
  return (raw) => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || (max !== undefined && Number(raw) > max))
      throw new InvalidArgumentError(
        `must be a whole number ${max !== undefined ? `from ${min} to ${max}` : `≥ ${min}`}, got "${raw}"`,
      );
    return Number(raw);
  };
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

export default () =>
  newCommand(
    'proxy',
    'a local proxy in front of a bank that signs requests (--sign) and judges every exchange by requirement id',
    'A local HTTP proxy in front of a bank that signs (--sign) and judges every exchange by requirement id, as two ' +
      "parties: your requests (the rules `verify` applies) and the bank's answers. Point your app, Postman or curl " +
      'at the printed URL instead of the bank. One line per exchange: ✓ when neither broke a MUST rule, ✗ with ' +
      "each party's broken requirement ids apart; a malformed request the bank rightly refuses is yours alone. Stop " +
      'with Ctrl-C (or SIGTERM): the reports are written then, by the reporters of `run` (`--report` picks them), ' +
      "and the closing summary ends with each party's verdict on a line of its own.",
  )
    .addOption(
      new Option('--target <url>', "the bank's base URL, http or https; mutual TLS from MTLS_*").default(
        undefined,
        'BASE_URL',
      ),
    )
    .addOption(
      new Option(
        '--sign',
        'add Date, X-Request-ID and Digest (each when absent), TPP-Signature-Certificate and Signature with ' +
          'SIGNING_* (or the generated test identity), as `sign` does',
      ).default(false),
    )
    .addOption(
      new Option('--port <port>', 'the port to listen on; 0 picks a free one')
        .argParser(wholeNumber(0, 65535))
        .default(8418),
    )
    .addOption(new Option('--host <host>', 'the address to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--reports <dir>',
        "where the reports go on stop, each with your requests' and the bank's verdicts apart: summary.json, " +
          'junit.xml, parties.md, Allure … (the reporters of `run`)',
      )
        .argParser(outputFolder)
        .default('reports/proxy'),
    )
    .addOption(new Option('--no-html', 'skip the Allure HTML report').default(true, 'the HTML report is written'))
    .addOption(reportNamesOption(', as `run --report`'))
    .addOption(
      new Option(
        '--keep <n>',
        'exchanges whose details the reports keep (failing ones take the place of passing ones); the rest are counted',
      )
        .argParser(wholeNumber(1))
        .default(DEFAULT_MAX_EXCHANGES),
    )
    .addOption(
      new Option('--max-skew <seconds>', "the clock-skew window a request's Date is judged by, in seconds")
        .argParser(wholeNumber(0))
        .default(300),
    )
    .addOption(
      new Option('--verbose', "each broken rule with its message and likely cause under the exchange's line").default(
        false,
      ),
    )
    .addOption(configFileOption())
    .addOption(oldEnvFileOption())
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance proxy --target http://127.0.0.1:8417 --sign        # in front of `serve --port 8417`',
          'psd2-conformance proxy --config-file sandbox.env --sign --verbose  # BASE_URL and MTLS_* from sandbox.env',
          'psd2-conformance proxy --target https://bank.example/api-sandbox --port 0 --reports proxy-reports --no-html',
          'psd2-conformance proxy --target http://127.0.0.1:8417 --sign --report junit,summary  # CI: two files only',
        ],
        {
          0: 'neither your requests nor the bank broke a MUST rule',
          1: "your requests or the bank broke a MUST rule (the closing summary's last two lines say whose)",
          2: 'a configuration error, or the port is in use',
        },
      ),
    )
    .action(
      exits(async (options) => {
        const config = loadConfig(options.configFile ? { envFile: options.configFile } : {});
        const rawTarget = options.target ?? config.baseUrl;
        if (!rawTarget)
          throw new UserError('--target is required (the bank, e.g. --target https://bank.example), or set BASE_URL');
        const [{ baseUrlFlag, signingIdentity, tppHttp }, { buildKeyId, signOptionsFrom }, tpp] = await Promise.all([
          import('../tpp-config.js'),
          import('../../signing/index.js'),
          import('../../tpp/index.js'),
        ]);
        const target = baseUrlFlag('target', rawTarget);
        // The reports asked for, and where they go, are checked before the proxy listens: as `run` checks them.
        const reporters = await import('../../reporters/index.js');
        const picked = (await reporters.pickReporters(options.report)).filter((r) => options.html || r.name !== 'html');
        await reporters.ensureWritable(options.reports, '--reports');
        const { port, sign, verbose } = options;
        const identity = sign ? await signingIdentity(config.signing) : undefined;
        const print = (exchange: ProxyExchange) => {
          const lines = [tpp.exchangeLine(exchange), ...(verbose ? tpp.exchangeDetails(exchange) : [])];
          process.stdout.write(`${lines.join('\n')}\n`);
        };
        let proxy: Awaited<ReturnType<typeof tpp.createProxy>>;
        try {
          proxy = await tpp.createProxy({
            target,
            sign,
            ...(identity ? { identity, signOptions: signOptionsFrom(config.signing) } : {}),
            port,
            host: options.host,
            http: tppHttp(config.http),
            maxExchanges: options.keep,
            maxSkewSeconds: options.maxSkew,
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
          `psd2-conformance proxy listening on ${proxy.url} → ${target}${signing} ` +
            '(Ctrl-C stops and writes the reports)',
        );
        if (config.http.proxyUrl)
          console.error('psd2-conformance proxy: HTTP_PROXY is not used: the proxy connects to the target itself');
        await stopped();
        const session = await proxy.close();
        return reporters.reportProxySession(session, {
          out: options.reports,
          reporters: picked,
          log: (line) => console.log(line),
        });
      }),
    );
