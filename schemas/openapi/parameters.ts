import type { HeaderSpec, OperationSpec, QueryParam } from '../../spec/index.js';
import { PAYMENT_PRODUCTS } from '../../spec/index.js';
import type { JsonSchema } from '../json/annotate.js';
import { PATH_EXAMPLES } from './examples.js';

/**
 * Headers that are no parameters: OpenAPI ignores Accept, Content-Type and Authorization (the media types say
 * them), and every HTTP client sets Host from the URL; as a parameter without an example, Dredd's parser adds
 * `Host: ""` to every request it builds.
 */
const IMPLICIT_HEADERS = new Set(['accept', 'content-type', 'authorization', 'host']);

/**
 * interface.md › Authentication 4: the PSU is identified by PSU-ID or by X-PSU-IDENTITY. OpenAPI cannot require
 * "one of two headers", so both are `required: false` and this sentence says what is required.
 */
export const PSU_IDENTIFICATION =
  'Required: PSU-ID, or X-PSU-IDENTITY instead: one of the two identifies the PSU (interface.md › Authentication 4). ' +
  'OpenAPI cannot require one of two headers, so both are marked required: false.';

/** The same where interface.md leaves the operation's required headers open (basket read: "not shown"). */
export const PSU_IDENTIFICATION_NOT_SHOWN =
  'PSU-ID, or X-PSU-IDENTITY instead, identifies the PSU (interface.md › Authentication 4); whether this operation ' +
  'requires it: not shown.';

/** The sentence on PSU identification for a header of the given presence. */
const psuSentence = (presence: HeaderSpec['presence']) =>
  presence === 'unknown' ? PSU_IDENTIFICATION_NOT_SHOWN : PSU_IDENTIFICATION;

function headerSchema(header: HeaderSpec): JsonSchema {
  switch (header.format.kind) {
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'ip':
      return { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] };
    case 'uri':
      return { type: 'string', format: 'uri' };
    case 'enum':
      return { type: 'string', enum: [...header.format.values] };
    default:
      return { type: 'string' };
  }
}

const identifiesPsu = (header: HeaderSpec) => header.name === 'PSU-ID' || header.name === 'X-PSU-IDENTITY';

function headerParameter(header: HeaderSpec): JsonSchema {
  const psu = identifiesPsu(header);
  const notes = psu
    ? [`Group ${header.group}.`, psuSentence(header.presence), header.name === 'PSU-ID' ? '' : (header.note ?? '')]
    : [
        `Group ${header.group}.`,
        header.presence === 'conditional' ? 'Conditionally required.' : '',
        header.presence === 'unknown' ? 'Whether required: not shown.' : '',
        header.note ?? '',
      ];
  return {
    name: header.name,
    in: 'header',
    required: header.presence === 'yes',
    description: notes.filter(Boolean).join(' '),
    schema: headerSchema(header),
    'x-presence': header.presence,
  };
}

const PRESENCE_WORDS: Record<HeaderSpec['presence'], string> = {
  yes: 'required',
  no: 'optional',
  conditional: 'conditional',
  unknown: 'presenceNotShown',
};

export interface HeaderParameters {
  /**
   * components.parameters: each header once per presence it has somewhere ("header.PSU-ID",
   * "header.x-accept-fix.required").
   */
  components: Record<string, JsonSchema>;
  /** The operation's header parameters as references to those components. */
  refsFor(op: OperationSpec): JsonSchema[];
}

/**
 * Header parameters are written once under components.parameters and referenced from the operations: the document
 * is smaller, and Dredd's parser, which warns about every header whose name contains "Accept" (Accept-Language,
 * PSU-Accept, x-accept-fix …), warns once per header instead of once per operation.
 */
export function headerParameters(ops: readonly OperationSpec[]): HeaderParameters {
  const taken = (op: OperationSpec) => op.headers.filter((h) => !IMPLICIT_HEADERS.has(h.name.toLowerCase()));
  const variants = new Map<string, Set<HeaderSpec['presence']>>();
  for (const header of ops.flatMap(taken))
    (variants.get(header.name) ?? variants.set(header.name, new Set()).get(header.name))?.add(header.presence);
  // "header." keeps x-accept-fix's key from reading as an extension (x-…) to tools that walk the document.
  const key = (h: HeaderSpec) =>
    `header.${h.name}${(variants.get(h.name)?.size ?? 0) > 1 ? `.${PRESENCE_WORDS[h.presence]}` : ''}`;
  const components: Record<string, JsonSchema> = {};
  for (const header of ops.flatMap(taken)) components[key(header)] ??= headerParameter(header);
  return {
    components,
    refsFor: (op) => taken(op).map((h) => ({ $ref: `#/components/parameters/${key(h)}` })),
  };
}

/** What the operation's description says about PSU identification, when it takes PSU-ID. */
export function psuIdentification(op: OperationSpec): string | undefined {
  const psuId = op.headers.find((h) => h.name === 'PSU-ID');
  return psuId && `PSU identification: ${psuSentence(psuId.presence)}`;
}

export function queryParameter(param: QueryParam): JsonSchema {
  const schema: JsonSchema =
    param.type === 'int32'
      ? { type: 'integer', format: 'int32', ...(param.minimum !== undefined ? { minimum: param.minimum } : {}) }
      : param.type === 'date'
        ? { type: 'string', format: 'date' }
        : { type: 'boolean' };
  return { name: param.name, in: 'query', required: param.required, description: param.description, schema };
}

/** The path of an operation as the document writes it, and its parameters' names there. */
export interface DocumentPath {
  key: string;
  /** interface.md's parameter name → the document's. */
  names: Map<string, string>;
}

/** `payment-product` → `paymentProduct`: a URI Template variable (RFC 6570) has no `-`, and Dredd refuses one. */
const templateName = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/**
 * Gives each operation's path a key tools accept. Two paths that differ only in their parameter names (interface.md's
 * `/v1/sandbox/accounts/{mockAccountId}/transactions` and `…/{mockCardAccountId}/transactions`) are one path to
 * OpenAPI ("templated paths with the same hierarchy but different templated names MUST NOT exist"): the later one
 * takes the earlier one's names. The URLs a client sends do not change.
 */
export function documentPaths(ops: readonly OperationSpec[]): Map<OperationSpec, DocumentPath> {
  const byShape = new Map<string, string>();
  const out = new Map<OperationSpec, DocumentPath>();
  for (const op of ops) {
    const renamed = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => `{${templateName(name)}}`);
    const key = byShape.get(shape(renamed)) ?? renamed;
    byShape.set(shape(renamed), key);
    const documentNames = [...key.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    out.set(op, { key, names: new Map(op.pathParams.map((name, i) => [name, documentNames[i] as string])) });
  }
  return out;
}

export function pathParameter(specName: string, documentName: string): JsonSchema {
  const reason =
    templateName(specName) !== specName
      ? 'a URI Template variable (RFC 6570) cannot contain "-", and Dredd refuses the name'
      : 'OpenAPI gives a path one parameter name per position, and this path is shared with another operation';
  const notes = [
    specName !== documentName
      ? `interface.md calls it \`${specName}\`; renamed because ${reason}. URLs are the same.`
      : '',
    documentName === 'paymentProduct'
      ? `Payment products seen (platform-notes.md): ${PAYMENT_PRODUCTS.join(', ')}.`
      : '',
  ].filter(Boolean);
  const example = PATH_EXAMPLES[documentName];
  if (example === undefined) throw new Error(`OpenAPI rendering: no example for path parameter ${documentName}`);
  return {
    name: documentName,
    in: 'path',
    required: true,
    ...(notes.length ? { description: notes.join(' ') } : {}),
    schema: { type: 'string' },
    example,
  };
}
