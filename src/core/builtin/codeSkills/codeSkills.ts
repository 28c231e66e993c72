/**
 * The built-in code skills (TypeScript functions, not skill.yaml folders). The core registers
 * these, and the skill loaders (CLI and VS Code) take their names as known, so a chain step may
 * name one and a step naming a skill that exists nowhere is an error where it is written.
 */
import { diagnoseAudio } from './diagnoseAudio';
import { diagnoseTranscript } from './diagnoseTranscript';
import { explainConcept } from './explainConcept';
import type { Skill } from '../../calls/skill';

/** Every built-in code skill, in the order the registry lists them. */
export const CODE_SKILLS: readonly Skill[] = [diagnoseTranscript, diagnoseAudio, explainConcept];

/** Their names: what a chain step's `skill` may name besides the loaded skill.yaml skills. */
export const CODE_SKILL_NAMES: readonly string[] = CODE_SKILLS.map((s) => s.name);
