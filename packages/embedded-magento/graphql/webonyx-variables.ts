/**
 * A request's variables checked against the operation's variable definitions as webonyx/graphql-php 15
 * does before executing (`Values::getVariableValues` with `Value::coerceInputValue`), in its words:
 * `Variable "$input" got invalid value {…}; Field "text" of required type "String!" was not provided.`
 * Only the refusals are produced here; values that pass are left for graphql-js to coerce, which it does
 * the same way for the built-in scalars and enums the schema uses.
 */
import {
  getNullableType,
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLLeafType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { isRecord } from '../json.ts';
import { didYouMean, printSafeJson, suggestionList } from './webonyx-words.ts';

/** `CoercionError`: its message, where in the variable it arose (null at the top) and the value there. */
interface CoercionError {
  readonly message: string;
  readonly path: readonly (string | number)[] | null;
  readonly value: unknown;
}

const INT_MAX = 2147483647;

/** `parseValue` of the built-in scalars and enums: the refusal, or undefined. */
function leafRefusal(type: GraphQLLeafType, value: unknown): string | undefined {
  const printed = printSafeJson(value);
  if (isEnumType(type)) {
    const names = type.getValues().map((v) => v.name);
    if (typeof value !== 'string')
      return `Enum "${type.name}" cannot represent non-string value: ${printed}.${didYouMean(suggestionList(printed, names), 'the enum value ')}`;
    if (type.getValue(value)) return undefined;
    return `Value "${value}" does not exist in "${type.name}" enum.${didYouMean(suggestionList(value, names), 'the enum value ')}`;
  }
  switch (type.name) {
    case 'Int':
      if (typeof value !== 'number' || !Number.isInteger(value))
        return `Int cannot represent non-integer value: ${printed}`;
      return value > INT_MAX || value < -INT_MAX - 1
        ? `Int cannot represent non 32-bit signed integer value: ${printed}`
        : undefined;
    case 'Float':
      return Number.isFinite(value) ? undefined : `Float cannot represent non numeric value: ${printed}`;
    case 'String':
      return typeof value === 'string' ? undefined : `String cannot represent a non string value: ${printed}`;
    case 'Boolean':
      return typeof value === 'boolean'
        ? undefined
        : `Boolean cannot represent a non boolean value: ${printed}`;
    case 'ID':
      return typeof value === 'string' || Number.isInteger(value)
        ? undefined
        : `ID cannot represent a non-string and non-integer value: ${printed}`;
    default:
      return undefined;
  }
}

/** `Value::coerceInputValue`'s errors, in its order: fields in the type's order, then unknown fields. */
function coercionErrors(
  value: unknown,
  type: GraphQLInputType,
  path: readonly (string | number)[] | null,
): CoercionError[] {
  if (isNonNullType(type)) {
    if (value === null)
      return [{ message: `Expected non-nullable type "${type.toString()}" not to be null.`, path, value }];
    return coercionErrors(value, type.ofType, path);
  }
  if (value === null) return [];
  if (isListType(type)) {
    // A JSON object is a PHP array too, so its values are the list's items, keyed by name.
    if (Array.isArray(value) || isRecord(value)) {
      return Object.entries(value).flatMap(([key, item]) =>
        coercionErrors(item, type.ofType, [...(path ?? []), Array.isArray(value) ? Number(key) : key]),
      );
    }
    // A lone value is a list of one, checked without its path.
    return coercionErrors(value, type.ofType, null);
  }
  if (isInputObjectType(type)) {
    if (!isRecord(value) && !Array.isArray(value))
      return [{ message: `Expected type "${type.name}" to be an object.`, path, value }];
    const given: Record<string, unknown> = { ...value };
    const fields = type.getFields();
    const errors: CoercionError[] = [];
    for (const field of Object.values(fields)) {
      if (field.name in given)
        errors.push(...coercionErrors(given[field.name], field.type, [...(path ?? []), field.name]));
      else if (field.defaultValue === undefined && isNonNullType(field.type))
        errors.push({
          message: `Field "${field.name}" of required type "${field.type.toString()}" was not provided.`,
          path,
          value,
        });
    }
    for (const name of Object.keys(given).filter((key) => !(key in fields))) {
      const suggestions = suggestionList(name, Object.keys(fields));
      errors.push({
        message: `Field "${name}" is not defined by type "${type.name}".${didYouMean(suggestions)}`,
        path,
        value,
      });
    }
    return errors;
  }
  const refusal = leafRefusal(type, value);
  return refusal ? [{ message: refusal, path, value }] : [];
}

/** `CoercionError::printInputPath`: `.field` and `[index]` segments. */
const printPath = (path: readonly (string | number)[]): string =>
  path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('');

/**
 * `Values::getVariableValues`: each defined variable's value (as Magento decoded the request) against its
 * type; the errors, located at the variable's definition, or none.
 */
export function variableErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    // A variable of no input type is refused by validation, before this.
    if (!type || !isInputType(type)) continue;
    const given = Object.hasOwn(variables, name);
    const value = variables[name];
    if ((!given && definition.defaultValue) || (!given && !isNonNullType(type))) continue;
    if ((!given || value === null) && isNonNullType(type)) {
      const message = given
        ? `Variable "$${name}" of non-null type "${type.toString()}" must not be null.`
        : `Variable "$${name}" of required type "${type.toString()}" was not provided.`;
      errors.push(new GraphQLError(message, { nodes: definition }));
      continue;
    }
    if (value === null) continue;
    for (const error of coercionErrors(value, getNullableType(type), null)) {
      const at = error.path === null ? '' : ` at "${name}${printPath(error.path)}"`;
      errors.push(
        new GraphQLError(
          `Variable "$${name}" got invalid value ${printSafeJson(error.value)}${at}; ${error.message}`,
          { nodes: definition },
        ),
      );
    }
  }
  return errors;
}
