import * as allure from 'allure-js-commons';
import type { ConformanceMeta } from '../runner/outcome.js';
import { OPERATIONS } from '../spec/index.js';

/** Epic = area (payments, baskets, sandbox, security …), feature = operation, story = each requirement id. */
export function areaOf(operation: string): string {
  if (operation === 'cross-cutting') return 'cross-cutting';
  if (operation.startsWith('sandbox.')) return 'sandbox';
  if (operation.startsWith('basket.')) return 'signing baskets';
  return 'payments';
}

export async function labelTest(meta: ConformanceMeta, seed: number, file: string): Promise<void> {
  const op = OPERATIONS.find((o) => o.id === meta.operation);
  await allure.epic(areaOf(meta.operation));
  await allure.feature(op ? `${op.id} — ${op.summary}` : meta.operation);
  for (const id of meta.requirementIds) await allure.story(id);
  await allure.severity(meta.level === 'MUST' ? 'critical' : 'normal');
  await allure.tags(meta.level, ...meta.requirementIds.map((id) => id.split('.')[0] as string));
  await allure.parameter('seed', String(seed));
  await allure.parameter('suite file', file.split('/').pop() ?? file);
}

export interface Attachable {
  label: string;
  request: string;
  response: string;
  curl: string;
}

/** The exact request, the response and the replay command: masked before they get here. */
export async function attachExchange(a: Attachable): Promise<void> {
  await allure.attachment(`${a.label} request`, a.request, 'text/plain');
  await allure.attachment(`${a.label} response`, a.response, 'text/plain');
  await allure.attachment(`${a.label} replay (curl)`, a.curl, 'text/plain');
}

export async function attachText(name: string, text: string): Promise<void> {
  await allure.attachment(name, text, 'text/plain');
}
