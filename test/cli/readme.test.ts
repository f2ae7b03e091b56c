import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../cli/program.js';

/** The README's command table, so that it never drifts from what the CLI parses. */
function commandTable(): { rows: Map<string, string>; names: string[] } {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = /^### Commands .*?$([\s\S]*?)^### /m.exec(readme)?.[1] ?? '';
  const rows = new Map<string, string>();
  const names: string[] = [];
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    // Cells are split at | that is not escaped as \| (the choices inside a synopsis).
    const synopsis = line.split(/(?<!\\)\|/)[1]?.trim() ?? '';
    const name = /^`([a-z-]+)/.exec(synopsis)?.[1] ?? synopsis;
    names.push(name);
    rows.set(name, synopsis);
  }
  return { rows, names };
}

describe("README › Commands against the CLI's own declarations", async () => {
  const commands = await allCommands();
  const { rows: table, names } = commandTable();

  it('has one row for every command, and none for a command that does not exist', () => {
    // A second row of a command would go unchecked: every option of a command is in its one synopsis.
    expect([...names].sort()).toEqual(commands.map((c) => c.name()).sort());
  });

  it.each(commands.map((c) => [c.name(), c] as const))(
    '%s: the synopsis names every option it declares, and no other',
    (name, command) => {
      // A hidden option (an old spelling that only says its new name) is not to be written.
      const declared = command.options
        .filter((o) => !o.hidden)
        .map((o) => o.long)
        .filter((long) => long && long !== '--help');
      const written = (table.get(name) ?? '').match(/--[a-z][a-z-]*/g) ?? [];
      expect([...new Set(written)].sort()).toEqual([...declared].sort());
    },
  );
});
