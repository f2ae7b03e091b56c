import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * interface.md › Group N: the server reports the coding it picked in Content-Encoding. A client that offered
 * gzip, deflate or br must read the body decoded; every coding is undone in the order it was applied, and the
 * decoded size is capped like the raw one (a small compressed body must not unfold into gigabytes).
 */
export class UndecodableBody extends Error {}

type Decoder = (data: Buffer, maxOutputLength: number) => Buffer;

const DECODERS: Record<string, Decoder> = {
  gzip: (data, maxOutputLength) => gunzipSync(data, { maxOutputLength }),
  'x-gzip': (data, maxOutputLength) => gunzipSync(data, { maxOutputLength }),
  // "deflate" is the zlib format (RFC 9110 §8.4.1.2), though some servers send raw deflate: read either.
  deflate: (data, maxOutputLength) => {
    try {
      return inflateSync(data, { maxOutputLength });
    } catch {
      return inflateRawSync(data, { maxOutputLength });
    }
  },
  br: (data, maxOutputLength) => brotliDecompressSync(data, { maxOutputLength }),
};

/** The body with every Content-Encoding undone; identity and an absent header leave it as it is. */
export function decodeBody(raw: Buffer, contentEncoding: string | string[] | undefined, maxBytes: number): Buffer {
  const header = Array.isArray(contentEncoding) ? contentEncoding.join(',') : (contentEncoding ?? '');
  const codings = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let body = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode) throw new UndecodableBody(`Content-Encoding ${coding} is not one this client can decode`);
    try {
      body = decode(body, maxBytes);
    } catch (err) {
      throw new UndecodableBody(`the body does not decode as ${coding}: ${(err as Error).message}`);
    }
  }
  return body;
}
