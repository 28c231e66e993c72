import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { referenceSentence } from '../../src/core/diagnosis/judge/offline';
import type { KnowledgeEntry } from '../../src/core/diagnosis/knowledge/types';
import { createCore } from '../../src/core/services';
import { KNOWLEDGE_DIR, SAMPLES } from './helpers';

describe('improvement-plan steps quote whole sentences of the reference', () => {
  it('picks the sentence that holds the point, not the clause before a semicolon', () => {
    const entry = { expertAnswer: 'Give each request a key; store the key with the result. Retry with backoff.' } as KnowledgeEntry;
    assert.equal(referenceSentence(entry, ['store']), 'Give each request a key; store the key with the result.');
    const zh = { expertAnswer: '固定窗口实现简单；漏桶以恒定速率出水，平滑流量。令牌桶允许突发。' } as KnowledgeEntry;
    assert.equal(referenceSentence(zh, ['漏桶']), '固定窗口实现简单；漏桶以恒定速率出水，平滑流量。');
  });

  it('no step of a Chinese report ends at a ；', async () => {
    const core = createCore({ knowledgeDir: KNOWLEDGE_DIR });
    const text = fs.readFileSync(path.join(SAMPLES, 'backend-interview-zh.txt'), 'utf8');
    const report = (await core.diagnose({ text, source: 'backend-interview-zh.txt' })).raw;
    const steps = [...report.improvementPlan.immediate, ...report.perQuestion.flatMap((q) => q.improvements)];
    const temperature = steps.find((s) => s.includes('“降低 temperature”'));
    assert.ok(temperature, steps.join('\n'));
    assert.match(temperature, /参考答案：知识类用 RAG[^。]*；降低 temperature；关键业务加人工复核。$/);
    assert.deepEqual(steps.filter((s) => /[;；]$/.test(s)), []);
  });
});
