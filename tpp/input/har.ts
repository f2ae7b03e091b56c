import type { HeaderLine, RecordedRequest } from '../types.js';
import { InputError } from './errors.js';

interface HarRequest {
  method?: unknown;
  url?: unknown;
  headers?: unknown;
  postData?: unknown;
  bodySize?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export interface HarRead {
  requests: RecordedRequest[];
  /** Entries left out: neither an interface.md path (/v1/) nor signed (a browser's pages, scripts, images). */
  skipped: number;
}

/**
 * A HAR keeps the body as text (postData.text), which a browser or tool may have decoded, cut or rebuilt: where the
 * entry's Content-Length or bodySize says another size than the text's bytes, the text is not the body as sent.
 */
function sizeNote(request: HarRequest, headers: readonly HeaderLine[], body: Buffer | undefined): string[] {
  const bytes = body?.length ?? 0;
  const contentLength = headers.find(([n]) => n.toLowerCase() === 'content-length')?.[1].trim();
  const said = [
    ...(contentLength && /^\d+$/.test(contentLength) ? [{ size: Number(contentLength), by: 'Content-Length' }] : []),
    ...(typeof request.bodySize === 'number' && request.bodySize >= 0
      ? [{ size: request.bodySize, by: 'bodySize' }]
      : []),
  ].find((s) => s.size !== bytes);
  return said
    ? [
        `the entry's ${said.by} says ${said.size} bytes but postData.text is ${bytes} bytes as UTF-8: the HAR does ` +
          'not hold the body as sent, and Digest is judged over the text as recorded',
      ]
    : [];
}

/** The requests of a HAR 1.2 file (entries[].request), with each entry's startedDateTime as its recording time. */
export function harRequests(json: unknown, name: string): HarRead {
  const entries = isObject(json) && isObject(json.log) ? json.log.entries : undefined;
  if (!Array.isArray(entries)) throw new InputError(`${name} is JSON but not a HAR file (no log.entries)`);
  const requests: RecordedRequest[] = [];
  let skipped = 0;
  entries.forEach((entry: unknown, i) => {
    const request = (isObject(entry) ? entry.request : undefined) as HarRequest | undefined;
    if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string')
      throw new InputError(`${name}: entry ${i + 1} has no request with a method and a url`);
    const headers: HeaderLine[] = (Array.isArray(request.headers) ? request.headers : [])
      .filter((h: unknown): h is { name: string; value: string } => isObject(h) && typeof h.name === 'string')
      .filter((h) => !h.name.startsWith(':')) // HTTP/2 pseudo-headers are not headers
      .map((h) => [h.name, String(h.value ?? '')] as const);
    const signed = headers.some(([n]) => n.toLowerCase() === 'signature');
    if (!signed && !/\/v1\//.test(request.url)) {
      skipped++;
      return;
    }
    const postData = isObject(request.postData) ? request.postData : {};
    const text = postData.text;
    const body =
      typeof text === 'string' && text !== ''
        ? Buffer.from(text, postData.encoding === 'base64' ? 'base64' : 'utf8')
        : undefined;
    const started =
      isObject(entry) && typeof entry.startedDateTime === 'string' ? new Date(entry.startedDateTime) : undefined;
    const notes = sizeNote(request, headers, body);
    requests.push({
      method: request.method,
      url: request.url,
      source: `${name}#${i + 1}`,
      headers,
      ...(body ? { body } : {}),
      ...(notes.length ? { notes } : {}),
      ...(started && !Number.isNaN(started.getTime()) ? { recordedAt: started } : {}),
    });
  });
  return { requests, skipped };
}
