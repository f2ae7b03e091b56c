import { FAULTS, startBank } from '../../bank/index.js';
import { flag, hasFlag, parseArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

const command: Command = {
  summary:
    'run the reference bank as a local sandbox (--port, --host, --fault ID…, --list-faults, --allow-unsigned, --verbose)',
  async run(argv) {
    const args = parseArgs(argv, {
      booleans: ['list-faults', 'allow-unsigned', 'verbose'],
      values: ['port', 'host', 'fault'],
    });
    if (hasFlag(args, 'list-faults')) {
      const width = Math.max(...FAULTS.map((f) => f.id.length));
      for (const f of FAULTS)
        console.log(`${f.id.padEnd(width)}  ${f.area.padEnd(9)}  ${f.description} [${f.breaks.join(', ')}]`);
      return 0;
    }
    const rawPort = flag(args, 'port');
    if (rawPort !== undefined && (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535))
      throw new UserError(`--port must be a port number, got "${rawPort}"`);
    const faults = args.flags.get('fault') ?? [];
    const unknown = faults.filter((id) => !FAULTS.some((f) => f.id === id));
    if (unknown.length) throw new UserError(`unknown fault(s): ${unknown.join(', ')} (see --list-faults)`);
    const allowUnsigned = hasFlag(args, 'allow-unsigned');
    let bank: Awaited<ReturnType<typeof startBank>>;
    try {
      bank = await startBank({
        ...(rawPort ? { port: Number(rawPort) } : {}),
        ...(flag(args, 'host') ? { host: flag(args, 'host') as string } : {}),
        faults,
        allowUnsigned,
        ...(hasFlag(args, 'verbose') ? { log: (line: string) => console.log(line) } : {}),
      });
    } catch (err) {
      throw new UserError(`cannot start the reference bank: ${(err as Error).message}`);
    }
    console.log(
      `psd2-conformance reference bank listening on ${bank.url}${faults.length ? ` with fault(s) ${faults.join(', ')}` : ''}`,
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
