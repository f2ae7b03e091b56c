import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

/** The two checked-in documents, read as users read them: from the files. */
export type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter>; schemas: Record<string, Schema> };
};
export type Schema = { [keyword: string]: unknown };
export type Parameter = { name: string; in: string; required: boolean; description?: string; example?: unknown };
export type Operation = {
  operationId: string;
  summary: string;
  description: string;
  'x-assumption'?: boolean;
  parameters: (Parameter | { $ref: string })[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, unknown>;
};

/** Operations whose request body interface.md or platform-notes.md shows, and the optional body of the reset. */
export const WITH_BODY = [
  'ncbct.create',
  'sct.create',
  'bulk.create',
  'basket.create',
  'sandbox.engagement.create',
  'sandbox.cardAccount.create',
  'sandbox.customer.create',
  'sandbox.account.create',
  'sandbox.agreement.create',
  'sandbox.transactions.create',
  'sandbox.cardTransactions.create',
  'sandbox.initialize',
];

export const FILES = { '3.1': 'openapi.json', '3.0': 'openapi-3.0.json' } as const;
export type Version = keyof typeof FILES;

export const fileText = (version: Version): string =>
  readFileSync(new URL(`../../schemas/${FILES[version]}`, import.meta.url), 'utf8');
export const loadDoc = (version: Version): Doc => JSON.parse(fileText(version)) as Doc;

/** Every operation of a document with its path and method. */
export function operations(doc: Doc): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
}

/** An operation's parameters with `#/components/parameters/…` references resolved. */
export function parametersOf(doc: Doc, op: Operation): Parameter[] {
  return op.parameters.map((p) => {
    if (!('$ref' in p)) return p;
    const found = doc.components.parameters[p.$ref.replace('#/components/parameters/', '')];
    if (!found) throw new Error(`dangling reference ${p.$ref}`);
    return found;
  });
}

type FormatsPlugin = (ajv: Ajv | Ajv2020, formats: string[]) => unknown;
const formatsModule = ajvFormats as unknown as { default: FormatsPlugin | { default: FormatsPlugin } };
/** The formats schemas/index.ts checks. */
export const FORMATS = ['date', 'date-time', 'uuid', 'uri', 'ipv4', 'ipv6'];
export const addFormats: FormatsPlugin =
  typeof formatsModule.default === 'function' ? formatsModule.default : formatsModule.default.default;

/**
 * A validator for one component schema of a document, as a JSON Schema tool would build it: JSON Schema 2020-12
 * for the 3.1 document, draft-07 (the closest ajv has to 3.0's dialect) for the 3.0 one. OpenAPI-only keywords
 * (example, deprecated, x-…) are ignored, as OpenAPI says.
 */
export function componentValidator(version: Version): (name: string) => ValidateFunction {
  const doc = loadDoc(version);
  const ajv = version === '3.1' ? new Ajv2020({ strict: false }) : new Ajv({ strict: false });
  addFormats(ajv, FORMATS);
  const id = `https://openapi.test/${version}`;
  ajv.addSchema({ $id: id, components: doc.components });
  return (name) => {
    const validate = ajv.getSchema(`${id}#/components/schemas/${name}`);
    if (!validate) throw new Error(`no component ${name} in the ${version} document`);
    return validate;
  };
}
