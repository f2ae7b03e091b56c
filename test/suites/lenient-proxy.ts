import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { validate } from '../../schemas/index.js';
import type { SchemaName } from '../../spec/index.js';

/**
 * A throwaway front for the reference bank that makes the other choices interface.md allows, each where the
 * bank's own choice is a habit, not a rule (issue 13). Requests pass through byte for byte, so signatures still
 * verify; only the answers, and the decisions interface.md leaves to a bank, change:
 * - the API lives under a base path prefix (platform-notes.md: `/api-sandbox`), links are absolute URLs;
 * - a 401 carries only the Challenge body; other error bodies carry interface.md's members and tppMessages;
 * - what the bank refuses only for a SHOULD convention (letter case, blanks, IBAN MOD 97, a KID check digit) is
 *   accepted, as by a bank that upper-cases, trims and verifies no check digit;
 * - a created payment is PDNG with a WARNING tppMessage, no fees, an unknown member; a status read has extras;
 * - a basket's id is only in its self link; a basket authorisation gives its scaRedirect only by a later link;
 * - transaction lists are newest first, with a default limit of 3 when `limit` is absent;
 * - logical duplicates are keyed coarsely (debtor, creditors, amounts) and remembered for the whole run;
 * - a corporate user is remembered per PSU-ID once seen with PSU-Context CORPORATE, and is also whoever pays
 *   from a corporate customer's account: both need PSU-Corporate-ID from then on;
 * - bodies are gzip-compressed when the request offers gzip; Content-Type has no charset.
 */
export const PREFIX = '/api-sandbox';
const DEFAULT_LIMIT = 3;
const SHOULD_ONLY = [
  'Codes.letterCase.upper',
  'Values.whitespace.trimmed',
  'AccountReference.iban.checksum',
  'AccountReference.bban.norwegianMod11',
];
const PAYMENT = /^\/v1\/(payments|bulk-payments)\/([^/?]+)(\?|$)/;
const SCHEMA: Record<string, SchemaName> = {
  'norwegian-cross-border-credit-transfers': 'NcbctPaymentRequest',
  'sepa-credit-transfers': 'SctPaymentRequest',
  'norwegian-domestic-credit-transfers': 'BulkPaymentRequest',
};

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  raw?: Buffer;
}

export interface LenientProxy {
  url: string;
  close(): Promise<void>;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
/** Accept-Encoding names gzip (or x-gzip) with a q-value above 0: `br, gzip;q=0` refuses it (Group N). */
const offersGzip = (acceptEncoding: string | undefined): boolean =>
  (acceptEncoding ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return /^(x-)?gzip$/.test(coding) && (q === undefined || Number(q.slice(2)) > 0);
  });
const errorBody = (status: number, code: string, message: string): Json => ({
  id: `proxy-${status}`,
  system: 'lenient-proxy',
  status,
  code,
  message,
  tppMessages: [{ category: 'ERROR', code, text: message }],
});

export async function startLenientProxy(bankUrl: string): Promise<LenientProxy> {
  let origin = '';
  let created = 0;
  const corporatePsus = new Set<string>();
  const customerTypes = new Map<string, string>();
  const accountOwners = new Map<string, string>();
  const paymentKeys = new Set<string>();

  /** Links under a base path prefix, as absolute URLs. */
  const absolute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(absolute);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === 'href' && typeof v === 'string' && v.startsWith('/v1/') ? `${origin}${PREFIX}${v}` : absolute(v),
      ]),
    );
  };

  async function forward(req: IncomingMessage, path: string, body: Buffer): Promise<Answer> {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => !['host', 'connection', 'content-length', 'accept-encoding', 'transfer-encoding'].includes(k),
      ),
    ) as Record<string, string>;
    const res = await request(`${bankUrl}${path}`, {
      method: req.method as 'GET',
      headers,
      ...(body.length ? { body } : {}),
    });
    const raw = Buffer.from(await res.body.arrayBuffer());
    let parsed: unknown;
    try {
      parsed = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      parsed = undefined;
    }
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      headers: { ...(type ? { 'content-type': type.replace(/;.*$/, '') } : {}) },
      ...(parsed === undefined ? { raw } : { body: parsed }),
    };
  }

  /** The bank's own choices, where interface.md leaves them open, made differently. */
  function reshape(req: IncomingMessage, path: string, sent: Json | undefined, answer: Answer): Answer {
    const body = answer.body as Json | undefined;
    if (!body || typeof body !== 'object') return answer;
    const payment = PAYMENT.exec(path);
    if (answer.status === 401)
      return { ...answer, body: { _links: { scaRedirect: { href: `${origin}/sca`, verbs: ['GET'] } } } };
    if (answer.status >= 400 && typeof body.code === 'string') {
      const bySchema = payment && req.method === 'POST' ? SCHEMA[payment[2] as string] : undefined;
      const only = body.code === 'KID_INVALID' || SHOULD_ONLY.some((id) => String(body.message).endsWith(`(${id})`));
      if (bySchema && only && validate(bySchema, sent, { strictness: 'MUST' }).length === 0)
        return { ...answer, status: 201, body: { paymentId: `enc!!lenient${created++}==`, transactionStatus: 'RCVD' } };
      return { ...answer, body: { ...body, tppMessages: [{ category: 'ERROR', code: body.code }] } };
    }
    if (payment && req.method === 'POST' && answer.status === 201) {
      const { transactionFees: _fees, ...rest } = body;
      return {
        ...answer,
        body: absolute({
          ...rest,
          transactionStatus: 'PDNG',
          transactionFeeIndicator: false,
          tppMessages: [
            { category: 'WARNING', code: 'EXECUTION_DATE_INVALID', text: 'executed on the next banking day' },
          ],
          bankReference: 'LENIENT',
        }),
      };
    }
    if (/\/status$/.test(path) && answer.status === 200)
      return { ...answer, body: absolute({ ...body, fundsAvailable: true, psuMessage: 'Mottatt' }) };
    if (path === '/v1/signing-baskets' && answer.status === 201) {
      const { basketId: _id, ...rest } = body;
      return { ...answer, body: absolute(rest) };
    }
    if (/\/signing-baskets\/[^/]+\/authorisations$/.test(path) && answer.status === 201) {
      const { scaRedirect: _later, ...links } = (body._links ?? {}) as Json;
      return { ...answer, body: absolute({ ...body, _links: links }) };
    }
    if (/\/engagements/.test(path) && answer.status < 300) {
      const account = (body.account ?? {}) as Json;
      return { ...answer, body: absolute({ ...body, account: { ...account, currency: 'NOK' }, status: 'ACTIVE' }) };
    }
    return { ...answer, body: absolute(body) };
  }

  /** Transactions newest first, a default limit when none is asked for; offset and limit applied here. */
  async function transactions(req: IncomingMessage, path: string): Promise<Answer> {
    const url = new URL(path, 'http://x');
    const limit = url.searchParams.get('limit');
    const offset = url.searchParams.get('offset');
    // int32 (Endpoint 9): digits within range; anything else goes to the core, which refuses it.
    const valid = (v: string | null, min: number) =>
      v === null || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= 2_147_483_647);
    if (!valid(limit, 1) || !valid(offset, 0)) return forward(req, path, Buffer.alloc(0));
    url.searchParams.delete('offset');
    url.searchParams.set('limit', '100000');
    const whole = await forward(req, `${url.pathname}${url.search}`, Buffer.alloc(0));
    if (whole.status !== 200 || !Array.isArray(whole.body)) return whole;
    const start = Number(offset ?? 0);
    const page = [...whole.body].reverse().slice(start, start + Number(limit ?? DEFAULT_LIMIT));
    return { ...whole, body: absolute(page) };
  }

  /** Decisions this bank makes before its core sees the request: corporate users and coarse duplicates. */
  function refuse(req: IncomingMessage, path: string, sent: Json | undefined): Answer | undefined {
    const payment = PAYMENT.exec(path);
    if (!payment || req.method !== 'POST' || !sent) return undefined;
    const psu = header(req, 'psu-id');
    if (psu && header(req, 'psu-context') === 'CORPORATE') corporatePsus.add(psu);
    const debtor = (sent.debtorAccount ?? {}) as Json;
    const owner = accountOwners.get(String(debtor.bban ?? debtor.iban));
    const corporate = (psu && corporatePsus.has(psu)) || (owner && customerTypes.get(owner) === 'corporate');
    const json = { 'content-type': 'application/json' };
    if (corporate && !header(req, 'psu-corporate-id'))
      return {
        status: 400,
        headers: json,
        body: errorBody(400, 'FORMAT_ERROR', 'a corporate user needs PSU-Corporate-ID'),
      };
    const entries = Array.isArray(sent.payments) ? (sent.payments as Json[]) : [sent];
    const key = JSON.stringify([
      payment[2],
      debtor,
      entries.map((e) => [e.creditorAccount, (e.instructedAmount as Json | undefined)?.amount]),
    ]);
    const seen = paymentKeys.has(key);
    paymentKeys.add(key);
    if (seen && new URL(path, 'http://x').searchParams.get('allowLogicalDuplicate') !== 'true')
      return { status: 409, headers: json, body: errorBody(409, 'CONFLICT', 'same debtor, creditor and amount') };
    return undefined;
  }

  /** Sandbox set-up seen on the way: which customers are corporate, and who owns which account. */
  function learn(path: string, sent: Json | undefined): void {
    if (!sent) return;
    if (path === '/v1/sandbox/customers') customerTypes.set(String(sent.customerNumber), String(sent.type));
    if (path === '/v1/sandbox/accounts')
      for (const number of [sent.bban, sent.iban]) accountOwners.set(String(number), String(sent.customerNumber));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '/').startsWith(PREFIX) ? (req.url ?? '/').slice(PREFIX.length) : (req.url ?? '/');
    let sent: Json | undefined;
    try {
      sent = raw.length ? (JSON.parse(raw.toString('utf8')) as Json) : undefined;
    } catch {
      sent = undefined;
    }
    learn(path, sent);
    const answer =
      refuse(req, path, sent) ??
      (/\/v1\/sandbox\/accounts\/[^/]+\/transactions(\?|$)/.test(path) && req.method === 'GET'
        ? await transactions(req, path)
        : reshape(req, path, sent, await forward(req, path, raw)));
    let out = answer.body === undefined ? (answer.raw ?? Buffer.alloc(0)) : Buffer.from(JSON.stringify(answer.body));
    const headers: Record<string, string> = { ...answer.headers };
    if (answer.body !== undefined) headers['content-type'] = 'application/json';
    if (offersGzip(header(req, 'accept-encoding')) && out.length) {
      out = gzipSync(out);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(answer.status, headers);
    res.end(out);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`lenient proxy: ${err.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${PREFIX}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
