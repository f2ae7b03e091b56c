/**
 * The reference bank as a fleet (`serve --fleet N`): the first N of these banks, each the reference bank with its own
 * conformant variants, so that the whole fleet path (a targets file, `fleet run`, drift) runs on one machine. Two are
 * the bank as it is, so that a fault given to one (`--fault-on bank-b:ID`) shows as the one that drifts; the others
 * each choose differently where interface.md is silent, and a suite must find every one of them CONFORMANT.
 */
import type { VariantId } from './ids.generated.js';

export interface ReferenceFleetBank {
  /** Its name in the targets file and its reports folder. */
  name: string;
  variants: readonly VariantId[];
  /** What it is, in words (a comment of the targets file). */
  about: string;
  /**
   * The bank profile that declares its variants' choices (a path relative to the package root): `run --bank-profile`
   * holds the bank to its own choices. A variant whose choice no profile key names has none.
   */
  bankProfile?: string;
}

export const REFERENCE_FLEET: readonly ReferenceFleetBank[] = [
  { name: 'bank-a', variants: [], about: 'the reference bank as it is' },
  { name: 'bank-b', variants: [], about: 'the reference bank as it is' },
  {
    name: 'bank-c',
    variants: ['auth-failure-tpp-messages'],
    about: 'signature failures answered with Berlin Group tppMessages (variant auth-failure-tpp-messages)',
    bankProfile: 'examples/bank-profiles/auth-failure-tpp-messages.yaml',
  },
  {
    name: 'bank-d',
    variants: ['ids-uuid'],
    about: 'UUIDs for every identifier (variant ids-uuid)',
    bankProfile: 'examples/bank-profiles/ids-uuid.yaml',
  },
  {
    name: 'bank-e',
    variants: ['base-path'],
    about: 'the API under /api-sandbox (variant base-path)',
    bankProfile: 'examples/bank-profiles/base-path.yaml',
  },
  {
    name: 'bank-f',
    variants: ['status-actc'],
    about: 'a created payment is ACTC (variant status-actc)',
    bankProfile: 'examples/bank-profiles/status-actc.yaml',
  },
  { name: 'bank-g', variants: ['fees-never'], about: 'no payment carries fees (variant fees-never)' },
  { name: 'bank-h', variants: ['strict'], about: 'refuses all interface.md lets a bank refuse (variant strict)' },
];
