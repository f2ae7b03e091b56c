/**
 * Authentication 4: "corporate users also send PSU-Corporate-ID (omitting it for a corporate user gives 400)".
 * Who is a corporate user is the bank's knowledge and not shown; the policy picks how this bank knows it:
 * - psu-context: a request that says PSU-Context CORPORATE (checked with the other headers, bank/pipeline.ts);
 * - remembered: that, and every later request of a PSU once seen with PSU-Context CORPORATE;
 * - customer-type: a payment from an account whose owner is a corporate sandbox customer (PSU-Context aside).
 */
import { headerValue, type HeaderRecord } from '../core/index.js';
import type { OperationSpec } from '../spec/index.js';
import type { Faults } from './context.js';
import { Rejection } from './errors.js';
import type { BankState } from './state.js';

type Headers = HeaderRecord;
const get = headerValue;

/** The PSU a request speaks for: PSU-ID, or X-PSU-IDENTITY when it identifies the PSU instead. */
const psuOf = (headers: Headers): string | undefined => get(headers, 'psu-id') ?? get(headers, 'x-psu-identity');

const takesPsu = (op: OperationSpec) => op.headers.some((h) => h.name === 'PSU-ID');

function refuse(faults: Faults, why: string): never {
  if (faults.has('corporate-without-id-500')) throw new Rejection(500, 'SYSTEM_ERROR', '');
  throw new Rejection(400, 'FORMAT_ERROR', `${why} needs PSU-Corporate-ID (Errors.corporateWithoutCorporateId.400)`);
}

/** Remembers a PSU seen with PSU-Context CORPORATE; runs before the header checks, which may refuse that request. */
export function rememberCorporate(state: BankState, op: OperationSpec, headers: Headers): void {
  if (state.policy.corporateUser !== 'remembered' || !takesPsu(op)) return;
  const psu = psuOf(headers);
  if (psu && get(headers, 'psu-context') === 'CORPORATE') state.corporatePsus.add(psu);
}

/** After the body is read: a corporate user (as the policy knows one) without PSU-Corporate-ID gets 400. */
export function checkCorporate(
  state: BankState,
  faults: Faults,
  op: OperationSpec,
  { headers, body }: { headers: Headers; body: unknown },
): void {
  const { corporateUser } = state.policy;
  if (!takesPsu(op) || get(headers, 'psu-corporate-id')) return;
  if (corporateUser === 'remembered') {
    const psu = psuOf(headers);
    if (psu && state.corporatePsus.has(psu)) refuse(faults, `PSU ${psu} is a corporate user of this bank and`);
  }
  if (corporateUser === 'customer-type' && op.createsPayment) {
    const debtor = (body as { debtorAccount?: { bban?: unknown; iban?: unknown } } | undefined)?.debtorAccount;
    const account = state.accountByNumber(debtor?.bban, debtor?.iban);
    const owner = account && state.customers.get(account.customerNumber);
    if (owner?.type === 'corporate')
      refuse(faults, `a payment from corporate customer ${owner.customerNumber}'s account`);
  }
}
