import { readFile } from 'node:fs/promises';
import { loadConfig } from '../../config/index.js';
import { loadIdentity, signOptionsFrom, signRequest, testIdentity } from '../../signing/index.js';
import { flag, parseArgs } from '../args.js';
import { UserError } from '../errors.js';
import type { Command } from '../main.js';

// A national identity number is a secret: it is never printed, and it is not signed, so leaving it out changes nothing.
const NEVER_PRINTED = ['x-psu-identity'];

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UserError(`--header "${text}" is not of the form 'Name: value'`);
  return [name, text.slice(colon + 1).trim()];
}

function requestTarget(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError(`--url "${url}" is not an absolute URL`);
  }
  return `${parsed.pathname}${parsed.search}`;
}

async function readBody(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new UserError(
      `--body ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((err as Error).message)}`,
    );
  }
}

const command: Command = {
  summary:
    'sign a request by hand: prints, as JSON, every header to send (--method, --url, [--body FILE], [--header "Name: value"]...)',
  async run(argv) {
    const args = parseArgs(argv, { values: ['method', 'url', 'body', 'header'] });
    const method = flag(args, 'method');
    const url = flag(args, 'url');
    if (!method) throw new UserError('--method is required (e.g. --method POST)');
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()))
      throw new UserError(`--method must be GET, POST, PUT, PATCH or DELETE, got "${method}"`);
    if (!url)
      throw new UserError('--url is required (e.g. --url https://bank.example/v1/payments/sepa-credit-transfers)');
    if (args.positionals.length > 0) throw new UserError(`unexpected argument "${args.positionals[0]}"`);
    const headers: Record<string, string> = {};
    for (const text of args.flags.get('header') ?? []) {
      const [name, value] = parseHeader(text);
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const bodyPath = flag(args, 'body');
    const body = bodyPath ? await readBody(bodyPath) : undefined;

    const config = loadConfig();
    const { signing } = config;
    const identity =
      signing.certificatePath || signing.keyPath || signing.p12Path
        ? await loadIdentity(signing)
        : await testIdentity({ cacheDir: signing.cacheDir });
    const signed = signRequest(
      { method: method.toUpperCase(), target: requestTarget(url), headers, ...(body ? { body } : {}) },
      identity,
      signOptionsFrom(signing),
    );

    const printed = Object.fromEntries(
      Object.entries(signed).filter(([name]) => !NEVER_PRINTED.includes(name.toLowerCase())),
    );
    if (Object.keys(printed).length < Object.keys(signed).length)
      console.error('X-PSU-IDENTITY is not printed (a secret, and not signed): add it to your request yourself.');
    process.stdout.write(`${JSON.stringify(printed, null, 2)}\n`);
    return 0;
  },
};

export default command;
