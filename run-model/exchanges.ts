import { appendFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../client/index.js';
// The recorder's own module, not the client's index: a run's process records without loading the HTTP client.
import { readRecordedExchanges, recordExchange, type RecordedExchange } from '../client/recorded.js';

/** The file in a reports folder that holds every exchange of the run, one JSON line each. */
export const EXCHANGES_FILE = 'exchanges.jsonl';

export const exchangesIn = (reportsDir: string): string => join(reportsDir, EXCHANGES_FILE);

/**
 * A run's exchanges file stops growing here (a default run writes about 6 MB): a run against a bank that answers
 * with megabytes, or a --num-runs in the thousands, keeps its first exchanges and says that the rest were left out.
 */
export const EXCHANGES_FILE_LIMIT = 64 * 1024 * 1024;

const written = new Map<string, { lines: number; bytes: number; full: boolean }>();

/**
 * Appends one exchange of a test to the run's exchanges file (masked and bounded by recordExchange). Each worker
 * appends whole lines; the size is read from the file now and then, so that all workers together keep to the limit.
 */
export function appendExchange(path: string, exchange: Exchange, where: { test: string; seq: number }): void {
  const state = written.get(path) ?? { lines: 0, bytes: 0, full: false };
  written.set(path, state);
  if (state.full) return;
  if (state.lines++ % 64 === 0) state.bytes = fileSize(path);
  if (state.bytes >= EXCHANGES_FILE_LIMIT) {
    state.full = true;
    appendFileSync(path, `${JSON.stringify({ truncated: `the file reached ${EXCHANGES_FILE_LIMIT} bytes` })}\n`);
    return;
  }
  const line = `${JSON.stringify(recordExchange(exchange, { ...where, withResponse: true }))}\n`;
  appendFileSync(path, line);
  state.bytes += Buffer.byteLength(line);
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Every recorded exchange of an exchanges file (a line that only says the file was cut short is left out). */
export function readExchanges(text: string): RecordedExchange[] {
  return readRecordedExchanges(
    text
      .split('\n')
      .filter((line) => !line.startsWith('{"truncated"'))
      .join('\n'),
  );
}
