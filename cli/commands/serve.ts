import { FAULTS } from '../../bank/faults.js';
import { VARIANTS, type Variant } from '../../bank/variants.js';
import { RunStop } from '../../runner/run/stop.js';
import {
  InvalidArgumentError,
  Option,
  collect,
  examples,
  exits,
  integer,
  newCommand,
  outputFile,
  repeatableOption,
} from '../command.js';
import { UserError } from '../../core/index.js';
import { checkFaults, checkVariants } from '../variants.js';
import { REFERENCE_FLEET } from '../../bank/reference-fleet.js';

function port(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new InvalidArgumentError(`must be a port number, got "${raw}"`);
  return Number(raw);
}

/** Words of `text` in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** The variants grouped by the interface.md section whose gap they fill, each with its choice wrapped beside its id. */
export function renderVariantList(variants: readonly Variant[]): string {
  const width = Math.max(...variants.map((x) => x.id.length));
  const sections = [...new Set(variants.map((x) => x.section))];
  const lines = [
    `${variants.length} conformant variants (serve --variant ID, run --variant ID), by interface.md section:`,
  ];
  for (const section of sections) {
    lines.push('', `interface.md › ${section}`);
    for (const x of variants.filter((y) => y.section === section)) {
      const [head = '', ...rest] = wrap(x.choice, 90);
      lines.push(`  ${x.id.padEnd(width)}  ${head}`, ...rest.map((l) => `  ${' '.repeat(width)}  ${l}`));
    }
  }
  return lines.join('\n');
}

export default () =>
  newCommand(
    'serve',
    'run the reference bank as a local sandbox, optionally with deliberate faults or conformant variants',
  )
    .addOption(new Option('--port <port>', 'the port to listen on; 0 picks a free one').argParser(port).default(0))
    .addOption(new Option('--host <host>', 'the address to listen on').default('127.0.0.1'))
    .addOption(
      new Option('--fault <id>', 'switch on this deliberate deviation from interface.md; repeatable')
        .argParser(collect)
        .default([] as string[], 'none'),
    )
    .addOption(
      new Option('--variant <id>', 'switch on this conformant variant (another choice interface.md allows); repeatable')
        .argParser(collect)
        .default([] as string[], 'none'),
    )
    .addOption(
      new Option('--list-faults', 'print the faults, each with the requirements it breaks, and exit').default(false),
    )
    .addOption(new Option('--list-variants', 'print the variants by interface.md section, and exit').default(false))
    .addOption(
      new Option(
        '--fleet <n>',
        'serve the first N banks of the reference fleet (bank-a, bank-b as they are, then one variant each), on ' +
          'consecutive ports from --port (free ones with --port 0), and write their targets file',
      )
        .argParser(
          integer({
            min: 1,
            max: REFERENCE_FLEET.length,
            why: `the reference fleet has ${REFERENCE_FLEET.length} banks`,
          }),
        )
        .default(undefined, 'one bank'),
    )
    .addOption(
      repeatableOption(
        '--fault-on <bank:fault>',
        'with --fleet: switch on this deliberate fault of this bank of the fleet (bank-b:accept-long-creditor-name); ' +
          'repeatable',
        'none',
      ),
    )
    .addOption(
      new Option('--targets-out <file>', 'with --fleet: write the targets file of the banks served here')
        .argParser(outputFile)
        .default(undefined, 'printed on stdout'),
    )
    .addOption(new Option('--allow-unsigned', 'skip the signature checks (loudly)').default(false))
    .addOption(new Option('--verbose', 'print a line per request').default(false))
    .addHelpText(
      'after',
      examples([
        'psd2-conformance serve --port 8417',
        'psd2-conformance serve --port 8417 --fault accept-long-creditor-name --verbose',
        'psd2-conformance serve --list-faults',
        'psd2-conformance serve --fleet 3 --fault-on bank-b:accept-long-creditor-name --targets-out fleet.yaml',
      ]),
    )
    .action(
      exits(async (options) => {
        if (options.listFaults) {
          const width = Math.max(...FAULTS.map((f) => f.id.length));
          for (const f of FAULTS)
            console.log(`${f.id.padEnd(width)}  ${f.area.padEnd(9)}  ${f.description} [${f.breaks.join(', ')}]`);
          return 0;
        }
        if (options.listVariants) {
          console.log(renderVariantList(VARIANTS));
          return 0;
        }
        if (options.fleet !== undefined) return serveFleetUntilStopped(options);
        for (const [flag, given] of [
          ['--fault-on', options.faultOn.length > 0],
          ['--targets-out', options.targetsOut !== undefined],
        ] as const)
          if (given) throw new UserError(`${flag} goes with --fleet N`);
        const faults = checkFaults(options.fault, '--list-faults');
        const variants = checkVariants(options.variant);
        const { startBank } = await import('../../bank/index.js');
        let bank: Awaited<ReturnType<typeof startBank>>;
        try {
          bank = await startBank({
            port: options.port,
            host: options.host,
            faults,
            variants,
            allowUnsigned: options.allowUnsigned,
            ...(options.verbose ? { log: (line: string) => console.log(line) } : {}),
          });
        } catch (err) {
          throw new UserError(`cannot start the reference bank: ${(err as Error).message}`);
        }
        const switched = [
          ...(faults.length ? [`fault(s) ${faults.join(', ')}`] : []),
          ...(variants.length ? [`variant(s) ${variants.join(', ')}`] : []),
        ];
        // The warning first: whoever waits for the listening line has been warned by then.
        if (options.allowUnsigned)
          console.error(
            'WARNING: --allow-unsigned: requests are not signature-checked; the signature suites will report the ' +
              'deviation',
          );
        console.log(
          `psd2-conformance reference bank listening on ${bank.url}` +
            (switched.length ? ` with ${switched.join(' and ')}` : ''),
        );
        // Ctrl-C, SIGTERM, or the npm or shell that started it gone: the bank closes within the stop's deadline and
        // exits 0, as a server asked to stop does; one that must be killed (the deadline, a second Ctrl-C) exits with
        // the signal's code.
        const stop = new RunStop().listen();
        await new Promise<void>((resolve) => stop.whenStopping(() => resolve()));
        await Promise.race([bank.close(), new Promise((done) => setTimeout(done, 2000).unref())]);
        stop.dispose();
        return stop.settle(0);
      }),
    );

/** `serve --fleet N`: the banks, their lines and targets file, until a signal stops them (as one bank is stopped). */
async function serveFleetUntilStopped(options: {
  fleet?: number | undefined;
  port: number;
  host: string;
  fault: string[];
  variant: string[];
  faultOn: string[];
  targetsOut?: string | undefined;
  allowUnsigned: boolean;
  verbose: boolean;
}): Promise<number> {
  if (options.fault.length || options.variant.length)
    throw new UserError(
      '--fault and --variant shape one bank: with --fleet, give a bank its fault with --fault-on NAME:ID',
    );
  const { serveFleet } = await import('../serve-fleet.js');
  const fleet = await serveFleet({
    count: options.fleet as number,
    port: options.port,
    host: options.host,
    faultOn: options.faultOn,
    allowUnsigned: options.allowUnsigned,
    ...(options.targetsOut ? { targetsOut: options.targetsOut } : {}),
    ...(options.verbose ? { log: (line: string) => console.log(line) } : {}),
  });
  if (options.allowUnsigned)
    console.error('WARNING: --allow-unsigned: requests are not signature-checked; the signature suites will report it');
  for (const { bank, faults, running } of fleet.banks)
    console.log(
      `psd2-conformance reference bank ${bank.name} listening on ${running.url}` +
        (bank.variants.length ? ` with variant(s) ${bank.variants.join(', ')}` : '') +
        (faults.length ? ` with fault(s) ${faults.join(', ')}` : ''),
    );
  // The targets file last: whoever waits for it finds every bank listening.
  if (options.targetsOut) console.log(`targets file: ${options.targetsOut} (${fleet.banks.length} banks)`);
  else process.stdout.write(fleet.targets);
  const stop = new RunStop().listen();
  await new Promise<void>((resolve) => stop.whenStopping(() => resolve()));
  await Promise.race([fleet.close(), new Promise((done) => setTimeout(done, 2000).unref())]);
  stop.dispose();
  return stop.settle(0);
}
