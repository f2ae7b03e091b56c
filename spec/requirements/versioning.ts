import { ACCEPT_FIX_VALUES } from '../enums.js';
import { situationClass, validClass } from '../matrix/types.js';
import type { OperationId } from '../operations.js';
import { ALL_OPERATIONS } from './build.js';
import type { Requirement } from './types.js';

const VERSIONING = 'Versioning';

/** The operations that take x-accept-fix (Endpoints › Header groups: basket start, NCBCT, SCT; optional on bulk). */
const ACCEPT_FIX: OperationId[] = ['basket.startAuthorisation', 'ncbct.create', 'sct.create', 'bulk.create'];

/** Versioning.acceptFix.unknown's classes: a value nobody announced, and one a letter away from a named one. */
export const UNKNOWN_FIX = {
  unannounced: 'a value no release announced',
  nearNamed: 'a near miss of a named value',
} as const;

export const VERSIONING_RULES: Requirement[] = [
  {
    id: 'Versioning.path.v1',
    level: 'MUST',
    section: `${VERSIONING} 1`,
    statement: 'Paths carry the major version prefix /v1.',
    operations: ALL_OPERATIONS,
    kind: 'behaviour',
    classes: [situationClass('its configured path')],
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
    operations: ACCEPT_FIX,
    kind: 'behaviour',
    classes: ACCEPT_FIX_VALUES.map((value) => validClass(`x-accept-fix: ${value}`)),
  },
  {
    id: 'Versioning.acceptFix.unknown',
    level: 'SHOULD',
    section: `${VERSIONING} 3 (unknown values: not shown)`,
    statement: 'An unknown x-accept-fix value is ignored or rejected with a 4xx, never a 5xx.',
    operations: ACCEPT_FIX,
    kind: 'behaviour',
    classes: Object.values(UNKNOWN_FIX).map((label) => situationClass(label)),
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
