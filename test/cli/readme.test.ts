import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closingOf } from '../../cli/commands-doc.js';
import { allCommands } from '../../cli/program.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** A `## Title` section of the README: from its heading to the next `## `. */
const readmeSection = (title: string) =>
  new RegExp(`^## ${title}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(read('README.md'))?.[1] ?? '';

/** The README's command table: one row a command, `| [`name`](docs/commands.md#name) | summary |`. */
function commandTable(): { name: string; link: string; summary: string }[] {
  return readmeSection('Commands')
    .split('\n')
    .filter((l) => l.startsWith('| [`'))
    .map((line) => {
      const [, name = '', link = '', summary = ''] = /^\| \[`([a-z-]+)`\]\(([^)]*)\) \| (.*) \|$/.exec(line) ?? [];
      return { name, link, summary };
    });
}

/** The help a command prints, as text (its closing part is written by commander on output). */
function helpOf(command: Awaited<ReturnType<typeof allCommands>>[number]): string {
  let help = '';
  command.configureOutput({ writeOut: (chunk) => (help += chunk) });
  command.outputHelp();
  return help;
}

describe("README › Commands against the CLI's own declarations", async () => {
  const commands = await allCommands();
  const table = commandTable();
  const doc = read('docs/commands.md');

  it('has one row for every command, and none for a command that does not exist', () => {
    expect(table.map((r) => r.name).sort()).toEqual(commands.map((c) => c.name()).sort());
  });

  it.each(commands.map((c) => [c.name(), c] as const))(
    "%s: its row says the command's own summary and links to its section of docs/commands.md",
    (name, command) => {
      // The options live in docs/commands.md, generated from the declarations (test/cli/commands-doc.test.ts holds
      // every option there, hidden ones left out): the README repeats no option, so none can drift.
      const row = table.find((r) => r.name === name);
      expect(row?.summary).toBe(command.summary().replaceAll('|', '\\|'));
      expect(row?.link).toBe(`docs/commands.md#${name}`);
      expect(doc).toContain(`\n## ${name}\n`);
    },
  );
});

describe('README › Exit codes against run --help', async () => {
  const run = (await allCommands()).find((c) => c.name() === 'run');

  it("lists every exit code of run with run's own meaning, and no other", () => {
    const { exitCodes } = closingOf(helpOf(run as NonNullable<typeof run>));
    const rows = readmeSection('Exit codes')
      .split('\n')
      .filter((l) => /^\| \d/.test(l));
    expect(rows).toEqual(exitCodes.map(({ code, meaning }) => `| ${code} | ${meaning.replaceAll('|', '\\|')} |`));
  });
});
