import type { createLogUpdate } from 'log-update';

type LogUpdate = ReturnType<typeof createLogUpdate>;

/** Where console output goes: a stream's write (stdout, stderr), or a test's collector. */
export type Write = (text: string) => void;

/**
 * The one owner of the terminal during a run. In a terminal it keeps one live status line at the bottom (log-update
 * redraws it in place); every other line is printed above it, the live line cleared first, so nothing ever runs into
 * it. Elsewhere (CI, a pipe) there is no live line, only whole lines.
 */
export class Terminal {
  readonly live: boolean;
  private readonly stdout: Write;
  private readonly stderr: Write;
  private readonly update: LogUpdate | undefined;
  private shown = '';

  /** Whole lines only; `Terminal.open` makes one with a live line. */
  constructor(options: { stdout?: Write; stderr?: Write; update?: LogUpdate }) {
    this.live = options.update !== undefined;
    this.stdout = options.stdout ?? ((text) => process.stdout.write(text));
    this.stderr = options.stderr ?? ((text) => process.stderr.write(text));
    this.update = options.update;
  }

  /**
   * The run's terminal: with a live line when `live`. log-update is imported only then: a run in CI or a pipe does
   * not pay for it (90 ms of a run's start, 2026-11-26).
   */
  static async open(options: { live: boolean; stdout?: Write; stderr?: Write; stream?: NodeJS.WriteStream }) {
    const { live, stream, ...writes } = options;
    if (!live) return new Terminal(writes);
    const { createLogUpdate } = await import('log-update');
    return new Terminal({ ...writes, update: createLogUpdate(stream ?? process.stderr, { showCursor: true }) });
  }

  /** A line of the run's result (stdout): the verdict, where the reports are. */
  print(line: string): void {
    this.around(() => this.stdout(`${line}\n`));
  }

  /** A line about the run's progress (stderr): a file done, a notice, a plain status line. */
  note(line: string): void {
    this.around(() => this.stderr(`${line}\n`));
  }

  /** The live status line (a terminal only); an empty text takes it away. */
  status(text: string): void {
    if (!this.update) return;
    this.shown = text;
    if (text) this.update(text);
    else this.update.clear();
  }

  /** Takes the live line away for good: what follows starts on a line of its own. */
  end(): void {
    this.status('');
    this.update?.done();
  }

  private around(write: () => void): void {
    if (this.update && this.shown) this.update.clear();
    write();
    if (this.update && this.shown) this.update(this.shown);
  }
}
