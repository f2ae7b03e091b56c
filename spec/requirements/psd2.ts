/**
 * PSD2 itself, where interface.md is silent on security: the Directive and the RTS, cited by article. Each article is
 * described here in this project's words (what it requires, as far as a rule of the catalogue rests on it); the
 * articles' own text is not quoted. A rule whose source is PSD2 names its articles (`Requirement.source`), and its
 * section is made from them (`psd2Section`), so the citation a failure prints is the one the catalogue row holds.
 */

/** The two texts, as a citation names them. */
export const PSD2_TEXTS = {
  directive: 'Directive (EU) 2015/2366',
  rts: 'Delegated Regulation (EU) 2018/389 (RTS)',
} as const;

export interface Psd2Article {
  text: keyof typeof PSD2_TEXTS;
  /** The article and, where the rule rests on one, its paragraph and point: `66(3)(d)`. */
  article: string;
  /** What it requires, in this project's words. */
  requires: string;
}

/** The articles the catalogue cites, by a short key. */
export const PSD2_ARTICLES = {
  'directive-66-3-d': {
    text: 'directive',
    article: '66(3)(d)',
    requires:
      'the payment initiation service provider identifies itself towards the payer’s account servicing bank every ' +
      'time a payment is initiated, and communicates with it securely',
  },
  'directive-66-4-a': {
    text: 'directive',
    article: '66(4)(a)',
    requires: 'the account servicing bank communicates securely with payment initiation service providers',
  },
  'directive-66-4-b': {
    text: 'directive',
    article: '66(4)(b)',
    requires:
      'on receiving a payment order from a payment initiation service provider, the bank makes the information on ' +
      'its initiation and execution available to that provider',
  },
  'rts-30-1': {
    text: 'rts',
    article: '30(1)(a) and (c)',
    requires:
      'the bank’s access interface lets each TPP identify itself towards the bank, and lets a payment initiation ' +
      'service provider communicate securely to initiate a payment and receive the information on it',
  },
  'rts-34': {
    text: 'rts',
    article: '34(1)',
    requires:
      'for that identification, TPPs rely on qualified certificates (eIDAS) for electronic seals or website ' +
      'authentication',
  },
  'rts-35': {
    text: 'rts',
    article: '35',
    requires:
      'security of the communication session: the data exchanged stays confidential and intact between the ' +
      'communicating parties, and a communication refers unambiguously to its session and to the payment initiated',
  },
} as const satisfies Record<string, Psd2Article>;

export type Psd2ArticleId = keyof typeof PSD2_ARTICLES;

/** Where PSD2 states a rule interface.md does not: its articles, and why the rule follows from them. */
export interface Psd2Source {
  text: 'PSD2';
  articles: Psd2ArticleId[];
  /** Why the rule follows from the articles, in this project's words. */
  why: string;
}

/**
 * The section of a rule PSD2 states, made from its articles in their order, each text named once:
 * `PSD2 › Directive (EU) 2015/2366 Art. 66(3)(d), 66(4)(a); Delegated Regulation (EU) 2018/389 (RTS) Art. 30(1)(a)
 * and (c), 34(1), 35`.
 */
export function psd2Section(articles: readonly Psd2ArticleId[]): string {
  const byText = new Map<keyof typeof PSD2_TEXTS, string[]>();
  for (const id of articles) {
    const a: Psd2Article = PSD2_ARTICLES[id];
    byText.set(a.text, [...(byText.get(a.text) ?? []), a.article]);
  }
  const parts = [...byText].map(([text, cited]) => `${PSD2_TEXTS[text]} Art. ${cited.join(', ')}`);
  return `PSD2 › ${parts.join('; ')}`;
}
