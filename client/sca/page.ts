import { parse } from 'node-html-parser';

/** The next request a browser makes when the PSU clicks a link or submits a form the page shows. */
export interface Click {
  method: 'GET' | 'POST';
  url: string;
  /** application/x-www-form-urlencoded, for a form sent with POST. */
  form?: string;
}

const matches = (text: string | undefined, wanted: string) =>
  (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase().includes(wanted.toLowerCase());

/**
 * On an HTML page, the link whose text holds `text`, or the form with a submit button (or input) whose text or value
 * holds it: the form's own fields are sent with the button's name and value, as a browser sends them.
 */
export function clickOn(html: string, pageUrl: string, text: string): Click | undefined {
  const root = parse(html);
  const anchor = root.querySelectorAll('a[href]').find((a) => matches(a.text, text));
  if (anchor) return { method: 'GET', url: new URL(anchor.getAttribute('href') ?? '', pageUrl).href };
  for (const form of root.querySelectorAll('form')) {
    const button = form
      .querySelectorAll('button, input[type=submit]')
      .find((b) => matches(b.text, text) || matches(b.getAttribute('value'), text));
    if (!button) continue;
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll('input[name]'))
      if (!['submit', 'button', 'checkbox', 'radio'].includes((input.getAttribute('type') ?? '').toLowerCase()))
        fields.append(input.getAttribute('name') ?? '', input.getAttribute('value') ?? '');
    const name = button.getAttribute('name');
    if (name) fields.append(name, button.getAttribute('value') ?? '');
    const method = (form.getAttribute('method') ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
    const action = new URL(form.getAttribute('action') ?? pageUrl, pageUrl);
    if (method === 'GET') {
      action.search = fields.toString();
      return { method, url: action.href };
    }
    return { method, url: action.href, form: fields.toString() };
  }
  return undefined;
}
