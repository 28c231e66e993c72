// The editor's language features for skill.yaml and *.chain.yaml, as pure functions of the text
// and a cursor offset (no editor API here: the VS Code providers in src/extension/skills/editor
// translate offsets and ranges).
export { cursorContext, lineColumn, type CursorContext, type OffsetRange, type TemplateSiteKind } from './cursorContext';
export { completionsAt, describePrimitive, primitiveSnippet, type CompletionEntry, type CompletionOptions } from './completion';
export { hoverAt, type HoverResult } from './hover';
export {
  addKeysFix, addNotForFix, applyEdits, bumpVersionFix, DESCRIPTION_MISSING_NOT_FOR, fixesFor, NOT_FOR_SENTENCE, offsetAt, saysNotFor,
  type QuickFix, type TextEdit,
} from './quickFixes';
export { manifestKindOf, toZeroBased, type ZeroBasedRange } from './documents';
export type { ManifestKind, Segment } from './schemaNav';
export { leaveSchemaProblemsToRedHat, redHatValidates, SCHEMA_LEVEL_CODES, yamlValidationGlobs, type RedHatState } from './redHatYaml';
