import { analyzeContent } from './builtin/tools/analyzeContent';
import { analyzeSpeech } from './builtin/tools/analyzeSpeech';
import { detectSpeakers } from './builtin/tools/detectSpeakers';
import { findReferenceTool } from './builtin/tools/findReference';
import { transcribeAudio } from './builtin/tools/transcribeAudio';
import { generateReport } from './builtin/tools/generateReport';
import { queryKnowledgeBase } from './builtin/tools/queryKnowledgeBase';
import { readFile } from './builtin/tools/readFile';
import { ToolRegistry } from './calls/toolRegistry';
import { splitQaPairs } from './builtin/tools/splitQaPairs';
import { runSkillTool } from './skills/run/runSkillTool';
import type { Tool } from './calls/tool';

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
