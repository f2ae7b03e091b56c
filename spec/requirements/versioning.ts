import { ALL_OPERATIONS, rule } from './build.js';

const V = 'Versioning';

export const VERSIONING_RULES = [
  rule(
    'Versioning.path.v1',
    'MUST',
    `${V} 1`,
    'Paths carry the major version prefix /v1.',
    ALL_OPERATIONS,
    'behaviour',
  ),
  rule(
    'Versioning.acceptFix.amountAsString',
    'MUST',
    `${V} 3; Endpoints › Header groups › x-accept-fix`,
    "With x-accept-fix: amount-as-string (the default since 1.7.6) amounts are serialised as strings with the currency's number of decimals.",
    ['basket.startAuthorisation', 'ncbct.create', 'sct.create', 'bulk.create'],
    'response',
  ),
  rule(
    'Versioning.acceptFix.known',
    'MUST',
    `${V} 3`,
    'Each named x-accept-fix value (amount-as-string, longer-name, cash-account-type-iso, cardaccount-switch-originalamount-and-transactionamount) is accepted.',
    ['ncbct.create'],
    'behaviour',
  ),
  rule(
    'Versioning.acceptFix.unknown',
    'SHOULD',
    `${V} 3 (unknown values: not shown)`,
    'An unknown x-accept-fix value is ignored or rejected with a 4xx, never a 5xx.',
    ['ncbct.create'],
    'behaviour',
  ),
  rule(
    'Versioning.acceptFix.longerName',
    'MUST',
    `${V} 3; Limits`,
    'With x-accept-fix: longer-name, account and card account names have up to 70 characters.',
    [],
    'behaviour',
    { notTestable: 'account details are not shown in interface.md' },
  ),
];
