import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JudgeCorpus } from '../../src/core/diagnosis/judge/corpus';
import { analyzeAnswer } from '../../src/core/diagnosis/judge/offline';
import { loadGeneralMisconceptions, misconceptionsIn } from '../../src/core/diagnosis/knowledge/generalMisconceptions';
import { KnowledgeFormatError, loadKnowledgeDir } from '../../src/core/diagnosis/knowledge/loader';
import { KNOWLEDGE_DIR, tempDir } from './helpers';

describe('misconceptions beyond the chosen reference', () => {
  const entries = loadKnowledgeDir(KNOWLEDGE_DIR);
  const corpus = new JudgeCorpus(entries);
  const general = loadGeneralMisconceptions(KNOWLEDGE_DIR);

  it('loads the general list, checked against its schema; a folder without one has none', () => {
    assert.ok(general.length >= 45, `${general.length} items`);
    const dir = tempDir();
    assert.deepEqual(loadGeneralMisconceptions(dir), [], 'a workspace knowledge folder need not have the list');
    fs.mkdirSync(path.join(dir, 'misconceptions'));
    fs.writeFileSync(path.join(dir, 'misconceptions', 'bad.yaml'), '- id: Not Kebab\n  topic: [x]\n');
    assert.throws(() => loadGeneralMisconceptions(dir), (e: Error) => e instanceof KnowledgeFormatError && /misconceptions\/bad\.yaml item 1/.test(e.message));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('catches a general misconception with no reference, and does not penalise its refutation', () => {
    const question = '线上排查问题时，你们怎么保证能复现模型的输出？';
    const wrong = '只要把 temperature 设成 0，LLM 的输出就是完全确定的，同样的输入一定得到同样的输出，所以根本不需要保存中间过程的 trace。我们线上一直这么做，排查的时候重放一遍请求就能看到一模一样的结果。';
    const judge = (answer: string) => analyzeAnswer({ question, answer, reference: null, language: 'zh', corpus, generalMisconceptions: misconceptionsIn(general, 'zh') });
    const r = judge(wrong);
    assert.equal(r.inaccuracies.length, 1, JSON.stringify(r.inaccuracies));
    assert.match(r.inaccuracies[0].correction, /temperature 为 0/);
    assert.ok(r.contentScore <= 55, `score ${r.contentScore}`);
    assert.ok(r.dimensions.accuracy !== null && r.dimensions.accuracy < 100);
    const refuted = judge('temperature 为 0 也不能保证输出完全一致，批次大小变化和浮点累加顺序仍会让结果不同，所以我们会把每次请求的完整 prompt、模型版本和输出都记到 trace 里，排查时按 trace 重放。');
    assert.deepEqual(refuted.inaccuracies, []);
    assert.equal(refuted.dimensions.accuracy, null, 'nothing asserted: accuracy stays unassessed without a reference');
  });

  it('catches a mistake listed by an entry close to the question that is not the reference', () => {
    const near = entries.find((e) => e.language === 'en' && e.misconceptions.some((m) => m.patterns.some((p) => !/[\u3400-\u9fff]/.test(p) && p.split(' ').length >= 4)))!;
    const pattern = near.misconceptions.flatMap((m) => m.patterns).find((p) => !/[\u3400-\u9fff]/.test(p) && p.split(' ').length >= 4)!;
    const reference = entries.find((e) => e.language === 'en' && e.itemId !== near.itemId && !e.misconceptions.some((m) => m.patterns.includes(pattern)))!;
    const answer = `In my experience ${pattern}. We shipped it that way last year and it held up in production for months without any incident.`;
    const without = analyzeAnswer({ question: reference.question, answer, reference, language: 'en', corpus });
    assert.ok(!without.inaccuracies.some((i) => i.claim === pattern), 'the reference alone does not list it');
    const withNearby = analyzeAnswer({ question: reference.question, answer, reference, language: 'en', corpus, nearby: [near] });
    assert.ok(withNearby.inaccuracies.some((i) => i.claim === pattern), JSON.stringify(withNearby.inaccuracies));
  });
});
