import { ALL_OPERATIONS } from './build.js';
import type { Requirement } from './types.js';

const VERSIONING = 'Versioning';

export const VERSIONING_RULES: Requirement[] = [
  {
    id: 'Versioning.path.v1',
    level: 'MUST',
    section: `${VERSIONING} 1`,
    statement: 'Paths carry the major version prefix /v1.',
    operations: ALL_OPERATIONS,
    kind: 'behaviour',
  },
  {
    id: 'Versioning.acceptFix.amountAsString',
    level: 'MUST',
    section: `${VERSIONING} 3; Endpoints › Header groups › x-accept-fix`,
    statement:
      'With x-accept-fix: amount-as-string (the default since 1.7.6) amounts are ' +
      "serialised as strings with the currency's number of decimals.",
    operations: ['basket.startAuthorisation', 'ncbct.create', 'sct.create', 'bulk.create'],
    kind: 'response',
  },
  {
    id: 'Versioning.acceptFix.known',
    level: 'MUST',
    section: `${VERSIONING} 3`,
    statement:
      "A named x-accept-fix value is accepted: amount-as-string, the payments' value, at MUST; longer-name, " +
      'cash-account-type-iso and cardaccount-switch-originalamount-and-transactionamount change account data ' +
      'only, so a payment that refuses them deviates from a SHOULD.',
    operations: ['ncbct.create'],
    kind: 'behaviour',
  },
  {
    id: 'Versioning.acceptFix.unknown',
    level: 'SHOULD',
    section: `${VERSIONING} 3 (unknown values: not shown)`,
    statement: 'An unknown x-accept-fix value is ignored or rejected with a 4xx, never a 5xx.',
    operations: ['ncbct.create'],
    kind: 'behaviour',
  },
  {
    id: 'Versioning.acceptFix.longerName',
    level: 'MUST',
    section: `${VERSIONING} 3; Limits`,
    statement: 'With x-accept-fix: longer-name, account and card account names have up to 70 characters.',
    operations: [],
    kind: 'behaviour',
    notTestable: 'account details are not shown in interface.md',
  },
];
