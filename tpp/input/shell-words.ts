import { InputError } from './errors.js';

/** POSIX shell words, one array per command: commands end at an unquoted newline or `;`. */
export function shellCommands(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const add = (s: string) => (word = (word ?? '') + s);
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === '\n') i += 2;
      else if (next === '\r' && text[i + 2] === '\n') i += 3;
      else {
        if (next !== undefined) add(next);
        i += 2;
      }
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new InputError('a single quote is not closed');
      add(text.slice(i + 1, end));
      i = end + 1;
    } else if (ch === '$' && text[i + 1] === "'") {
      i = ansiC(text, i + 2, add);
    } else if (ch === '"') {
      i = doubleQuoted(text, i + 1, add);
    } else if (ch === '#' && word === undefined) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '\n' || ch === ';') {
      endCommand();
      i++;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord();
      i++;
    } else {
      add(ch);
      i++;
    }
  }
  endCommand();
  return commands;
}

/** Inside "…": backslash escapes only $ ` " \ and a newline. */
function doubleQuoted(text: string, start: number, add: (s: string) => void): number {
  let i = start;
  add('');
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') return i + 1;
    if (ch === '\\' && '$`"\\\n'.includes(text[i + 1] ?? '')) {
      if (text[i + 1] !== '\n') add(text[i + 1] as string);
      i += 2;
    } else {
      add(ch);
      i++;
    }
  }
  throw new InputError('a double quote is not closed');
}

const SIMPLE: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  v: '\v',
  '?': '?',
};

/** bash's $'…' (browsers' "Copy as cURL" uses it for bodies): \n, \t, \uHHHH, \' …; \xHH are bytes, read as UTF-8. */
function ansiC(text: string, start: number, add: (s: string) => void): number {
  let i = start;
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length) add(Buffer.from(bytes).toString('utf8'));
    bytes = [];
  };
  add('');
  while (i < text.length) {
    const ch = text[i] as string;
    const byte = /^\\x([0-9a-fA-F]{1,2})/.exec(text.slice(i, i + 4));
    if (byte) {
      bytes.push(parseInt(byte[1] as string, 16));
      i += byte[0].length;
      continue;
    }
    flush();
    if (ch === "'") return i + 1;
    if (ch !== '\\') {
      add(ch);
      i++;
      continue;
    }
    const next = text[i + 1] ?? '';
    const unicode = /^u([0-9a-fA-F]{1,4})/.exec(text.slice(i + 1, i + 6));
    if (SIMPLE[next] !== undefined) {
      add(SIMPLE[next] as string);
      i += 2;
    } else if (unicode) {
      add(String.fromCharCode(parseInt(unicode[1] as string, 16)));
      i += 1 + unicode[0].length;
    } else {
      add(`\\${next}`);
      i += 2;
    }
  }
  throw new InputError("a $'…' quote is not closed");
}
