import type { RunContext } from '../context.js';

/** A Link the bank handed out, with where it came from (for the journey's steps and the failure message). */
export interface HandedLink {
  name: string;
  href: string;
  verbs: string[];
  /** What handed it out: `payment p1 (creation)`. */
  from: string;
}

/** The Links of a body's `_links` member (interface.md › Shared types), each with where it came from. */
export function linksOf(json: unknown, from: string): HandedLink[] {
  const links = (json as { _links?: unknown } | undefined)?._links;
  if (typeof links !== 'object' || links === null) return [];
  return Object.entries(links as Record<string, unknown>).flatMap(([name, l]) => {
    const href = (l as { href?: unknown } | undefined)?.href;
    const verbs = (l as { verbs?: unknown } | undefined)?.verbs;
    return typeof href === 'string' ? [{ name, href, verbs: Array.isArray(verbs) ? verbs.map(String) : [], from }] : [];
  });
}

/**
 * Where a link points, as a path after base_url: hrefs relative to base_url (`/v1/…`), ones that carry base_url's
 * path (`/api-sandbox/v1/…`) and absolute ones under base_url all work; one at another origin is undefined.
 */
export function pathAfterBase(ctx: RunContext, href: string): string | undefined {
  const base = new URL(ctx.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (/^[a-z]+:\/\//i.test(href)) {
    const url = new URL(href);
    if (url.origin !== base.origin) return undefined;
    href = `${url.pathname}${url.search}`;
  } else if (!href.startsWith('/')) return undefined;
  return prefix && href.startsWith(`${prefix}/`) ? href.slice(prefix.length) : href;
}

/** An absolute URL for a link the PSU's browser opens (scaRedirect): as given, or under base_url's origin. */
export const browserUrl = (ctx: RunContext, href: string): string =>
  /^[a-z]+:\/\//i.test(href) ? href : new URL(href, new URL(ctx.baseUrl).origin).href;
