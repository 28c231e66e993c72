// A key's documentation as the editor shows it in completion and hover: the schema's
// description, then its type, allowed values, default and range.

import { enumOf, typesOf, type ManifestKind, type SchemaNode, type Segment } from './schemaNav';

const TYPE_WORDS: Record<string, string> = {
  string: 'text', integer: 'whole number', number: 'number', boolean: 'true or false', object: 'mapping', array: 'list',
};

/** Markdown documentation of the value at `path` described by `schema`. */
export function describeSchema(kind: ManifestKind, path: readonly Segment[], schema: SchemaNode | undefined): string {
  if (!schema) return '';
  const key = [...path].reverse().find((s) => typeof s === 'string');
  const parts: string[] = [];
  if (key !== undefined) parts.push(`**${key}**`);
  if (schema.description) parts.push(schema.description);
  const facts: string[] = [];
  const types = typesOf(schema, kind);
  if (types.length) facts.push(`Type: ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`);
  const values = enumOf(schema, kind);
  if (values.length) facts.push(`Values: ${values.map((v) => '`' + v + '`').join(', ')}`);
  if (schema.items && !values.length) {
    const itemValues = enumOf(schema.items, kind);
    if (itemValues.length) facts.push(`Items: ${itemValues.map((v) => '`' + v + '`').join(', ')}`);
  }
  if (schema.default !== undefined) facts.push(`Default: \`${JSON.stringify(schema.default)}\``);
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    facts.push(`Range: ${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
  }
  if (schema.required?.length) facts.push(`Required keys: ${schema.required.map((r) => '`' + r + '`').join(', ')}`);
  if (facts.length) parts.push(facts.join('  \n'));
  return parts.join('\n\n');
}
