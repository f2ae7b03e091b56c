import type { Faults } from './context.js';

/** A Link of interface.md › Shared types: href and the verbs it takes. */
export const link = (href: string, ...verbs: string[]) => ({ href, verbs });

/** A `_links` member, shaped by the link faults when they are on. */
export function links(
  faults: Faults,
  entries: Record<string, { href: string; verbs: string[] }>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entries).map(([name, l]) => [
      name,
      faults.has('links-without-verbs')
        ? { href: l.href }
        : faults.has('link-verb-patch')
          ? { ...l, verbs: ['PATCH'] }
          : l,
    ]),
  );
}
