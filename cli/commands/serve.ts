import { FAULTS, VARIANTS, startBank, type Variant } from '../../bank/index.js';
import { checkFaults, checkVariants } from '../variants.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

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

const command: Command = {
  summary:
    'run the reference bank as a local sandbox (--port, --host, --fault ID…, --list-faults, --variant ID…, --list-variants, --allow-unsigned, --verbose)',
  async run(argv) {
    const args = parseArgs(argv, {
      booleans: ['list-faults', 'list-variants', 'allow-unsigned', 'verbose'],
      values: ['port', 'host', 'fault', 'variant'],
    });
    if (hasFlag(args, 'list-faults')) {
      const width = Math.max(...FAULTS.map((f) => f.id.length));
      for (const f of FAULTS)
        console.log(`${f.id.padEnd(width)}  ${f.area.padEnd(9)}  ${f.description} [${f.breaks.join(', ')}]`);
      return 0;
    }
    if (hasFlag(args, 'list-variants')) {
      console.log(renderVariantList(VARIANTS));
      return 0;
    }
    const rawPort = flag(args, 'port');
    if (rawPort !== undefined && (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535))
      throw new UserError(`--port must be a port number, got "${rawPort}"`);
    const faults = checkFaults(args.flags.get('fault') ?? [], '--list-faults');
    const variants = checkVariants(args.flags.get('variant') ?? []);
    const allowUnsigned = hasFlag(args, 'allow-unsigned');
    let bank: Awaited<ReturnType<typeof startBank>>;
    try {
      bank = await startBank({
        ...(rawPort ? { port: Number(rawPort) } : {}),
        ...(flag(args, 'host') ? { host: flag(args, 'host') as string } : {}),
        faults,
        variants,
        allowUnsigned,
        ...(hasFlag(args, 'verbose') ? { log: (line: string) => console.log(line) } : {}),
      });
    } catch (err) {
      throw new UserError(`cannot start the reference bank: ${(err as Error).message}`);
    }
    const switched = [
      ...(faults.length ? [`fault(s) ${faults.join(', ')}`] : []),
      ...(variants.length ? [`variant(s) ${variants.join(', ')}`] : []),
    ];
    console.log(
      `psd2-conformance reference bank listening on ${bank.url}${switched.length ? ` with ${switched.join(' and ')}` : ''}`,
    );
    if (allowUnsigned)
      console.error(
        'WARNING: --allow-unsigned: requests are not signature-checked; the signature suites will report the deviation',
      );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await bank.close();
    return 0;
  },
};

export default command;
