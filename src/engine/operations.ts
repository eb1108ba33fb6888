import { discoverOperation } from './discovery/operation.ts';
import { lintOperation } from './lint/operation.ts';
import { trustPolicyOperation } from './trust/operation.ts';
import type { Operation } from './operation.ts';
import { validateOperation } from './validate/operation.ts';

/**
 * Every operation of the engine, in the order the service documents them. The service's routes and
 * OpenAPI paths, the CLI's subcommands and the report's result kinds are all read from this table.
 */
export const OPERATIONS = [validateOperation, lintOperation, discoverOperation, trustPolicyOperation] as const;

export type OperationName = (typeof OPERATIONS)[number]['name'];

/** The operation of the table with this name. */
export type OperationNamed<Name extends OperationName> = Extract<(typeof OPERATIONS)[number], { readonly name: Name }>;

/**
 * What the operation with this name answers (ValidateResponse for 'validate', …); for a union of names,
 * the union of their responses.
 */
export type ResponseOf<Name extends OperationName> = Awaited<ReturnType<OperationNamed<Name>['run']>>;

const byName = new Map<string, Operation>(OPERATIONS.map((o) => [o.name, o]));

export function getOperation(name: string): Operation | undefined {
  return byName.get(name);
}
