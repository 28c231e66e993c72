// Walks the published JSON Schemas of skill.yaml and *.chain.yaml along a YAML path, the way the
// editor needs it: what may be written under a key, what it means, which values it takes. An
// action's parameters are described by its primitive's own schema (src/core/skills/actions), which the
// manifest schema only calls "params", so the walk switches to it there.

import skillSchema from '../../../../schemas/skill.schema.json';
import chainSchema from '../../../../schemas/chain.schema.json';
import { actionSchemas } from '../actions/registry';
import type { JsonSchema } from '../../runtime/schema';

/** One step of a path in a YAML document: a mapping key or a list index. */
export type Segment = string | number;

/** Which kind of file a document is. */
export type ManifestKind = 'skill' | 'chain';

/** A loose JSON Schema, as read from the published files. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  title?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  additionalProperties?: boolean | SchemaNode;
  definitions?: Record<string, SchemaNode>;
}

/** Name, description and parameter schema of one action primitive. */
export interface PrimitiveInfo {
  name: string;
  description: string;
  params: SchemaNode;
}

let primitives: Map<string, PrimitiveInfo> | undefined;

/** The action primitives, by name, in the editor's order. */
export function primitiveInfos(): Map<string, PrimitiveInfo> {
  primitives ??= new Map(actionSchemas().map((a) => [a.name, { name: a.name, description: a.description, params: a.params as JsonSchema as SchemaNode }]));
  return primitives;
}

/** The root schema of a kind of manifest. */
export function rootSchema(kind: ManifestKind): SchemaNode {
  return (kind === 'skill' ? skillSchema : chainSchema) as unknown as SchemaNode;
}

/** Follows $ref (local "#/definitions/x" only) and keeps the referring node's own description. */
export function resolve(node: SchemaNode | undefined, root: SchemaNode): SchemaNode | undefined {
  let n = node;
  for (let hops = 0; n?.$ref && hops < 10; hops++) {
    const name = /^#\/definitions\/([^/]+)$/.exec(n.$ref)?.[1];
    const target = name ? root.definitions?.[name] : undefined;
    if (!target) return n;
    const own = n.description;
    n = { ...target, ...(own ? { description: own } : {}) };
    if (!target.$ref) break;
  }
  return n;
}

/** The branch of a oneOf/anyOf that can hold this segment (a list index needs an array branch, a key an object one). */
function branchFor(node: SchemaNode, seg: Segment | undefined, root: SchemaNode): SchemaNode {
  const options = node.oneOf ?? node.anyOf;
  if (!options) return node;
  for (const o of options.map((x) => resolve(x, root)!)) {
    if (seg === undefined) continue;
    if (typeof seg === 'number' && (o.type === 'array' || o.items)) return o;
    if (typeof seg === 'string' && (o.type === 'object' || o.properties)) return o;
  }
  return node;
}

/** Which primitive an actions path is inside: ['actions', 2, 'create_note', ...] gives create_note. */
export function primitiveOfPath(kind: ManifestKind, path: readonly Segment[]): PrimitiveInfo | undefined {
  if (kind !== 'skill' || path[0] !== 'actions' || typeof path[1] !== 'number' || typeof path[2] !== 'string') return undefined;
  return primitiveInfos().get(path[2]);
}

/**
 * The schema of the value at `path`, or undefined when the schema says nothing about it (an
 * unknown key, or inside a free-form mapping such as output_schema).
 */
export function schemaAt(kind: ManifestKind, path: readonly Segment[]): SchemaNode | undefined {
  const root = rootSchema(kind);
  let node: SchemaNode | undefined = root;
  for (let i = 0; i < path.length; i++) {
    const prim = i === 3 ? primitiveOfPath(kind, path) : undefined;
    if (prim) node = prim.params; // path[2] was the primitive key; continue inside its parameters
    node = resolve(node, root);
    if (!node) return undefined;
    node = branchFor(node, path[i], root);
    const seg = path[i];
    if (typeof seg === 'number') node = node.items;
    else node = node.properties?.[seg] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  if (path.length === 3) {
    const prim = primitiveOfPath(kind, path);
    if (prim) return { ...prim.params, description: prim.description };
  }
  return resolve(node, root);
}

/** The mapping keys a schema allows, with their schemas (for a oneOf, those of its object branch). */
export function propertiesOf(kind: ManifestKind, node: SchemaNode | undefined): Array<[string, SchemaNode]> {
  const root = rootSchema(kind);
  const n = node && branchFor(resolve(node, root)!, '', root);
  return Object.entries(n?.properties ?? {}).map(([k, v]) => [k, resolve(v, root)!]);
}

/** The types a schema allows, as a list. */
export function typesOf(node: SchemaNode | undefined, kind: ManifestKind): string[] {
  if (!node) return [];
  const root = rootSchema(kind);
  if (node.type) return Array.isArray(node.type) ? node.type : [node.type];
  const options = node.oneOf ?? node.anyOf;
  if (options) return [...new Set(options.flatMap((o) => typesOf(resolve(o, root), kind)))];
  if (node.properties) return ['object'];
  return [];
}

/** Enum values a schema allows (a oneOf's string branch included). */
export function enumOf(node: SchemaNode | undefined, kind: ManifestKind): string[] {
  if (!node) return [];
  if (node.enum) return node.enum.map(String);
  const root = rootSchema(kind);
  return (node.oneOf ?? node.anyOf ?? []).flatMap((o) => enumOf(resolve(o, root), kind));
}
