import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createToolRegistry } from '../../src/core/builtinTools';
import { ROOT } from './helpers';

/** interviewLens_queryKnowledgeBase → query_knowledge_base. */
const toolOf = (name: string) => name.replace(/^interviewLens_/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('contributes.languageModelTools', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const declared = pkg.contributes.languageModelTools as Array<{ name: string; modelDescription: string; inputSchema: unknown; displayName: string; toolReferenceName: string }>;

  it('declares each tool with the registry\'s own description and input schema, so what the model sees is what runs', () => {
    const registry = createToolRegistry();
    assert.deepEqual(declared.map((d) => toolOf(d.name)), ['query_knowledge_base', 'find_reference', 'split_qa_pairs', 'analyze_content', 'run_skill']);
    for (const d of declared) {
      const [schema] = registry.getSchemasFor([toolOf(d.name)]);
      assert.equal(d.modelDescription, schema.description, d.name);
      assert.deepEqual(d.inputSchema, schema.inputSchema, `${d.name}: the schema in package.json differs from the tool's; copy the tool's inputSchema into package.json`);
      assert.match(d.displayName, /^%lmtool\.[a-z_]+%$/);
      assert.match(d.name, /^interviewLens_[A-Za-z]+$/);
    }
  });

  it('declares the @interview chat participant with its four commands', () => {
    const [chat] = pkg.contributes.chatParticipants;
    assert.equal(chat.id, 'interview-lens.interview');
    assert.equal(chat.name, 'interview');
    assert.deepEqual(chat.commands.map((c: { name: string }) => c.name), ['diagnose', 'mock', 'compare', 'kb']);
  });
});
