import { describe, expect, it } from 'vitest';
import {
  checkBasePath,
  parseBankProfile,
  targetProfile,
  withBankProfile,
  type BankProfile,
} from '../../config/bank-profile.js';
import { loadConfig } from '../../config/index.js';
import { UserError } from '../../core/index.js';

/** A bank profile is read once, checked against its schema and against what interface.md forbids, line by line. */
const FILE = 'bank-profile.yaml';

/** The one-line error a profile text gives, with its exit code. */
function refusal(text: string): { code: number; line: string } {
  try {
    parseBankProfile(text, FILE);
  } catch (err) {
    if (err instanceof UserError) return { code: err.exitCode, line: err.message };
    throw err;
  }
  throw new Error('the profile was accepted');
}

describe('reading a bank profile', () => {
  it('gives each declared choice with the line that declares it, and the target facts apart', () => {
    const profile = parseBankProfile(
      [
        '# the bank documents these on its portal',
        'environment: sandbox',
        'errors: berlin-group',
        '',
        'signature_error_status: 401',
        'languages: [nb, en]',
        'sca_driver: http',
        "sca_approve: '{scaRedirect}?result=ok'",
        'sca_deny: form:Avbryt',
      ].join('\n'),
      FILE,
    );
    expect(profile).toEqual({
      file: FILE,
      declarations: {
        errors: { value: 'berlin-group', at: 'bank-profile.yaml:3' },
        signature_error_status: { value: 401, at: 'bank-profile.yaml:5' },
        languages: { value: ['nb', 'en'], at: 'bank-profile.yaml:6' },
      },
      environment: { value: 'sandbox', at: 'bank-profile.yaml:2' },
      sca: {
        driver: 'http',
        approveUrl: '{scaRedirect}?result=ok',
        denyUrl: 'form:Avbryt',
        at: { sca_driver: 'bank-profile.yaml:7', sca_approve: 'bank-profile.yaml:8', sca_deny: 'bank-profile.yaml:9' },
      },
    } satisfies BankProfile);
  });

  it.each([
    [
      'kid_error_status: 401',
      'bank-profile.yaml:7: kid_error_status: 401 — interface.md › Errors 2 says KID errors give 400 (not 401)',
    ],
    [
      'corporate_id_missing_status: 500',
      'bank-profile.yaml:7: corporate_id_missing_status: 500 — interface.md › Errors 1 says a corporate-user ' +
        'request without PSU-Corporate-ID gives 400 (not 500)',
    ],
    [
      'created_status: DONE',
      'bank-profile.yaml:7: created_status: DONE — interface.md › States and transitions says a created payment ' +
        'has a status of ACCP, ACSC, ACSP, ACTC, ACWC, ACWP, RCVD, PDNG, RJCT, CANC, PART',
    ],
    [
      'created_status: PRSY',
      'bank-profile.yaml:7: created_status: PRSY — interface.md › Resources › TransactionStatus allows PRSY in ' +
        'bulk payment responses only',
    ],
    [
      'link_verbs: false',
      'bank-profile.yaml:7: link_verbs: false — interface.md › Shared types says a Link has href and verbs, both ' +
        "required (Berlin Group's links without verbs are not this interface)",
    ],
    [
      'insufficient_funds_status: 500',
      'bank-profile.yaml:7: insufficient_funds_status: 500 — interface.md › Errors 4 says insufficient funds ' +
        'gives a proper error response, a 4xx (not 500)',
    ],
    [
      'signature_error_status: 503',
      'bank-profile.yaml:7: signature_error_status: 503 — interface.md › Authentication 1 says such a request is ' +
        'rejected: a client error, a 4xx (not 503)',
    ],
    [
      'kid_error_code: KID_WRONG',
      'bank-profile.yaml:7: kid_error_code: KID_WRONG — interface.md › Errors says an error code is one of the ' +
        'codes it lists (KID_WRONG is not one)',
    ],
    [
      'base_path: /api/v1',
      'bank-profile.yaml:7: base_path: /api/v1 — interface.md › Versioning 1 says paths carry the major version ' +
        'prefix /v1 themselves: the base path is what precedes it',
    ],
  ])('refuses %s, a choice interface.md forbids: exit 2, one line naming the line and the rule', (choice, line) => {
    // Six allowed lines first, so that the line number is the forbidden choice's own.
    const allowed = ['environment: sandbox', 'errors: interface', '# signatures', 'signature_error_body: interface'];
    const text = [...allowed, 'basket_created_status: 201', 'links: relative', choice].join('\n');
    expect(refusal(text)).toEqual({ code: 2, line });
  });

  it('refuses a Challenge body declared with a status other than 401, naming the body line', () => {
    expect(refusal('signature_error_body: challenge\nsignature_error_status: 400\n')).toEqual({
      code: 2,
      line:
        'bank-profile.yaml:1: signature_error_body: challenge — interface.md › Errors shows the Challenge body ' +
        'with 401 only ("401 | none; Challenge body with scaRedirect link"), not with 400',
    });
  });

  it.each([
    [
      'errors: berlin-group\nerror: interface\n',
      'bank-profile.yaml:2: error: not a bank profile key (did you mean errors?)',
    ],
    ['errors: xml\n', 'bank-profile.yaml:1: errors: xml — must be one of interface, berlin-group, both'],
    ['languages: nb\n', 'bank-profile.yaml:1: languages: nb — must be a list'],
    [
      'signature_error_status: 4010\n',
      'bank-profile.yaml:1: signature_error_status: 4010 — must be an HTTP status (100 to 599)',
    ],
    ['basket_created_status: 202\n', 'bank-profile.yaml:1: basket_created_status: 202 — must be one of 200, 201'],
    [
      'content_codings: [gzip, identity]\n',
      'bank-profile.yaml:1: content_codings: [gzip, identity] — must be one of br, deflate, gzip, zstd',
    ],
    [
      'links: prefixed\n',
      'bank-profile.yaml:1: links: prefixed — links: prefixed writes hrefs with the base path: declare base_path too',
    ],
    ['sca_driver: http\n', 'bank-profile.yaml:1: sca_driver: http needs sca_approve and sca_deny (docs/journeys.md)'],
    [
      'errors: [interface\n',
      'bank-profile.yaml line 2: not YAML (Flow sequence in block collection must be sufficiently indented and end ' +
        'with a ]); a bank profile is a mapping of keys such as errors: berlin-group',
    ],
    [
      '- errors: interface\n',
      'bank-profile.yaml: a bank profile is a mapping of keys such as errors: berlin-group (docs/bank-profiles.md)',
    ],
    [
      'errors: interface\nerrors: both\n',
      expect.stringMatching(/^bank-profile\.yaml line 2: not YAML \(Map keys must be unique/),
    ],
  ])('refuses %j with one line', (text, line) => {
    expect(refusal(text)).toEqual({ code: 2, line });
  });
});

describe('how a bank profile meets the rest of the configuration', () => {
  const config = loadConfig({ env: {}, envFile: false });
  const profile = (text: string) => parseBankProfile(text, FILE);
  const message = (work: () => unknown) => {
    try {
      work();
    } catch (err) {
      return (err as Error).message;
    }
    return 'no error';
  };

  it('takes the SCA driver from the profile, and refuses one the environment sets otherwise', () => {
    const sca = profile('sca_driver: http\nsca_approve: form:Godkjenn\nsca_deny: form:Avbryt\n');
    expect(withBankProfile(config, sca).sca).toEqual({
      driver: 'http',
      approveUrl: 'form:Godkjenn',
      denyUrl: 'form:Avbryt',
    });
    const manual = { ...config, sca: { driver: 'manual' as const } };
    expect(message(() => withBankProfile(manual, sca))).toBe(
      'bank-profile.yaml:1: sca_driver: http — the configuration sets SCA_DRIVER=manual: keep one of them',
    );
  });

  it('lets environment choose the target profile when none is given, and refuses a disagreeing one', () => {
    const production = profile('environment: production\n');
    expect(targetProfile(undefined, config, production)).toEqual({
      flag: 'production',
      asked: 'bank-profile.yaml:1 environment: production',
    });
    expect(targetProfile('production', config, production)).toEqual({ flag: 'production' });
    expect(message(() => targetProfile('sandbox', config, production))).toBe(
      'bank-profile.yaml:1: environment: production — but --profile sandbox: drop one of them',
    );
    expect(message(() => targetProfile(undefined, { profile: 'embedded' }, production))).toBe(
      'bank-profile.yaml:1: environment: production — but PROFILE=embedded: drop one of them',
    );
    // The embedded reference bank is a sandbox: its profiles run against it.
    expect(targetProfile('embedded', config, profile('environment: sandbox\n'))).toEqual({ flag: 'embedded' });
    expect(targetProfile(undefined, config, profile('errors: interface\n'))).toEqual({});
  });

  it("checks the bank's URL carries the declared base path", () => {
    const based = profile('base_path: /api-sandbox\n');
    expect(message(() => checkBasePath('https://bank.example/api-sandbox/', based))).toBe('no error');
    expect(message(() => checkBasePath('https://bank.example', based))).toBe(
      "bank-profile.yaml:1: base_path: /api-sandbox — the bank's URL https://bank.example does not end with it: " +
        'BASE_URL carries the base path',
    );
  });
});
