/**
 * The seeds fast-check tells apart. It keeps 32 bits of a seed (`seed | 0` in its readSeed), so every whole number
 * from 0 to 2^32 − 1 gives its own requests and 2^32 + 7 gives those of 7: beyond the range, a seed is refused
 * rather than silently replaying another.
 */
export const SEED_MAX = 2 ** 32 - 1;

/** Why the range stops there, for the one-line error. */
export const SEED_RANGE_WHY = 'fast-check keeps 32 bits of a seed';
