import { describe, expect, it } from 'vitest';
import {
  applyDeclarations,
  checkAccepted,
  checkRejected,
  failures,
  notAcceptableCheck,
  type CheckResult,
  type ObservedExchange,
} from '../../checks/index.js';
import { OPERATIONS, type Declarations } from '../../spec/index.js';

/** A bank's declared choices, judged on the answers the uniform checks judged (checks/declared.ts). */
const operation = (id: string) => OPERATIONS.find((o) => o.id === id)!;
const json = 'application/json; charset=utf-8';

function exchange(
  status: number,
  body: unknown,
  options: { request?: Record<string, string>; response?: Record<string, string> } = {},
): ObservedExchange {
  const text = JSON.stringify(body);
  return {
    request: { method: 'POST', url: 'http://bank/v1/payments/x', headers: options.request ?? {} },
    response: { status, headers: { 'content-type': json, ...options.response }, text, json: body },
  };
}

const at = (line: number) => `bank.yaml:${line}`;
const declared = (results: CheckResult[]) => results.filter((r) => r.check === 'declared_choice');
const shouldFailures = (results: CheckResult[]) =>
  results.filter((r) => !r.ok && r.level === 'SHOULD').map((r) => r.requirementId);

const errorBody = { id: 'e1', system: 'bank', status: 400, code: 'FORMAT_ERROR', message: 'bad' };
const tppMessages = { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'bad' }] };
const created = {
  paymentId: 'enc!!P4xYz==',
  transactionStatus: 'RCVD',
  _links: { self: { href: '/v1/payments/x/enc!!P4xYz==', verbs: ['GET'] } },
};

describe('a declared error form', () => {
  const berlinGroup: Declarations = { errors: { value: 'berlin-group', at: at(3) } };

  it("fails at MUST, naming the profile's line, where the bank answers interface.md's Error body", () => {
    const seen = exchange(400, errorBody);
    const results = applyDeclarations(seen, checkRejected(seen, 'NCBCT.creditorName.max70'), berlinGroup);
    expect(declared(results)).toEqual([
      {
        check: 'declared_choice',
        requirementId: 'Errors.body.berlinGroup',
        level: 'MUST',
        ok: false,
        message:
          "declared by bank.yaml:3 (errors: berlin-group): expected Berlin Group's tppMessages body, got " +
          "interface.md's Error body",
        declaredBy: 'bank.yaml:3',
      },
    ]);
    expect(failures(results).map((r) => r.requirementId)).toEqual(['Errors.body.berlinGroup']);
  });

  it('passes the declared form, and narrows away the SHOULD warning that it is not the Error body', () => {
    const seen = exchange(400, tppMessages);
    const undeclared = checkRejected(seen, 'NCBCT.creditorName.max70');
    expect(shouldFailures(undeclared)).toEqual(['Errors.body.shape']);
    const results = applyDeclarations(seen, undeclared, berlinGroup);
    expect(shouldFailures(results)).toEqual([]);
    expect(declared(results).map((r) => [r.ok, r.level, r.message])).toEqual([
      [true, 'MUST', "declared by bank.yaml:3 (errors: berlin-group): Berlin Group's tppMessages body, as declared"],
    ]);
  });

  it('leaves a 401 Challenge body alone (interface.md lets a 401 carry it), and changes nothing undeclared', () => {
    const challenge = exchange(401, { _links: { scaRedirect: { href: 'https://bank/sca', verbs: ['GET'] } } });
    const results = checkRejected(challenge, 'NCBCT.creditorName.max70');
    expect(applyDeclarations(challenge, results, berlinGroup)).toEqual(results);
    const seen = exchange(400, tppMessages);
    expect(applyDeclarations(seen, checkRejected(seen, 'NCBCT.creditorName.max70'), {})).toEqual(
      checkRejected(seen, 'NCBCT.creditorName.max70'),
    );
  });
});

describe('declared answers to a signature failure', () => {
  const declarations: Declarations = {
    errors: { value: 'interface', at: at(2) },
    signature_error_status: { value: 400, at: at(4) },
    signature_error_body: { value: 'challenge', at: at(5) },
  };
  const rejected = (seen: ObservedExchange) => checkRejected(seen, 'Auth.signature.valid');

  it('judges the status and the body as declared, not the error form of other errors', () => {
    const seen = exchange(401, errorBody);
    expect(declared(applyDeclarations(seen, rejected(seen), declarations)).map((r) => [r.requirementId, r.ok])).toEqual(
      [
        ['Auth.rejection.401', false],
        ['Errors.body.berlinGroup', false],
      ],
    );
  });

  it("narrows away the SHOULD status alternatives: 400 was the bank's to choose and it declared it", () => {
    const seen = exchange(400, { _links: { scaRedirect: { href: 'https://bank/sca', verbs: ['GET'] } } });
    const results = applyDeclarations(seen, rejected(seen), {
      signature_error_status: { value: 400, at: at(4) },
    });
    expect(results.filter((r) => r.check === 'expected_status')).toEqual([]);
    expect(declared(results).map((r) => r.message)).toEqual([
      'declared by bank.yaml:4 (signature_error_status: 400): status 400, as declared',
    ]);
  });
});

describe('declared choices on accepted requests', () => {
  const accepted = (seen: ObservedExchange, op = 'ncbct.create') =>
    checkAccepted(seen, operation(op), 'Payment.create.201');

  it('created_status, ids and links: the transactionStatus, paymentId and every href as declared', () => {
    const seen = exchange(201, created);
    const results = applyDeclarations(seen, accepted(seen), {
      created_status: { value: 'ACTC', at: at(5) },
      ids: { value: 'uuid', at: at(6) },
      links: { value: 'relative', at: at(7) },
    });
    expect(declared(results).map((r) => [r.requirementId, r.ok, r.message])).toEqual([
      [
        'PaymentResponse.transactionStatus.enum',
        false,
        'declared by bank.yaml:5 (created_status: ACTC): expected transactionStatus ACTC, got transactionStatus RCVD',
      ],
      ['Link.href.required', true, 'declared by bank.yaml:7 (links: relative): every href in that style, as declared'],
      [
        'PaymentResponse.paymentId.required',
        false,
        'declared by bank.yaml:6 (ids: uuid): expected uuid ids, got paymentId enc!!P4xYz==',
      ],
    ]);
  });

  it('links: prefixed and absolute hrefs carry the declared base path; scaRedirect is the PSU page, not judged', () => {
    const links = {
      self: { href: 'https://bank.example/api-sandbox/v1/payments/x/1', verbs: ['GET'] },
      scaRedirect: { href: 'https://login.bank.example/sca', verbs: ['GET'] },
    };
    const seen = exchange(201, { ...created, _links: links });
    const judged = (style: 'absolute' | 'prefixed') =>
      declared(
        applyDeclarations(seen, accepted(seen), {
          base_path: { value: '/api-sandbox', at: at(2) },
          links: { value: style, at: at(3) },
        }),
      ).map((r) => r.ok);
    expect(judged('absolute')).toEqual([true]);
    expect(judged('prefixed')).toEqual([false]);
  });

  it('languages: an offered declared language must be reported; an undeclared one fails', () => {
    const languages: Declarations = { languages: { value: ['nb', 'en'], at: at(8) } };
    const judged = (offer: string, reported?: string) => {
      const seen = exchange(201, created, {
        request: { 'Accept-Language': offer },
        response: reported ? { 'content-language': reported } : {},
      });
      return declared(applyDeclarations(seen, accepted(seen), languages)).map((r) => [r.ok, r.message]);
    };
    expect(judged('nb-NO, en;q=0.5', 'nb')).toEqual([
      [
        true,
        'declared by bank.yaml:8 (languages: [nb, en]): Content-Language nb for Accept-Language: nb-NO, ' +
          'en;q=0.5, as declared',
      ],
    ]);
    expect(judged('en')).toEqual([
      [
        false,
        'declared by bank.yaml:8 (languages: [nb, en]): expected a Content-Language of the declared languages the ' +
          'request offered, got Content-Language (none) for Accept-Language: en',
      ],
    ]);
    expect(judged('de', 'de')[0]?.[0]).toBe(false);
    // Nothing declared was offered and the answer says nothing: nothing to judge.
    expect(judged('de')).toEqual([]);
  });

  it('content_codings: a declared coding the request offers is used; an undeclared coding fails', () => {
    const gzip: Declarations = { content_codings: { value: ['gzip'], at: at(9) } };
    const judged = (offer: string, used?: string) => {
      const seen = exchange(201, created, {
        request: { 'Accept-Encoding': offer },
        response: used ? { 'content-encoding': used } : {},
      });
      return declared(applyDeclarations(seen, accepted(seen), gzip)).map((r) => r.ok);
    };
    expect(judged('gzip', 'gzip')).toEqual([true]);
    expect(judged('gzip')).toEqual([false]);
    expect(judged('br, gzip;q=0')).toEqual([]);
    expect(judged('br', 'br')).toEqual([false]);
  });
});

describe('declared refusals', () => {
  it('logical_duplicates: accept settles every SHOULD result of the refusal and wants a 2xx', () => {
    const seen = exchange(201, created);
    const undeclared = checkRejected(seen, 'Payment.logicalDuplicate.rejectedByDefault');
    expect(shouldFailures(undeclared)).toEqual([
      'Errors.invalidRequest.never2xx',
      'Payment.logicalDuplicate.rejectedByDefault',
    ]);
    const accepting = applyDeclarations(seen, undeclared, { logical_duplicates: { value: 'accept', at: at(4) } });
    expect(shouldFailures(accepting)).toEqual([]);
    expect(declared(accepting).map((r) => [r.ok, r.level])).toEqual([[true, 'MUST']]);
    const refusing = applyDeclarations(seen, undeclared, { logical_duplicates: { value: 'refuse', at: at(4) } });
    expect(failures(refusing).map((r) => r.message)).toEqual([
      'declared by bank.yaml:4 (logical_duplicates: refuse): expected a 4xx (refused), got status 201',
    ]);
  });

  it('unsatisfiable_accept: answer-json passes a JSON answer and narrows the 406 convention away', () => {
    const seen = exchange(404, errorBody);
    const results = [...notAcceptableCheck.run({ exchange: seen })];
    expect(shouldFailures(results)).toEqual(['Negotiation.accept.unsupported']);
    const judged = applyDeclarations(seen, results, { unsatisfiable_accept: { value: 'answer-json', at: at(2) } });
    expect(judged.map((r) => [r.requirementId, r.level, r.ok])).toEqual([
      ['Negotiation.accept.unsupported', 'MUST', true],
    ]);
  });

  it('kid_error_code: the KID error carries the declared code', () => {
    const seen = exchange(400, { ...errorBody, code: 'FORMAT_ERROR' });
    const results = [
      ...checkRejected(seen, 'Errors.kid.400'),
      {
        check: 'expected_code',
        requirementId: 'Errors.kid.400' as const,
        level: 'SHOULD' as const,
        ok: false,
        message: 'expected KID_INVALID or KID_MISSING, got [FORMAT_ERROR]',
      },
    ];
    const judged = applyDeclarations(seen, results, { kid_error_code: { value: 'FORMAT_ERROR', at: at(6) } });
    expect(shouldFailures(judged)).toEqual([]);
    expect(declared(judged).map((r) => r.ok)).toEqual([true]);
  });
});
