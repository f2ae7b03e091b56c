import { existsSync } from 'node:fs';
import { loadConfig, type Config } from '../../config/index.js';
import { chooseTarget, type TargetChoice } from '../../config/target.js';
import { UserError } from '../../core/index.js';
import { fail, ok, warn, type Finding } from './finding.js';
import { mtlsFindings, signingFindings } from './identity.js';
import { endpointOf, resolveHost, tcpCheck, tlsCheck } from './network.js';
import { probe } from './probe.js';

export interface DoctorOptions {
  /** The env file to read; false: none (tests); unset: .env when present. */
  envFile?: string | false;
  profile?: string;
  /** The environment to read instead of process.env (tests). */
  env?: Record<string, string | undefined>;
  now?: Date;
  /**
   * `--bank-profile FILE`: what the bank answers, as a bank profile: FILE written when it does not exist, else
   * compared with what it declares (cli/doctor/bank-profile.ts).
   */
  bankProfile?: string;
}

/** What doctor does with the bank once it answers: the bank-profile lines, when asked for. */
type AfterProbe = (url: string, http: Config['http']) => Promise<Finding[]>;

/** Never throws for what the user can fix: it becomes a ✗ line. */
async function guarded(work: () => Promise<Finding[]>): Promise<Finding[]> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UserError) return [fail(err.message)];
    throw err;
  }
}

/** DNS, TCP, TLS and one unsigned GET, each stopping the chain when it fails: a later step would only repeat it. */
async function remoteFindings(
  url: string,
  http: Config['http'],
  mtlsBroken: boolean,
  after?: AfterProbe,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const endpoint = endpointOf(url);
  if (http.mtls && !endpoint.tls)
    findings.push(warn(`mTLS: MTLS_CERT_PATH is set, but BASE_URL is http: the client certificate is not used`));
  if (http.proxyUrl) {
    findings.push(
      warn(`HTTP_PROXY=${http.proxyUrl}: DNS, TCP and TLS of BASE_URL are the proxy's to do; checked over HTTP only`),
    );
  } else {
    const dns = await resolveHost(endpoint.host, http.connectTimeoutMs);
    findings.push(dns.finding);
    if (!dns.address) return findings;
    const tcp = await tcpCheck(dns.address, endpoint.port, http.connectTimeoutMs);
    findings.push(tcp);
    if (tcp.status === 'fail') return findings;
    if (mtlsBroken) return [...findings, warn('TLS and HTTP: not tried until the mTLS files above are fixed')];
    if (endpoint.tls) {
      const tls = await tlsCheck({ ...endpoint, address: dns.address }, http);
      findings.push(tls);
      if (tls.status === 'fail') return findings;
    }
  }
  const probed = await guarded(() => probe(url, http));
  if (!after || probed.some((f) => f.status === 'fail')) return [...findings, ...probed];
  return [...findings, ...probed, ...(await guarded(() => after(url, http)))];
}

/** The embedded reference bank, started for the checks and stopped after them. */
async function embeddedFindings(http: Config['http'], after?: AfterProbe): Promise<Finding[]> {
  const { startBank } = await import('../../bank/index.js');
  // The embedded bank is plain HTTP on this machine: no proxy, no client certificate.
  const local = { ...http };
  delete local.mtls;
  delete local.proxyUrl;
  const bank = await startBank({});
  try {
    const { port } = new URL(bank.url);
    return [
      ok(`the embedded reference bank started on ${bank.url} for these checks (a run starts its own)`),
      await tcpCheck('127.0.0.1', Number(port), http.connectTimeoutMs),
      ...(await probe(bank.url, local)),
      ...(after ? await guarded(() => after(bank.url, local)) : []),
    ];
  } finally {
    await bank.close();
  }
}

/**
 * Checks a configuration without running the suites: it parses and names a bank, the bank answers (DNS, TCP,
 * TLS with the mTLS files), the signing certificate and key belong together and are valid, the keyId sent, the
 * bank's clock, and whether the answer looks like this interface. Each finding says what to fix.
 */
export async function doctor(options: DoctorOptions = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  let config: Config;
  try {
    config = loadConfig({
      ...(options.envFile !== undefined ? { envFile: options.envFile } : {}),
      ...(options.env ? { env: options.env } : {}),
    });
  } catch (err) {
    if (err instanceof UserError) return [fail(`configuration: ${err.message}`)];
    throw err;
  }
  const file = options.envFile === false ? undefined : (options.envFile ?? (existsSync('.env') ? '.env' : undefined));
  findings.push(
    ok(
      `configuration: ` +
        `${file ? `${file} and the environment parse` : 'the environment (no .env here) parses'}; ` +
        `every value is valid`,
    ),
  );
  let target: TargetChoice | undefined;
  try {
    target = chooseTarget(config, options.profile, (line) => findings.push(warn(`configuration: ${line}`)));
    findings.push(
      target.kind === 'embedded'
        ? ok('target: the embedded reference bank (no BASE_URL and no profile, or --profile embedded)')
        : ok(`target: ${target.url} (profile ${target.profile})`),
    );
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    findings.push(fail(`target: ${err.message}`));
  }
  findings.push(...(await signingFindings(config, target?.kind, options.now)));
  const mtls = config.http.mtls ? await mtlsFindings(config.http.mtls, options.now) : [];
  findings.push(...mtls);
  const mtlsBroken = mtls.some((f) => f.status === 'fail');
  const profileFile = options.bankProfile;
  const after: AfterProbe | undefined = profileFile
    ? async (url, http) => {
        const { bankProfileFindings } = await import('./bank-profile.js');
        const profile = target?.kind === 'remote' ? target.profile : 'sandbox';
        return bankProfileFindings(url, { ...config, http }, { file: profileFile, profile });
      }
    : undefined;
  if (target?.kind === 'remote') findings.push(...(await remoteFindings(target.url, config.http, mtlsBroken, after)));
  if (target?.kind === 'embedded') findings.push(...(await embeddedFindings(config.http, after)));
  return findings;
}

export { formatFinding, type Finding } from './finding.js';
