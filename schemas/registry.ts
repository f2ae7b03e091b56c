import type { SchemaName } from '../spec/index.js';
import { SCHEMA_BASE, type JsonSchema } from './json/annotate.js';
import * as baskets from './json/baskets.js';
import * as payments from './json/payments.js';
import * as sandbox from './json/sandbox.js';
import * as shared from './json/shared.js';

/** The shared types, validated on their own or referenced by `$ref: '<Name>'` from the bodies. */
export type SharedSchemaName =
  | 'Currency'
  | 'Country'
  | 'Amount'
  | 'Address'
  | 'BulkAddress'
  | 'StructuredRemittanceItem'
  | 'Link'
  | 'Links'
  | 'TppMessage'
  | 'BulkPaymentEntry'
  | 'SandboxTransaction';
export type AnySchemaName = SchemaName | SharedSchemaName;

/** Every schema by name: the shared types referenced by `$ref: '<Name>'`, and the bodies of the operations. */
const ALL: Record<AnySchemaName, JsonSchema> = {
  Currency: shared.Currency,
  Country: shared.Country,
  Amount: shared.Amount,
  Address: shared.Address,
  BulkAddress: shared.BulkAddress,
  StructuredRemittanceItem: shared.StructuredRemittanceItem,
  Link: shared.Link,
  Links: shared.Links,
  TppMessage: shared.TppMessage,
  ErrorBody: shared.ErrorBody,
  ChallengeBody: shared.ChallengeBody,
  NcbctPaymentRequest: payments.NcbctPaymentRequest,
  SctPaymentRequest: payments.SctPaymentRequest,
  BulkPaymentEntry: payments.BulkPaymentEntry,
  BulkPaymentRequest: payments.BulkPaymentRequest,
  PaymentInitiationResponse: payments.PaymentInitiationResponse,
  BulkPaymentInitiationResponse: payments.BulkPaymentInitiationResponse,
  SigningBasket: baskets.SigningBasket,
  SigningBasketRequest: baskets.SigningBasketRequest,
  BasketAuthorisation: baskets.BasketAuthorisation,
  SandboxEngagement: sandbox.SandboxEngagement,
  SandboxCardAccountRequest: sandbox.SandboxCardAccountRequest,
  SandboxCardAccountResponse: sandbox.SandboxCardAccountResponse,
  SandboxTransaction: sandbox.SandboxTransaction,
  SandboxTransactionList: sandbox.SandboxTransactionList,
};

/** The JSON Schemas (draft 2020-12), each with its `$id`; `$ref`s are relative to SCHEMA_BASE. */
export const SCHEMAS: Readonly<Record<string, JsonSchema>> = Object.fromEntries(
  Object.entries(ALL).map(([name, schema]) => [
    name,
    { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `${SCHEMA_BASE}${name}`, title: name, ...schema },
  ]),
);

/** The schemas an operation body or response can be validated against (spec/operations.ts names them). */
export const BODY_SCHEMAS: readonly SchemaName[] = [
  'NcbctPaymentRequest',
  'SctPaymentRequest',
  'BulkPaymentRequest',
  'PaymentInitiationResponse',
  'BulkPaymentInitiationResponse',
  'SigningBasket',
  'SigningBasketRequest',
  'BasketAuthorisation',
  'SandboxEngagement',
  'SandboxCardAccountRequest',
  'SandboxCardAccountResponse',
  'SandboxTransactionList',
  'ErrorBody',
  'ChallengeBody',
];
