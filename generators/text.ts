import fc from 'fast-check';
import { lengthOf, type Alphabet } from '../spec/index.js';

/** Letters of names and free text: ASCII, the Norwegian ones (two bytes each in UTF-8), a blank, a hyphen, a point. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzæøåÆØÅ -.';

/**
 * Text of min..max characters, Norwegian letters included. A map over an array of letters, with an unmapper back to
 * them, so that it shrinks towards fewer and earlier letters, a value given from outside (a test's example) included.
 */
export const text = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...LETTERS), { minLength: min, maxLength: max }).map(
    (cs) => cs.join('').replace(/^\s|\s$/g, 'x'),
    (value) => {
      if (typeof value !== 'string' || [...value].some((c) => !LETTERS.includes(c))) throw new Error('not text');
      return [...value];
    },
  );

/** Text a member of a table scope takes: from its rule's minimum (at least one character) to its maximum. */
export const textOf = (scope: string, field: string): fc.Arbitrary<string> => {
  const { min = 1, max } = lengthOf(scope, field);
  return text(Math.max(min, 1), max);
};

/** `length` ASCII letters, as in a name (no blanks at its ends, which a bank might trim). */
export const ascii = (length: number): string => 'Nordmann'.repeat(Math.ceil(length / 8)).slice(0, length);

/**
 * `length` letters of Norwegian names outside ASCII (Æ, Ø, Å, æ, ø, å, é, ü), each two bytes in UTF-8: the longest
 * valid one is 2 × max bytes, which a bank that counts bytes instead of characters refuses from max / 2 + 1 letters.
 */
export const nonAscii = (length: number): string => 'ÆØÅæøåéü'.repeat(Math.ceil(length / 8)).slice(0, length);

/**
 * `length` Greek letters (a Greek name, Αλεξάνδρα Παπαδοπούλου, without its blank): outside ISO-8859-1, two bytes each
 * in UTF-8. interface.md limits characters, not alphabets: a bank that keeps names in Latin-1 loses them.
 */
export const greek = (length: number): string =>
  'ΑλεξάνδραΠαπαδοπούλου'.repeat(Math.ceil(length / 21)).slice(0, length);

/** `length` letters of an alphabet (spec/matrix ALPHABETS), as the classes of a limit send them. */
export const lettersOf = (alphabet: Alphabet, length: number): string =>
  alphabet === 'ascii' ? ascii(length) : alphabet === 'latin1' ? nonAscii(length) : greek(length);
