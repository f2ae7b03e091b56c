import { describe, expect, it } from 'vitest';
import { didYouMean, nearestNames } from '../../core/index.js';

const OPERATIONS = ['ncbct.create', 'ncbct.get', 'ncbct.status', 'sct.create', 'bulk.create', 'basket.create'];

describe('nearestNames: the one "did you mean" of the CLI', () => {
  it.each([
    ['ncbct.creat', ['ncbct.create']],
    ['ncbct.craete', ['ncbct.create']],
    ['NCBCT.CREATE', ['ncbct.create']],
    ['sct.creat', ['sct.create']],
    ['ncbct.gte', ['ncbct.get']],
  ])('%s → %j', (given, expected) => {
    expect(nearestNames(given, OPERATIONS)).toEqual(expected);
  });

  it('names nothing for a name known exactly, or near nothing', () => {
    expect(nearestNames('ncbct.create', OPERATIONS)).toEqual([]);
    expect(nearestNames('zzzz', OPERATIONS)).toEqual([]);
    expect(nearestNames('payments', OPERATIONS)).toEqual([]);
  });

  it('names only those at the least distance, in the order given, at most count', () => {
    expect(nearestNames('abcdef', ['abcdxy', 'abcdeg', 'abcdefg', 'xbcdef', 'abcdez'])).toEqual([
      'abcdeg',
      'abcdefg',
      'xbcdef',
    ]);
    expect(nearestNames('abcdef', ['abcdxy', 'abcdeg', 'abcdefg'], { count: 1 })).toEqual(['abcdeg']);
  });

  it('compares what fold leaves (variable names without case and separators)', () => {
    const letters = (n: string) => n.toUpperCase().replace(/[^A-Z0-9]/g, '');
    expect(nearestNames('b.a.s.e.u.r.l', ['BASE_URL', 'PSU_ID'], { fold: letters })).toEqual(['BASE_URL']);
    expect(nearestNames('b.a.s.e.u.r.l', ['BASE_URL', 'PSU_ID'])).toEqual([]);
  });

  it('didYouMean is the tail of a one-line error, or nothing', () => {
    expect(didYouMean('ncbct.creat', OPERATIONS)).toBe(' (did you mean ncbct.create?)');
    expect(didYouMean('zzzz', OPERATIONS)).toBe('');
  });
});
