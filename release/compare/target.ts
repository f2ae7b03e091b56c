/**
 * A target of `compare`, as the command line writes it: `embedded` (the reference bank), `embedded:fault=<id>,
 * variant=<id>` (with deliberate faults or conformant variants, each repeatable), or the URL of a bank's sandbox.
 */
import { UserError } from '../../core/index.js';

export type CompareTarget =
  | { kind: 'embedded'; label: string; faults: string[]; variants: string[] }
  | { kind: 'remote'; label: string; url: string };

export const TARGET_SYNTAX = '`embedded`, `embedded:fault=<id>,variant=<id>` or a sandbox URL (http:// or https://)';

/** Parses one `--target`; the fault and variant ids are checked by the command against the bank's lists. */
export function parseTarget(text: string): CompareTarget {
  const given = text.trim();
  if (/^https?:\/\//i.test(given)) {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new UserError(`--target ${given} is not a URL`);
    }
    return { kind: 'remote', label: given, url: url.href.replace(/\/+$/, '') };
  }
  const match = /^embedded(?::(.*))?$/.exec(given);
  if (!match) throw new UserError(`--target ${given}: give ${TARGET_SYNTAX}`);
  const faults: string[] = [];
  const variants: string[] = [];
  for (const part of (match[1] ?? '').split(',').filter((p) => p.trim())) {
    const [key, value, ...rest] = part.split('=').map((s) => s.trim());
    if (!value || rest.length || (key !== 'fault' && key !== 'variant'))
      throw new UserError(`--target ${given}: "${part}" is not fault=<id> or variant=<id>`);
    (key === 'fault' ? faults : variants).push(value);
  }
  return { kind: 'embedded', label: given, faults, variants };
}
