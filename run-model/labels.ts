import { OPERATIONS } from '../spec/index.js';
import type { ConformanceMeta } from './outcome.js';

/** Epic = area (payments, baskets, sandbox, security …), feature = operation, story = each requirement id. */
export function areaOf(operation: string): string {
  if (operation === 'cross-cutting') return 'cross-cutting';
  if (operation.startsWith('sandbox.')) return 'sandbox';
  if (operation.startsWith('basket.')) return 'signing baskets';
  return 'payments';
}

export function featureOf(operation: string): string {
  const op = OPERATIONS.find((o) => o.id === operation);
  return op ? `${op.id} — ${op.summary}` : operation;
}

/** The tags of a test: its level and the families of the requirements it cites (NCBCT, Headers …). */
export const tagsOf = (meta: ConformanceMeta): string[] => [
  meta.level,
  ...new Set(meta.requirementIds.map((rid) => rid.split('.')[0] as string)),
];
