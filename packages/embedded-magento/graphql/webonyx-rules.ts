/**
 * Validation as Magento 2.4's GraphQL validates a query: webonyx/graphql-php 15's
 * `DocumentValidator::defaultRules()`, in its order and its words (graphql-js words several differently:
 * "Expected value of type … to include required field …" where webonyx says "Field … of required type …
 * was not provided."). graphql-js's rule runs where webonyx's reports the same text; where only the
 * wording differs it is reworded as it is reported; where the text needs more than its message
 * (input values, misspelt fields on interfaces) the rule is webonyx's, written here.
 */
import {
  ExecutableDefinitionsRule,
  FragmentsOnCompositeTypesRule,
  getNamedType,
  getNullableType,
  GraphQLError,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredInputField,
  Kind,
  KnownArgumentNamesRule,
  KnownDirectivesRule,
  KnownFragmentNamesRule,
  KnownTypeNamesRule,
  LoneAnonymousOperationRule,
  NoFragmentCyclesRule,
  NoUndefinedVariablesRule,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  OverlappingFieldsCanBeMergedRule,
  PossibleFragmentSpreadsRule,
  print,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  SingleFieldSubscriptionsRule,
  UniqueArgumentNamesRule,
  UniqueDirectivesPerLocationRule,
  UniqueFragmentNamesRule,
  UniqueInputFieldNamesRule,
  UniqueOperationNamesRule,
  UniqueVariableNamesRule,
  VariablesAreInputTypesRule,
  VariablesInAllowedPositionRule,
  type ASTVisitor,
  type GraphQLLeafType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { didYouMean, suggestionList } from './webonyx-words.ts';

/** A rewording: a pattern of graphql-js's message and webonyx's text for it (`$1`… its groups). */
type Rewording = readonly [RegExp, string];

/**
 * graphql-js's rule with its messages reworded as they are reported: the rule sees the shared context
 * but for `reportError`, which rewrites the message.
 */
function reworded(rule: ValidationRule, rewordings: readonly Rewording[]): ValidationRule {
  return (context) => {
    const reportError = (error: GraphQLError): void => {
      const message = rewordings.reduce(
        (text, [pattern, words]) => text.replace(pattern, words),
        error.message,
      );
      context.reportError(new GraphQLError(message, { nodes: error.nodes ?? null }));
    };
    return rule(
      new Proxy(context, {
        get: (target, key, receiver) =>
          key === 'reportError' ? reportError : Reflect.get(target, key, receiver),
      }),
    );
  };
}

/** `Int::parseLiteral` and the other built-in scalars': the literal's refusal, or undefined. */
function leafRefusal(type: GraphQLLeafType, node: ValueNode): string | undefined {
  const printed = print(node);
  if (isEnumType(type)) {
    const names = type.getValues().map((value) => value.name);
    if (node.kind !== Kind.ENUM)
      return `Enum "${type.name}" cannot represent non-enum value: ${printed}.${didYouMean(suggestionList(printed, names), 'the enum value ')}`;
    if (type.getValue(node.value)) return undefined;
    return `Value "${printed}" does not exist in "${type.name}" enum.${didYouMean(suggestionList(printed, names), 'the enum value ')}`;
  }
  switch (type.name) {
    case 'Int': {
      // webonyx says "non-integer" for a literal out of 32-bit range too.
      const value = node.kind === Kind.INT ? Number(node.value) : NaN;
      const fits = String(value) === printed && value >= -2147483648 && value <= 2147483647;
      return fits ? undefined : `Int cannot represent non-integer value: ${printed}`;
    }
    case 'Float':
      return node.kind === Kind.FLOAT || node.kind === Kind.INT
        ? undefined
        : `Float cannot represent non numeric value: ${printed}`;
    case 'String':
      return node.kind === Kind.STRING ? undefined : `String cannot represent a non string value: ${printed}`;
    case 'Boolean':
      return node.kind === Kind.BOOLEAN
        ? undefined
        : `Boolean cannot represent a non boolean value: ${printed}`;
    case 'ID':
      return node.kind === Kind.STRING || node.kind === Kind.INT
        ? undefined
        : `ID cannot represent a non-string and non-integer value: ${printed}`;
    default:
      // The schema has no scalar of its own; one would say itself what it refuses.
      return undefined;
  }
}

/** webonyx's `ValuesOfCorrectType`: every literal of the type its position expects. */
function valuesOfCorrectType(context: ValidationContext): ASTVisitor {
  const report = (message: string, node: ValueNode) =>
    context.reportError(new GraphQLError(message, { nodes: node }));
  const isValidValueNode = (node: ValueNode): void => {
    const locationType = context.getInputType();
    if (!locationType) return;
    const type = getNamedType(locationType);
    if (!isLeafType(type)) {
      report(`Expected value of type "${type.name}", found ${print(node)}.`, node);
      return;
    }
    const refusal = leafRefusal(type, node);
    if (refusal) report(refusal, node);
  };
  return {
    NullValue(node) {
      const type = context.getInputType();
      if (isNonNullType(type)) report(`Expected value of type "${type.toString()}", found null.`, node);
    },
    ListValue(node) {
      const parent = context.getParentInputType();
      if (isListType(parent ? getNullableType(parent) : undefined)) return undefined;
      isValidValueNode(node);
      return false;
    },
    ObjectValue(node) {
      const type = getNamedType(context.getInputType());
      if (!isInputObjectType(type)) {
        isValidValueNode(node);
        return false;
      }
      const given = new Set(node.fields.map((field) => field.name.value));
      for (const field of Object.values(type.getFields())) {
        if (!given.has(field.name) && isRequiredInputField(field))
          report(
            `Field ${type.name}.${field.name} of required type ${field.type.toString()} was not provided.`,
            node,
          );
      }
      return undefined;
    },
    ObjectField(node) {
      const parent = getNamedType(context.getParentInputType());
      if (!isInputObjectType(parent) || context.getInputType()) return;
      const suggestions = suggestionList(node.name.value, Object.keys(parent.getFields()));
      context.reportError(
        new GraphQLError(
          `Field "${node.name.value}" is not defined by type "${parent.name}".${didYouMean(suggestions)}`,
          { nodes: node },
        ),
      );
    },
    EnumValue: isValidValueNode,
    IntValue: isValidValueNode,
    FloatValue: isValidValueNode,
    StringValue: isValidValueNode,
    BooleanValue: isValidValueNode,
  };
}

/**
 * webonyx's suggestions for a field an abstract type lacks: the interfaces of its possible types that
 * have it, most used first, then those types, in the schema's order.
 */
function suggestedTypeNames(schema: GraphQLSchema, type: GraphQLNamedType, fieldName: string): string[] {
  if (!isAbstractType(type)) return [];
  const objects: string[] = [];
  const interfaceUsage = new Map<string, number>();
  for (const possible of schema.getPossibleTypes(type)) {
    if (!possible.getFields()[fieldName]) continue;
    objects.push(possible.name);
    for (const face of possible.getInterfaces()) {
      if (!face.getFields()[fieldName]) continue;
      const count = interfaceUsage.get(face.name);
      interfaceUsage.set(face.name, count === undefined ? 0 : count + 1);
    }
  }
  // PHP's arsort: by count, highest first, a stable sort.
  const interfaces = [...interfaceUsage].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  return [...interfaces, ...objects];
}

/** webonyx's `FieldsOnCorrectType`, with its suggestions. */
function fieldsOnCorrectType(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const type = context.getParentType();
      if (context.getFieldDef() || !type) return;
      const fieldName = node.name.value;
      const types = suggestedTypeNames(context.getSchema(), type, fieldName);
      const fields =
        types.length === 0 && (isObjectType(type) || isInterfaceType(type))
          ? suggestionList(fieldName, Object.keys(type.getFields()))
          : [];
      const suggestion =
        types.length > 0 ? didYouMean(types, 'to use an inline fragment on ') : didYouMean(fields);
      context.reportError(
        new GraphQLError(`Cannot query field "${fieldName}" on type "${type.name}".${suggestion}`, {
          nodes: node,
        }),
      );
    },
  };
}

/**
 * An operation the schema has no root type for: webonyx validates it and its executor refuses it before
 * anything runs, in these words (graphql-js's `KnownOperationTypesRule` words it differently).
 */
function operationTypes(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const schema = context.getSchema();
      if (node.operation === 'mutation' && !schema.getMutationType())
        context.reportError(new GraphQLError('Schema is not configured for mutations.', { nodes: node }));
      if (node.operation === 'subscription' && !schema.getSubscriptionType())
        context.reportError(new GraphQLError('Schema is not configured for subscriptions.', { nodes: node }));
    },
  };
}

/** `DocumentValidator::defaultRules()` in its order (OneOf inputs: the schema has none). */
export const WEBONYX_RULES: readonly ValidationRule[] = [
  ExecutableDefinitionsRule,
  UniqueOperationNamesRule,
  LoneAnonymousOperationRule,
  SingleFieldSubscriptionsRule,
  KnownTypeNamesRule,
  FragmentsOnCompositeTypesRule,
  VariablesAreInputTypesRule,
  reworded(ScalarLeafsRule, [
    [
      /^Field "(.+?)" must not have a selection since type "(.+)" has no subfields\.$/,
      'Field "$1" of type "$2" must not have a sub selection.',
    ],
    [
      /^Field "(.+?)" of type "(.+?)" must have a selection of subfields\..*$/,
      'Field "$1" of type "$2" must have a sub selection.',
    ],
  ]),
  fieldsOnCorrectType,
  UniqueFragmentNamesRule,
  KnownFragmentNamesRule,
  NoUnusedFragmentsRule,
  PossibleFragmentSpreadsRule,
  reworded(NoFragmentCyclesRule, [[/"([^"]+)"(?=(?:, "[^"]+")*\.$)/g, '$1']]),
  reworded(UniqueVariableNamesRule, [
    [/^There can be only one variable named "\$/, 'There can be only one variable named "'],
  ]),
  NoUndefinedVariablesRule,
  NoUnusedVariablesRule,
  reworded(KnownDirectivesRule, [
    [/^Directive "@(.+?)" may not be used on (.+)\.$/, 'Directive "$1" may not be used on "$2".'],
  ]),
  reworded(UniqueDirectivesPerLocationRule, [[/^The directive "@/, 'The directive "']]),
  reworded(KnownArgumentNamesRule, [
    [
      /^Unknown argument "(.+?)" on field "([^".]+)\.([^"]+)"\./,
      'Unknown argument "$1" on field "$3" of type "$2".',
    ],
  ]),
  UniqueArgumentNamesRule,
  valuesOfCorrectType,
  reworded(ProvidedRequiredArgumentsRule, [
    [
      /^Argument "@([^(]+)\(([^:]+):\)" of type "(.+)" is required, but it was not provided\.$/,
      'Directive "@$1" argument "$2" of type "$3" is required but not provided.',
    ],
    [
      /^Argument "([^".]+)\.([^(]+)\(([^:]+):\)" of type "(.+)" is required, but it was not provided\.$/,
      'Field "$2" argument "$3" of type "$4" is required but not provided.',
    ],
  ]),
  VariablesInAllowedPositionRule,
  reworded(OverlappingFieldsCanBeMergedRule, [
    [/"([^"]+)" and "([^"]+)" are different fields/g, '$1 and $2 are different fields'],
    [/they return conflicting types "([^"]+)" and "([^"]+)"/g, 'they return conflicting types $1 and $2'],
  ]),
  UniqueInputFieldNamesRule,
  operationTypes,
];
