import { hasRequirement, requirement } from '../spec/index.js';

/**
 * Where a rule is stated: catalogue sections are paths in interface.md unless they name platform-notes.md, or PSD2's
 * articles for a security rule PSD2 itself states.
 */
export const whereStated = (section: string): string =>
  section.startsWith('platform-notes.md') || section.startsWith('PSD2 › ') ? section : `interface.md › ${section}`;

/**
 * A broken rule as a reader needs it beside its id, without opening the source: its level, its statement and
 * where the specification states it. An id outside the catalogue is shown as it is.
 */
export function ruleLine(id: string, declaredBy?: string): string {
  if (!hasRequirement(id)) return id;
  const r = requirement(id);
  const level = declaredBy ? `MUST, declared by ${declaredBy}` : r.level;
  return `${id} [${level}] ${r.statement} (${whereStated(r.section)})`;
}

/** The same for the Allure test page (Markdown): the id as code, the statement, the section in italics. */
export function ruleMarkdown(id: string): string {
  if (!hasRequirement(id)) return `- \`${id}\``;
  const r = requirement(id);
  return `- \`${id}\` **${r.level}**: ${r.statement} *(${whereStated(r.section)})*`;
}
