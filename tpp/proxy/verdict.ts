import type { RequirementId } from '../../spec/index.js';
import { PARTIES, PARTY_NAMES } from './exchange.js';
import type { PartyVerdict, ProxyReport } from './log.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One party's verdict taken apart, for reports that set each part differently (a banner, a heading). */
export interface PartyWords {
  verdict: PartyVerdict['verdict'];
  /** What the verdict stands on: `1 of 3 requests broke a MUST rule`, `3 answers judged, none broke a MUST rule`. */
  standsOn: string;
  must: RequirementId[];
  should: RequirementId[];
}

export function partyWords(verdict: PartyVerdict): PartyWords {
  const noun = PARTY_NAMES[verdict.party].noun;
  const ids = (level: 'MUST' | 'SHOULD') => verdict.rules.filter((r) => r.level === level).map((r) => r.requirementId);
  const standsOn =
    verdict.verdict === 'NOTHING JUDGED'
      ? `no ${noun} was judged`
      : verdict.verdict === 'CONFORMANT'
        ? `${plural(verdict.judged, noun)} judged, none broke a MUST rule`
        : `${verdict.judged - verdict.conforming} of ${plural(verdict.judged, noun)} broke a MUST rule`;
  return { verdict: verdict.verdict, standsOn, must: ids('MUST'), should: ids('SHOULD') };
}

/**
 * One party's verdict in one line: `NOT CONFORMANT: 1 of 3 requests broke a MUST rule: Headers.PSU-ID.required`,
 * `CONFORMANT: 3 answers judged, none broke a MUST rule`; SHOULD rules are named after the MUST ones.
 */
export const partyHeadline = (verdict: PartyVerdict): string => `${verdict.verdict}: ${partyLead(verdict)}`;

/** What one party's verdict stands on, and the rules it broke: the line after its headline. */
export function partyLead(verdict: PartyVerdict): string {
  const words = partyWords(verdict);
  const must = words.must.length ? `: ${words.must.join(', ')}` : '';
  const should = words.should.length ? `; SHOULD: ${words.should.join(', ')}` : '';
  return `${words.standsOn}${must}${should}`;
}

/** `your requests: NOT CONFORMANT: …` and `the bank: CONFORMANT: …`, one line per party. */
export const partyLines = (report: ProxyReport): string[] =>
  PARTIES.map((p) => `${PARTY_NAMES[p].title}: ${partyHeadline(report.parties[p])}`);

/** 1 when either party broke a MUST rule (the summary says whose), else 0. */
export const proxyExitCode = (report: ProxyReport): 0 | 1 =>
  PARTIES.some((p) => report.parties[p].verdict === 'NOT CONFORMANT') ? 1 : 0;
