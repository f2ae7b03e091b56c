/**
 * The reference bank's choices as a bank profile declares them (spec/bank-profile.ts): what examples/bank-profiles/
 * holds for the default bank and for each variant whose choice is a profile key. A run of a variant with its own
 * profile must stay CONFORMANT; a profile that declares another choice must fail, naming its line.
 */
import { profileLine } from '../config/bank-profile.js';
import type { BankChoices } from '../spec/index.js';
import { DEFAULT_POLICY, type AuthFailureForm, type BankPolicy } from './policy.js';
import { VARIANTS, variantPolicy, type Variant } from './variants.js';

const SIGNATURE_BODIES: Record<AuthFailureForm, BankChoices['signature_error_body'] | undefined> = {
  // The Error body in the bank's error form, like every other error.
  'error-401': undefined,
  'error-400': undefined,
  'challenge-401': 'challenge',
  'tpp-messages-401': 'berlin-group',
  'error-and-tpp-messages-401': 'both',
  'error-and-challenge-401': 'interface-with-challenge',
};

const CODINGS: Record<BankPolicy['compression'], string[]> = {
  never: [],
  'gzip-when-asked': ['gzip'],
  'best-offered': ['br', 'gzip', 'deflate'],
};

/** The choices a bank with this policy makes, in the bank profile's keys. */
export function choicesOf(policy: BankPolicy): BankChoices {
  return {
    ...(policy.basePath ? { base_path: policy.basePath } : {}),
    errors: policy.errorForm,
    signature_error_status: policy.authFailure === 'error-400' ? 400 : 401,
    signature_error_body: SIGNATURE_BODIES[policy.authFailure] ?? policy.errorForm,
    // Stated by interface.md (Errors 1 and 2); the bank answers a payment beyond the balance 400 PAYMENT_FAILED.
    kid_error_status: 400,
    kid_error_code: policy.kidErrorCode,
    corporate_id_missing_status: 400,
    insufficient_funds_status: 400,
    basket_created_status: policy.basketCreatedStatus,
    created_status: policy.createdStatus,
    links: policy.linkStyle,
    link_verbs: true,
    ids: policy.idStyle === 'opaque' ? 'platform' : policy.idStyle,
    languages: policy.language === 'honour' ? ['nb', 'en'] : [],
    content_codings: CODINGS[policy.compression],
    unsatisfiable_accept: policy.accept === 'strict-406' ? 'refuse-406' : 'answer-json',
    logical_duplicates: policy.duplicates === 'never' ? 'accept' : 'refuse',
    past_execution_date: policy.pastExecutionDate,
  };
}

/** The bank's SCA page as the http driver plays it, and its kind: what every example profile declares beside. */
export const REFERENCE_BANK_TARGET = {
  environment: 'sandbox',
  sca_driver: 'http',
  sca_approve: '{scaRedirect}?result=ok',
  sca_deny: '{scaRedirect}?result=fail',
} as const;

/** The policy a variant gives the bank. */
export const policyOf = (variant: Variant): BankPolicy => ({ ...DEFAULT_POLICY, ...variantPolicy([variant.id]) });

/** The variants whose choice is a profile key: each has an example profile of its own. */
export function profiledVariants(): Variant[] {
  const plain = JSON.stringify(choicesOf(DEFAULT_POLICY));
  return VARIANTS.filter((v) => JSON.stringify(choicesOf(policyOf(v))) !== plain);
}

/** The reference bank's profile for a variant (or the default bank) as the example file writes it. */
export function exampleProfileText(variant: Variant | undefined): string {
  const policy = variant ? policyOf(variant) : DEFAULT_POLICY;
  const name = variant ? `examples/bank-profiles/${variant.id}.yaml` : 'examples/bank-profiles/default.yaml';
  const switches = variant ? ` --variant ${variant.id}` : '';
  const header = [
    `# The reference bank${variant ? ` with variant ${variant.id}` : ''}: the choices it makes where interface.md`,
    '# leaves a gap, as a bank documents them on its portal (docs/bank-profiles.md says what each key declares).',
    `#   npx psd2-conformance run --profile embedded${switches} --bank-profile ${name}`,
    '# Written by `npm run generate` from bank/policy.ts and bank/variants.ts (bank/bank-profile.ts): do not edit.',
  ];
  const entries = Object.entries({ ...REFERENCE_BANK_TARGET, ...choicesOf(policy) });
  return [...header, ...entries.map(([key, value]) => profileLine(key, value))].join('\n') + '\n';
}
