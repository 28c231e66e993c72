import { analyzeContent } from './analyzeContent';
import { analyzeSpeech } from './analyzeSpeech';
import { detectSpeakers } from './detectSpeakers';
import { findReferenceTool } from './findReference';
import { transcribeAudio } from './transcribeAudio';
import { generateReport } from './generateReport';
import { queryKnowledgeBase } from './queryKnowledgeBase';
import { readFile } from './readFile';
import { ToolRegistry } from './registry';
import { splitQaPairs } from './splitQaPairs';
import { runSkillTool } from './runSkill';
import type { Tool } from './types';

/** Every built-in tool; a test checks each is registered and documented. */
export const BUILTIN_TOOLS: readonly Tool[] = [
  splitQaPairs, queryKnowledgeBase, findReferenceTool, analyzeContent, analyzeSpeech, generateReport, readFile, transcribeAudio, detectSpeakers, runSkillTool,
];

/** A registry holding the built-in tools. */
export function createToolRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of BUILTIN_TOOLS) registry.register(tool);
  return registry;
}
