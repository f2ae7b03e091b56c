import * as allure from 'allure-js-commons';
import { maskNationalId } from '../../core/index.js';
import { areaOf, featureOf, ruleMarkdown, rulesBroken, tagsOf, type ConformanceMeta } from '../../run-model/index.js';

export interface TestIdentity {
  seed: number;
  /** The suite file the test lives in. */
  file: string;
  /** The case the test checks, in words (the test name without its requirement ids). */
  caseLabel: string;
}

/**
 * Labels and parameters of a conformance test. The seed is excluded from Allure's history id: CI runs
 * with a new seed each time, and a test must keep its history across them.
 */
export async function labelTest(meta: ConformanceMeta, id: TestIdentity): Promise<void> {
  await allure.epic(areaOf(meta.operation));
  await allure.feature(featureOf(meta.operation));
  for (const rid of meta.requirementIds) await allure.story(rid);
  await allure.severity(meta.level === 'MUST' ? 'critical' : 'normal');
  await allure.tags(...tagsOf(meta));
  await allure.parameter('seed', String(id.seed), { excluded: true });
  await allure.parameter('case', id.caseLabel, { excluded: true });
  await allure.parameter('suite file', id.file.split('/').pop() ?? id.file, { excluded: true });
  await allure.description(rulesDescription(meta.requirementIds));
}

function rulesDescription(checked: string[], broken: string[] = []): string {
  const others = checked.filter((id) => !broken.includes(id));
  return [
    ...(broken.length ? ['**Broken rules**', '', ...broken.map(ruleMarkdown), ''] : []),
    ...(others.length
      ? [broken.length ? '**Also checked**' : '**Rules checked**', '', ...others.map(ruleMarkdown)]
      : []),
  ].join('\n');
}

/** A failed test's page opens with the rules it broke, in words and with their section, above the rules it checks. */
export async function describeFailure(meta: ConformanceMeta): Promise<void> {
  await allure.description(rulesDescription(meta.requirementIds, rulesBroken(meta)));
}

/** A test skipped here says why on its page (Allure shows no reason of its own for a skipped test). */
export async function describeSkip(reason: string): Promise<void> {
  await allure.description(`**Not run against this target**: ${reason}`);
}

/** Every occurrence of a configured secret value (e.g. PSU_IDENTITY) masked, for text that is not a header. */
export function maskValues(text: string, secrets: (string | undefined)[]): string {
  let masked = text;
  for (const s of secrets)
    if (s && s.length >= 4) masked = masked.replaceAll(s, /^\d+$/.test(s) ? maskNationalId(s) : '***');
  return masked;
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
