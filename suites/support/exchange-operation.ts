import type { Exchange } from '../../client/index.js';
import type { OperationId } from '../../spec/index.js';

/** The operation each exchange of this worker was sent as, so that a check's verdict lands in its operation's cell. */
const operations = new WeakMap<Exchange, OperationId>();

export const rememberOperation = (exchange: Exchange, op: OperationId): void => void operations.set(exchange, op);

export const operationOf = (exchange: Exchange): OperationId | undefined => operations.get(exchange);
