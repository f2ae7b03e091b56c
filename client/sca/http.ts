import { request } from 'undici';
import { clickOn, type Click } from './page.js';
import type { ScaDecision, ScaDriver, ScaOutcome, ScaStep } from './types.js';

/**
 * How to approve or deny: a URL template in which `{scaRedirect}` stands for the link the bank handed out
 * (`{scaRedirect}?result=ok`), or `link:TEXT` / `form:TEXT`, the link or the form's button to click on the page
 * scaRedirect shows.
 */
export type ScaAction = string;

export interface HttpScaOptions {
  approve: ScaAction;
  deny: ScaAction;
  /** TPP-Redirect-URI: a redirect there means the PSU came back. */
  returnTo: string;
  /** Time allowed for each answer. */
  timeoutMs?: number;
  /** Requests at most per decision (redirects, pages): a loop ends here. */
  maxSteps?: number;
}

/** `{scaRedirect}` replaced; a query the template appends joins the link's own query with `&`. */
export function expand(template: string, scaRedirect: string): string {
  const marker = '{scaRedirect}';
  const i = template.indexOf(marker);
  if (i < 0) return template;
  const after = template.slice(i + marker.length);
  const joined = after.startsWith('?') && scaRedirect.includes('?') ? `&${after.slice(1)}` : after;
  return `${template.slice(0, i)}${scaRedirect}${joined}`;
}

/** The configuration variables the templates come from, which a configuration error names. */
const TEMPLATE_NAMES = { approve: 'SCA_APPROVE_URL', deny: 'SCA_DENY_URL' } as const;

/** Whether a template names a page element to click rather than a URL. */
const clickText = (action: ScaAction): string | undefined => /^(?:link|form):(.+)$/s.exec(action)?.[1]?.trim();

const comesBack = (location: string, returnTo: string): boolean => {
  try {
    const at = new URL(location);
    const to = new URL(returnTo);
    return at.origin === to.origin && at.pathname.startsWith(to.pathname);
  } catch {
    return false;
  }
};

/**
 * The PSU's browser, driven over HTTP: it opens the approve or deny URL (or scaRedirect, then clicks), follows
 * redirects and keeps the cookies the bank sets, until the bank sends it back to TPP-Redirect-URI. It never opens
 * TPP-Redirect-URI itself: that is the TPP's own page.
 */
export function httpScaDriver(options: HttpScaOptions, name: 'embedded' | 'http' = 'http'): ScaDriver {
  const { returnTo, timeoutMs = 15_000, maxSteps = 8 } = options;
  return {
    name,
    async decide(scaRedirect: string, decision: ScaDecision): Promise<ScaOutcome> {
      const action = decision === 'approve' ? options.approve : options.deny;
      const text = clickText(action);
      const steps: ScaStep[] = [];
      const misconfigured = (why: string): ScaOutcome => ({
        returned: false,
        steps,
        misconfigured: `${TEMPLATE_NAMES[decision]}=${action} matched nothing: ${why}`,
      });
      const cookies = new Map<string, string>();
      let next: Click | undefined = {
        method: 'GET',
        url: text === undefined ? expand(action, scaRedirect) : scaRedirect,
      };
      let clicked = text === undefined;
      while (next && steps.length < maxSteps) {
        const step: ScaStep = { method: next.method, url: next.url };
        steps.push(step);
        let answer: Awaited<ReturnType<typeof request>>;
        try {
          answer = await request(next.url, {
            method: next.method,
            headers: {
              accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
              ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
              ...(next.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            ...(next.form !== undefined ? { body: next.form } : {}),
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
        } catch (err) {
          step.error = (err as Error).message;
          return { returned: false, steps, problem: `${next.method} ${next.url}: ${step.error}` };
        }
        step.status = answer.statusCode;
        const setCookie = answer.headers['set-cookie'];
        for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
          const [pair = ''] = c.split(';');
          const eq = pair.indexOf('=');
          if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        const page = await answer.body.text();
        const location: unknown = answer.headers.location;
        if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof location === 'string') {
          step.location = new URL(location, next.url).href;
          if (comesBack(step.location, returnTo)) {
            if (clicked) return { returned: true, steps };
            // Back before the template had anything to click: the bank decided without it (its page's default).
            return misconfigured(
              `the bank sent the PSU back to TPP-Redirect-URI from ${step.url} before showing a page with a link ` +
                'or form to click (a URL template such as {scaRedirect}?… decides on such a bank)',
            );
          }
          next = { method: 'GET', url: step.location };
          continue;
        }
        if (answer.statusCode >= 400)
          return { returned: false, steps, problem: `${next.method} ${next.url} answered ${answer.statusCode}` };
        if (clicked)
          return {
            returned: false,
            steps,
            problem:
              `${next.method} ${next.url} answered ${answer.statusCode} ` +
              `without sending the PSU back to ${returnTo}`,
          };
        next = clickOn(page, next.url, text ?? '');
        clicked = true;
        if (!next)
          return misconfigured(`no link or form "${text}" on the page at ${step.url} (HTTP ${answer.statusCode})`);
      }
      return { returned: false, steps, problem: `still not back at ${returnTo} after ${maxSteps} requests` };
    },
  };
}
