import { accessSync, constants } from 'node:fs';
import { Option, configFileOption, oldEnvFileOption, examples, exits, newCommand, profileOption } from '../command.js';
import { UserError } from '../../core/index.js';

function readableEnvFile(path: string): void {
  try {
    accessSync(path, constants.R_OK);
  } catch (err) {
    throw new UserError(`cannot read env file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

export default () =>
  newCommand(
    'doctor',
    'check a configuration without running the suites, and say what to fix',
    'Check a configuration without running the suites: it parses and names a bank; ' +
      "BASE_URL answers (DNS, TCP, TLS with the MTLS_* files, the bank's certificate " +
      'against MTLS_CA_PATH); the signing certificate and key belong together and are ' +
      "valid; the keyId sent; the bank's clock skew from its Date header; whether the " +
      'bank answers like this interface. With no BASE_URL and no profile it checks the ' +
      'embedded reference bank (started, probed, stopped). One line per check: ✓ fine, ' +
      '! worth a look, ✗ to fix.',
  )
    .addOption(profileOption('the profile a run would use'))
    .addOption(
      new Option(
        '--bank-profile <file>',
        'propose a bank profile from what the bank answers to a few signed reads (nothing is created): FILE is ' +
          'written when it does not exist; an existing FILE is never overwritten, but compared with the answers',
      ).default(undefined, 'none'),
    )
    .addOption(configFileOption())
    .addOption(oldEnvFileOption())
    .addHelpText(
      'after',
      examples(
        [
          'psd2-conformance doctor                                    # the embedded reference bank',
          'psd2-conformance doctor --profile sandbox --config-file ci.env',
          'psd2-conformance doctor --profile sandbox --bank-profile acme.yaml   # write acme.yaml, or check it',
        ],
        { 0: 'nothing to fix (no ✗)', 1: 'something to fix (a ✗ line)', 2: 'a usage error' },
      ),
    )
    .action(
      exits(async (options) => {
        // A file named on the command line that cannot be read is a usage error, as for run; the rest are findings.
        if (options.configFile) readableEnvFile(options.configFile);
        const { doctor, formatFinding } = await import('../doctor/index.js');
        const findings = await doctor({
          ...(options.configFile ? { envFile: options.configFile } : {}),
          ...(options.profile ? { profile: options.profile } : {}),
          ...(options.bankProfile ? { bankProfile: options.bankProfile } : {}),
        });
        for (const finding of findings) console.log(formatFinding(finding));
        const failed = findings.filter((f) => f.status === 'fail').length;
        const warned = findings.filter((f) => f.status === 'warn').length;
        console.log(
          failed
            ? `doctor: ${failed} to fix${warned ? `, ${warned} to look at` : ''}`
            : `doctor: nothing to fix${warned ? ` (${warned} to look at)` : ''}`,
        );
        return failed ? 1 : 0;
      }),
    );
