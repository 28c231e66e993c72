// The live registry of skills and chains, and the pure helpers of the Skills view's commands.
export * from './skillsRegistry';
export { entryStamp, skillEntries } from './entryStamp';
export { scaffoldSkill, SKILL_NAME, MAX_SKILL_NAME } from './scaffold';
export { enabledEdit, applyEdit, type TextEdit } from './enabledEdit';
