// What an action item of a skill.yaml says: its primitive, its parameters, its alias and its
// condition, in the spec's form or the old one; and the check that it names exactly one primitive.

import { ACTION_PRIMITIVES, type ActionPrimitive } from './types';
import { interviewWhenIsTime } from './specForm';
import { isObject, Checker } from './manifestChecker';

export const PRIMITIVE_SET: ReadonlySet<string> = new Set(ACTION_PRIMITIVES);

/** A string that is exactly one `{{ expression }}`. */
export function isWholeExpression(value: string): boolean {
  const t = value.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return false;
  const inner = t.slice(2, -2);
  return !inner.includes('{{') && !inner.includes('}}') && !inner.includes('{%');
}

/** The primitives an action item names, in the order they are written. */
export function primitivesOf(item: Record<string, unknown>): ActionPrimitive[] {
  return Object.keys(item).filter((k) => PRIMITIVE_SET.has(k)) as ActionPrimitive[];
}

/** The parameters mapping of an action item naming one primitive, and that primitive. */
export function paramsOf(item: Record<string, unknown>): { primitive: ActionPrimitive; params: Record<string, unknown> } | undefined {
  const prims = primitivesOf(item);
  return prims.length === 1 && isObject(item[prims[0]]) ? { primitive: prims[0], params: item[prims[0]] as Record<string, unknown> } : undefined;
}

/** An action's `as:`: inside its parameters (the spec's form) or beside the primitive (the old one). */
export function aliasOf(item: Record<string, unknown>): unknown {
  return paramsOf(item)?.params.as ?? item.as;
}

/**
 * Where an action's condition is written: inside its parameters (the spec's form) or beside the
 * primitive. create_interview's old `when` inside its parameters was its time, not a condition.
 */
export function conditionPointer(item: Record<string, unknown>, index: number): { pointer: string; value: unknown } | undefined {
  const p = paramsOf(item);
  if (p && p.params.when !== undefined && !(p.primitive === 'create_interview' && interviewWhenIsTime(p.params.when))) return { pointer: `/actions/${index}/${p.primitive}/when`, value: p.params.when };
  if (item.when !== undefined && !(p && p.params.when !== undefined)) return { pointer: `/actions/${index}/when`, value: item.when };
  return undefined;
}

/** Each action item names exactly one primitive. */
export function checkPrimitives(c: Checker, actions: unknown[]): void {
  actions.forEach((item, i) => {
    if (!isObject(item)) return; // the schema's type error says it
    const at = `/actions/${i}`;
    const primitives = primitivesOf(item);
    if (primitives.length === 0) {
      // A misspelt primitive is already an unknown key; "no primitive" too would be two problems for one typo.
      if (Object.keys(item).some((k) => k !== 'as' && k !== 'when')) return;
      c.add(c.loc.keyRange(at), `this action names no primitive; start it with one of ${ACTION_PRIMITIVES.join(', ')} (for example "- create_note: {text: …}")`, 'action-no-primitive', at, { data: { allowed: [...ACTION_PRIMITIVES] } });
    } else if (primitives.length > 1) {
      const second = `${at}/${primitives[1]}`;
      c.add(c.loc.keyRange(second), `an action names exactly one primitive, but this one has ${primitives.map((p) => '`' + p + '`').join(' and ')}; move \`${primitives[1]}\` into its own "- " item`, 'action-many-primitives', second, { data: { found: primitives } });
    }
  });
}
