import type { JsonSchema } from '../../runtime/schema';
import { addTags } from './addTags';
import { attach } from './attach';
import { createApplication } from './createApplication';
import { createDocumentVersion } from './createDocumentVersion';
import { createEvent } from './createEvent';
import { createInterview } from './createInterview';
import { createNote } from './createNote';
import { createOffer } from './createOffer';
import { createReminder } from './createReminder';
import { link } from './link';
import { saveDiagnosis } from './saveDiagnosis';
import type { ActionDefinition } from './types';
import { updateEntity } from './updateEntity';
import { upsertCompany } from './upsertCompany';
import { upsertPerson } from './upsertPerson';
import { upsertPosition } from './upsertPosition';

/** The names skill.yaml `actions` may use, in the order the editor lists them. */
export const ACTION_NAMES = [
  'upsert_company', 'upsert_position', 'upsert_person', 'create_application', 'create_interview', 'create_offer',
  'create_note', 'create_event', 'create_reminder', 'add_tags', 'link', 'attach', 'update_entity',
  'create_document_version', 'save_diagnosis',
] as const;

/** An action primitive's name. */
export type ActionName = (typeof ACTION_NAMES)[number];

/** Every primitive's definition (a test fails when a name has none, or a parameter no description). */
export const ACTION_DEFINITIONS: readonly ActionDefinition[] = [
  upsertCompany, upsertPosition, upsertPerson, createApplication, createInterview, createOffer,
  createNote, createEvent, createReminder, addTags, link, attach, updateEntity,
  createDocumentVersion, saveDiagnosis,
];

const BY_NAME = new Map<string, ActionDefinition>(ACTION_DEFINITIONS.map((d) => [d.name, d]));

/** The definition of a primitive, or undefined. */
export function findAction(name: string): ActionDefinition | undefined {
  return BY_NAME.get(name);
}

/** The definition of a primitive; an unknown name is an error listing the known ones. */
export function getAction(name: string): ActionDefinition {
  const def = BY_NAME.get(name);
  if (!def) throw new RangeError(`unknown action "${name}"; the actions are ${ACTION_NAMES.join(', ')}`);
  return def;
}

/** Name, description and parameter schema of every primitive (for the manifest schema, completion and hover). */
export function actionSchemas(): Array<{ name: string; description: string; params: JsonSchema }> {
  return ACTION_DEFINITIONS.map((d) => ({ name: d.name, description: d.description, params: d.params }));
}
