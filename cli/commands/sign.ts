import { readFile } from 'node:fs/promises';
import { loadConfig } from '../../config/index.js';
import { loadIdentity, signOptionsFrom, signRequest, testIdentity } from '../../signing/index.js';
import { Option, collect, examples, exits, newCommand } from '../command.js';
import { UserError } from '../../core/index.js';

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
      `--body ${path}: ` +
        ((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((err as Error).message)),
    );
  }
}

export default () =>
  newCommand(
    'sign',
    'print every header to send for a signed request, as JSON',
    'Sign a request by hand: print, as JSON, every header to send (Date, X-Request-ID, Digest when there is a body, ' +
      'TPP-Signature-Certificate, Signature), signed with SIGNING_CERT_PATH and SIGNING_KEY_PATH (or ' +
      'SIGNING_P12_PATH), else with the generated test certificate.',
  )
    .addOption(new Option('--method <method>', 'the HTTP method: GET, POST, PUT, PATCH or DELETE (required)'))
    .addOption(new Option('--url <url>', 'the absolute URL of the request, with its query (required)'))
    .addOption(
      new Option('--body <file>', 'the body to send, byte for byte (its Digest is signed)').default(
        undefined,
        'no body',
      ),
    )
    .addOption(
      new Option(
        '--header <header>',
        "a header of the request, as 'Name: value' (signed when it is one of the headers signed); repeatable",
      )
        .argParser(collect)
        .default([] as string[], 'none'),
    )
    .addHelpText(
      'after',
      examples([
        'psd2-conformance sign --method GET --url https://bank.example/v1/signing-baskets/b1',
        'psd2-conformance sign --method POST --url https://bank.example/v1/payments/sepa-credit-transfers --body ' +
          "b.json --header 'PSU-ID: 2d3e4f50-0000-4000-8000-000000000001' --header 'Content-Type: application/json'",
      ]),
    )
    .action(
      exits(async (options) => {
        const { method, url } = options;
        if (!method) throw new UserError('--method is required (e.g. --method POST)');
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()))
          throw new UserError(`--method must be GET, POST, PUT, PATCH or DELETE, got "${method}"`);
        if (!url)
          throw new UserError('--url is required (e.g. --url https://bank.example/v1/payments/sepa-credit-transfers)');
        const headers: Record<string, string> = {};
        for (const text of options.header) {
          const [name, value] = parseHeader(text);
          headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
        }
        const body = options.body ? await readBody(options.body) : undefined;

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
      }),
    );
