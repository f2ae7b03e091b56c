import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickOn, expand, manualScaDriver, scaDriver } from '../../client/sca/index.js';

const RETURN_TO = 'https://tpp.example/callback';

/**
 * A sandbox's SCA pages: /direct?result=ok|fail redirects back at once; /page shows a link and a form; the form
 * needs the cookie /page set; /broken answers 500; /stays answers 200 and never sends the PSU back.
 */
function sandbox(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const back = (result: string) => {
      res.writeHead(302, { location: `${RETURN_TO}?result=${result}` }).end();
    };
    if (url.pathname === '/direct') return back(url.searchParams.get('result') ?? 'none');
    if (url.pathname === '/page') {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'session=s1; Path=/' });
      return res.end(
        '<html><body><a href="/hop?to=deny">Avbryt betalingen</a>' +
          '<form method="post" action="/submit"><input type="hidden" name="token" value="t1">' +
          '<button name="choice" value="approve">Godkjenn</button></form></body></html>',
      );
    }
    if (url.pathname === '/hop')
      return res.writeHead(303, { location: `/direct?result=${url.searchParams.get('to')}` }).end();
    if (url.pathname === '/submit') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => back(req.headers.cookie === 'session=s1' ? body : 'no-cookie'));
      return undefined;
    }
    if (url.pathname === '/stays') return res.writeHead(200).end('<p>Done</p>');
    res.writeHead(500).end();
    return undefined;
  });
}

describe('SCA drivers (client/sca)', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = sandbox();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('expand puts the link in the template and joins a query the link already has with &', () => {
    expect(expand('{scaRedirect}?result=ok', 'https://b/sca/1')).toBe('https://b/sca/1?result=ok');
    expect(expand('{scaRedirect}?result=ok', 'https://b/sca?id=1')).toBe('https://b/sca?id=1&result=ok');
    expect(expand('https://b/approve?link={scaRedirect}', 'x')).toBe('https://b/approve?link=x');
  });

  it('embedded: ?result=ok approves, ?result=fail denies, and the PSU comes back to TPP-Redirect-URI', async () => {
    const driver = scaDriver({ driver: 'embedded', returnTo: RETURN_TO });
    const approved = await driver.decide(`${origin}/direct`, 'approve');
    const denied = await driver.decide(`${origin}/direct`, 'deny');
    expect([approved.returned, approved.steps[0]?.location]).toEqual([true, `${RETURN_TO}?result=ok`]);
    expect([denied.returned, denied.steps[0]?.location]).toEqual([true, `${RETURN_TO}?result=fail`]);
  });

  it('http with form:TEXT posts the form with its fields and the cookie the page set', async () => {
    const driver = scaDriver({ driver: 'http', approve: 'form:godkjenn', deny: 'link:Avbryt', returnTo: RETURN_TO });
    const approved = await driver.decide(`${origin}/page`, 'approve');
    expect(approved.steps.map((s) => `${s.method} ${new URL(s.url).pathname} ${s.status}`)).toEqual([
      'GET /page 200',
      'POST /submit 302',
    ]);
    expect(approved.steps.at(-1)?.location).toBe(`${RETURN_TO}?result=token=t1&choice=approve`);
    const denied = await driver.decide(`${origin}/page`, 'deny');
    expect([denied.returned, denied.steps.length, denied.steps.at(-1)?.location]).toEqual([
      true,
      3,
      `${RETURN_TO}?result=deny`,
    ]);
  });

  it('a template that matches nothing is a configuration error naming it, never the bank failing SCA', async () => {
    const driver = scaDriver({ driver: 'http', approve: 'link:Bekreft', deny: 'form:Godkjenn', returnTo: RETURN_TO });
    const page = await driver.decide(`${origin}/page`, 'approve');
    expect([page.returned, page.problem, page.misconfigured]).toEqual([
      false,
      undefined,
      'SCA_APPROVE_URL=link:Bekreft matched nothing: no link or form "Bekreft" on the page at ' +
        `${origin}/page (HTTP 200)`,
    ]);
    // A bank that sends the PSU back at once (deciding by itself) never showed the form the template names.
    const back = await driver.decide(`${origin}/direct`, 'deny');
    expect([back.returned, back.misconfigured]).toEqual([
      false,
      'SCA_DENY_URL=form:Godkjenn matched nothing: the bank sent the PSU back to TPP-Redirect-URI from ' +
        `${origin}/direct before showing a page with a link or form to click (a URL template such as ` +
        '{scaRedirect}?… decides on such a bank)',
    ]);
  });

  it('an error or a page that never sends the PSU back is a problem in one line', async () => {
    const driver = scaDriver({ driver: 'http', approve: 'link:Bekreft', deny: '{scaRedirect}', returnTo: RETURN_TO });
    expect((await driver.decide(`${origin}/broken`, 'deny')).problem).toBe(`GET ${origin}/broken answered 500`);
    expect((await driver.decide(`${origin}/stays`, 'deny')).problem).toBe(
      `GET ${origin}/stays answered 200 without sending the PSU back to ${RETURN_TO}`,
    );
  });

  it('manual: not testable, with the reason, and it never sends anything', async () => {
    const driver = manualScaDriver();
    expect(driver.notTestable).toMatch(/^SCA_DRIVER=manual: a person approves SCA/);
    await expect(driver.decide(`${origin}/direct`, 'approve')).rejects.toThrow('SCA_DRIVER=manual');
  });

  it('clickOn finds a link by its text and a GET form with its fields', () => {
    const html =
      '<a href="x/y">  Godkjenn\n betaling </a>' +
      '<form action="/f"><input name="a" value="1"><input type="submit" value="Send"></form>';
    expect(clickOn(html, 'https://b/p/q', 'godkjenn betaling')).toEqual({ method: 'GET', url: 'https://b/p/x/y' });
    expect(clickOn(html, 'https://b/p/q', 'send')).toEqual({ method: 'GET', url: 'https://b/f?a=1' });
    expect(clickOn(html, 'https://b/p/q', 'nothing')).toBeUndefined();
  });
});
