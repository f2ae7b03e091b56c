import { hasRequirement, requirement } from '../spec/index.js';
import type { RunReport, SecurityState, SecurityVerdict, Verdict, VerdictKind } from '../run-model/index.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const COLOURS: Record<VerdictKind, { background: string; text: string }> = {
  conformant: { background: '#067647', text: '#ffffff' },
  'not conformant': { background: '#b42318', text: '#ffffff' },
  incomplete: { background: '#b54708', text: '#ffffff' },
  'nothing judged': { background: '#475467', text: '#ffffff' },
};

/** Text escaped for HTML, in an element or an attribute's double quotes. */
export const html = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** One requirement id, with its statement on hover. */
const idTag = (id: string) =>
  `<code title="${html(hasRequirement(id) ? requirement(id).statement : id)}">${html(id)}</code>`;

function failedLine(ids: string[], level: 'MUST' | 'SHOULD', note = ''): string {
  if (ids.length === 0) return '';
  const failed = `${plural(ids.length, `${level} requirement`)} failed${note}: ${ids.map(idTag).join(' ')}`;
  return `<span class="psd2-verdict-failed">${failed}</span>`;
}

/**
 * One party's verdict: the headline in red, green or amber, what it stands on, the failed requirements (each once,
 * with its statement on hover), and what a lens decided (the release gate of a run with a baseline).
 */
function verdictBlock(v: Verdict, options: { strict: boolean; party: boolean; headlines: string[] }): string {
  const colour = COLOURS[v.kind];
  const should = options.strict ? '' : ' (counted with --strict only)';
  return [
    `<div class="psd2-verdict-party" data-party="${html(v.party.id)}" data-verdict="${v.kind}" ` +
      `style="background:${colour.background};color:${colour.text}">`,
    `<div class="psd2-verdict-headline">${options.party ? `<span>${html(v.party.name)}:</span>` : ''}` +
      `<strong>${html(v.head)}</strong>${v.leadWithoutIds ? `<span>${html(v.leadWithoutIds)}</span>` : ''}`,
    failedLine(v.failedMust, 'MUST'),
    failedLine(v.failedShould, 'SHOULD', should),
    '</div>',
    ...options.headlines.map((line) => `<div class="psd2-verdict-gate">${html(line)}</div>`),
    `<div class="psd2-verdict-details">${v.details.map(html).join(' · ')}</div>`,
    '</div>',
  ]
    .filter(Boolean)
    .join('');
}

const SECURITY_COLOURS: Record<SecurityState, string> = {
  FAILED: COLOURS['not conformant'].background,
  DEVIATION: COLOURS.incomplete.background,
  HELD: COLOURS.conformant.background,
  'NOT JUDGED': COLOURS['nothing judged'].background,
};

/** The security verdict on a line of its own, under the run's: red when another TPP reached a TPP's resources. */
function securityBlock(security: SecurityVerdict): string {
  const ids = [...security.failed, ...security.warned];
  return (
    `<div class="psd2-verdict-security" data-security="${html(security.state)}" ` +
    `style="background:${SECURITY_COLOURS[security.state]};color:#ffffff">${html(security.line)}` +
    `${ids.length ? ` ${ids.map(idTag).join(' ')}` : ''}</div>`
  );
}

/**
 * The banner the HTML report opens with, above Allure's own header and its pass-rate ring: each party's verdict (a
 * run judges one, the bank) in red, green or amber, the failed MUST requirements, and what the verdict stands on. It
 * sits outside the report's own scrolling area, so every page of the report keeps it in view.
 */
export function verdictBanner(report: Pick<RunReport, 'verdicts' | 'summary' | 'sections'>): string {
  const first = report.verdicts[0];
  // A lens's decision (the release gate) is the bank's: a run judges the bank alone.
  const headlines = (report.sections ?? []).flatMap((s) => (s.headline ? [s.headline] : []));
  const blocks = report.verdicts.map((v, i) =>
    verdictBlock(v, {
      strict: report.summary.strict,
      party: report.verdicts.length > 1,
      headlines: i === 0 ? headlines : [],
    }),
  );
  return [
    `<div id="psd2-verdict" role="status" data-verdict="${first?.kind ?? 'nothing judged'}">`,
    ...blocks,
    ...(report.summary.security ? [securityBlock(report.summary.security)] : []),
    '</div>',
    UNDO_FIRST_SCROLL,
  ].join('');
}

/**
 * Allure scrolls its test tree to the first test when that test starts below the visible area, which the banner
 * makes likelier: the report's own header then opens scrolled away. The first automatic scroll of the overview is
 * undone; once a person scrolls, clicks or types, nothing is touched.
 */
const UNDO_FIRST_SCROLL = `<script>(() => {
  if (location.hash) return;
  let touched = false;
  for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'])
    addEventListener(type, () => { touched = true; }, { capture: true, once: true });
  const until = Date.now() + 4000;
  const undo = () => {
    if (touched || Date.now() > until) return;
    for (const tree of document.querySelectorAll('[data-tree-scroll-container]'))
      if (tree.scrollTop) tree.scrollTop = 0;
    requestAnimationFrame(undo);
  };
  requestAnimationFrame(undo);
})();</script>`;

/**
 * The page's layout with the banner: Allure's app fills the window below it (its own layout is 100vh high and
 * scrolls inside), and a long line in an error box wraps instead of running off the box.
 */
export const BANNER_STYLE = `<style id="psd2-verdict-style">
body { margin: 0; height: 100vh; display: flex; flex-direction: column; }
#psd2-verdict { flex: none; font: 14px/20px Arial, Helvetica, sans-serif; }
#psd2-verdict .psd2-verdict-party { padding: 8px 24px; }
#psd2-verdict .psd2-verdict-headline { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 14px; }
#psd2-verdict .psd2-verdict-headline strong { font-size: 22px; line-height: 30px; letter-spacing: 0.5px; }
#psd2-verdict code {
  font: 13px/20px monospace; background: rgba(255, 255, 255, 0.18); padding: 0 4px; border-radius: 3px;
}
#psd2-verdict .psd2-verdict-details { opacity: 0.9; font-size: 13px; }
#psd2-verdict .psd2-verdict-gate { font-weight: bold; }
#psd2-verdict .psd2-verdict-security {
  padding: 4px 24px; font-size: 13px; border-top: 1px solid rgba(255, 255, 255, 0.4);
}
#app { flex: 1 1 auto; min-height: 0; }
#app > div { height: 100% !important; }
#app pre { overflow-wrap: anywhere; }
</style>`;

/** The banner and its style in Allure's index.html (the served report and the single file alike). */
/** Where Allure's page starts its application: the banner goes before it. */
export const APP_ROOT = '<div id="app">';

export function withBanner(indexHtml: string, banner: string): string {
  if (indexHtml.includes('id="psd2-verdict"')) return indexHtml;
  const app = indexHtml.indexOf(APP_ROOT);
  const head = indexHtml.indexOf('</head>');
  if (app < 0 || head < 0) throw new Error('the Allure page has no <div id="app"> or </head>: cannot add the verdict');
  return `${indexHtml.slice(0, head)}${BANNER_STYLE}\n${indexHtml.slice(head, app)}${banner}\n${indexHtml.slice(app)}`;
}
