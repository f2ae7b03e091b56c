import { linkReachableCheck, notAServerErrorCheck } from '../../checks/index.js';
import type { Exchange } from '../../client/index.js';
import type { Kit } from './conformance-test.js';
import { NotObservable } from './fixtures.js';
import { readOp } from './journeys/journey.js';
import { linksOf, pathAfterBase } from './journeys/links.js';
import type { Session } from './session.js';

/** Follows each GET link of an answer under base_url; the answers, by link name (none: nothing to judge there). */
export async function followLinks(s: Session, judge: Kit['judge'], answer: Exchange): Promise<Map<string, Exchange>> {
  const followed = new Map<string, Exchange>();
  for (const link of linksOf(answer.response?.json, 'answer')) {
    const path = pathAfterBase(s.ctx, link.href);
    if (!link.verbs.includes('GET') || link.name === 'scaRedirect' || path === undefined) continue;
    const exchange = await s.call(readOp(path), { path });
    judge(exchange, [
      ...notAServerErrorCheck.run({ exchange }),
      ...linkReachableCheck.run({ exchange, facts: { link: `${link.name} (${link.href})` } }),
    ]);
    followed.set(link.name, exchange);
  }
  return followed;
}

/** The situation the rule speaks of never came: no answer handed out a GET link under base_url. */
export function noLinks(followed: number): void {
  if (followed === 0) throw new NotObservable('no answer handed out a GET link under base_url to follow');
}
