import { Argument, Option, examples, exits, newCommand, requiredArgument } from '../command.js';

export default () =>
  newCommand(
    'evidence',
    "check a run's evidence pack: the signature, the certificate and every report file's sha256",
    'Check the evidence pack a run wrote (`reports/evidence/manifest.json`, signed with `run --sign-evidence`): ' +
      'the detached JWS over the manifest, the certificate that signed it (valid when it signed; issued by --trust ' +
      'when given), and the sha256 of every report file. Names exactly what was altered, removed or added since.',
  )
    .addArgument(new Argument('<action>', 'what to do with the pack').choices(['verify'] as const))
    .addArgument(
      requiredArgument('dir', 'the reports folder of the run (or its evidence folder)', 'give the reports folder'),
    )
    .addOption(
      new Option('--trust <pem>', 'the CA certificate(s) the signing certificate must be issued by (PEM)').default(
        undefined,
        'the certificate is checked on its own',
      ),
    )
    .addOption(new Option('--json', 'print the check as JSON').default(false))
    .addHelpText(
      'after',
      examples(
        ['psd2-conformance evidence verify reports', 'psd2-conformance evidence verify reports --trust qseal-ca.pem'],
        {
          0: 'the signature holds and every file is as the manifest lists it (an unsigned pack: every file)',
          1: 'something was altered, removed or added, or the signature or its certificate does not hold',
          2: 'the folder holds no evidence pack, or --trust cannot be read',
        },
      ),
    )
    .action(
      exits(async (_action, dir, options) => {
        const { evidenceLines, readTrust, verifyEvidence } = await import('../../release/evidence/verify.js');
        const check = verifyEvidence(dir, { trust: options.trust ? readTrust([options.trust]) : [] });
        if (options.json) console.log(JSON.stringify(check, null, 2));
        else {
          const total = (await import('../../release/evidence/files.js')).listFiles(check.reportsDir, ['evidence']);
          for (const line of evidenceLines(check, total.length)) console.log(line);
        }
        return check.ok ? 0 : 1;
      }),
    );
