import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closingOf, commandsMarkdown } from '../../cli/commands-doc.js';
import { leafCommands } from '../../cli/program.js';
import { COMMANDS_DOC_PATH } from '../../scripts/generate-cli-files.js';

/** A command's section of docs/commands.md: from its heading to the next. */
const section = (doc: string, name: string) => doc.split(`\n## ${name}\n`)[1]?.split('\n## ')[0] ?? '';

describe('docs/commands.md, generated from the CLI declarations', async () => {
  const doc = readFileSync(COMMANDS_DOC_PATH, 'utf8');
  const commands = await leafCommands();

  it('is current: npm run generate would write it as it is', async () => {
    expect(doc).toBe(await commandsMarkdown());
  });

  it.each(commands.map((c) => [c.path, c.command] as const))(
    '%s: its section has every option with its default, every example and exit code',
    (name, command) => {
      const text = section(doc, name);
      expect(text).toContain(command.description());
      for (const option of command.options.filter((o) => !o.hidden)) {
        const row = text.split('\n').find((l) => l.startsWith(`| \`${option.flags}\` |`));
        expect(row, option.flags).toBeDefined();
        const shown = option.defaultValueDescription;
        if (shown) expect(row, option.flags).toContain(shown.replaceAll('|', '\\|'));
      }
      for (const option of command.options.filter((o) => o.hidden)) expect(text).not.toContain(option.long);
      let help = '';
      command.configureOutput({ writeOut: (chunk) => (help += chunk) });
      command.outputHelp();
      const { examples, exitCodes } = closingOf(help);
      expect(examples.length, 'examples').toBeGreaterThan(0);
      for (const example of examples) expect(text).toContain(example.line);
      for (const { code, meaning } of exitCodes)
        expect(text).toContain(`| ${code} | ${meaning.replaceAll('|', '\\|')} |`);
    },
  );
});
