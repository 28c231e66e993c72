import { strict as assert } from 'node:assert';
import { fixedChunks } from '../../src/core/skills/chunking/fixedChunks';
import { topicChunks } from '../../src/core/skills/chunking/topicChunks';
import { mergeChunkOutputs } from '../../src/core/skills/chunking/mergeEntities';

const sentences = (n: number) => Array.from({ length: n }, (_, i) => `Sentence number ${i} talks about topic ${i % 7}.`).join(' ');

describe('chunking long skill input', () => {
  it('fixed chunks stay under the size, end at sentence ends, cover the whole text and overlap', () => {
    const text = sentences(200);
    const chunks = fixedChunks(text, { maxChars: 500, overlapChars: 100 });
    assert.ok(chunks.length > 10);
    for (const c of chunks) {
      assert.ok(c.text.length <= 500);
      assert.equal(c.text, text.slice(c.start, c.end));
    }
    for (const c of chunks.slice(0, -1)) assert.ok(/\.\s*$/.test(c.text), `chunk ${c.index} ends mid-sentence: …${c.text.slice(-20)}`);
    assert.equal(chunks[0].start, 0);
    assert.equal(chunks.at(-1)!.end, text.length);
    for (let i = 1; i < chunks.length; i++) {
      assert.ok(chunks[i].start < chunks[i - 1].end, 'consecutive chunks overlap');
      assert.ok(chunks[i].start > chunks[i - 1].start, 'and always move forward');
      assert.match(chunks[i].text, /^Sentence/, 'the overlap starts at a sentence');
    }
  });

  it('the overlap never starts inside a number, after an abbreviation or an initial, or inside a word', () => {
    const text = 'The team moved the ranking service to Python 3.11 last spring and saw latency drop. They plan more work.';
    const [, second] = fixedChunks(text, { maxChars: 90, overlapChars: 40 });
    assert.ok(!second.text.startsWith('11'), `starts inside 3.11: ${second.text}`);
    assert.match(text[second.start - 1], /\s/, `starts at a word: ${second.text}`);
    const people = 'We met Dr. Smith and J. Wang at 3 p.m. on Monday to talk about the role. Mr. Lee joined later that day. '.repeat(6);
    for (const c of fixedChunks(people, { maxChars: 120, overlapChars: 60 })) {
      assert.ok(!/^(Smith|Wang|on Monday|Lee)/.test(c.text), `chunk ${c.index} starts after an abbreviation: ${c.text.slice(0, 30)}`);
      assert.ok(c.start === 0 || /\s/.test(people[c.start - 1]), `chunk ${c.index} starts inside a word: ${c.text.slice(0, 30)}`);
    }
    for (const c of fixedChunks(people, { maxChars: 120, overlapChars: 60 }).slice(0, -1)) {
      assert.ok(!/(Dr|Mr|J|p\.m)\.\s*$/.test(c.text), `chunk ${c.index} ends after an abbreviation: …${c.text.slice(-20)}`);
    }
  });

  it('fixed chunks cut Chinese at 。 and never loop on text without breaks', () => {
    const zh = '我们先做了检索。然后加了重排。最后评估了召回率。'.repeat(40);
    for (const c of fixedChunks(zh, { maxChars: 120, overlapChars: 30 }).slice(0, -1)) assert.ok(c.text.endsWith('。'));
    const solid = 'x'.repeat(2500);
    const chunks = fixedChunks(solid, { maxChars: 1000, overlapChars: 900 });
    assert.equal(chunks.at(-1)!.end, 2500);
    assert.ok(chunks.length < 10);
  });

  it('topic chunks split at headings and pack paragraphs up to the size', () => {
    const text = '# Company\nAcme builds agents.\n\nThey hire in Berlin.\n\n# People\nMet Li Wei, staff engineer.\n\n# Next steps\nSend the CV by Friday.';
    const chunks = topicChunks(text, 200);
    assert.equal(chunks.length, 3);
    assert.match(chunks[0].text, /^# Company[\s\S]*Berlin/);
    assert.match(chunks[1].text, /^# People/);
    assert.match(chunks[2].text, /Friday/);
    const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} ${'words '.repeat(10)}`).join('\n\n');
    for (const c of topicChunks(long, 300)) assert.ok(c.text.length <= 300);
  });

  it('merging chunk outputs keeps each entity once and fills missing fields from later chunks', () => {
    const merged = mergeChunkOutputs([
      { company: 'Acme Corp.', people: [{ name: 'Li Wei', role: '' }], reminders: [{ title: 'Send CV', due: '2026-12-05' }] },
      { company: 'ACME corp', people: [{ name: 'li wei', role: 'Staff engineer', email: 'li@acme.dev' }, { name: 'Ana' }], reminders: [{ title: 'send cv', due: '2026-12-05' }] },
    ]) as any;
    assert.equal(merged.company, 'Acme Corp.');
    assert.equal(merged.people.length, 2);
    assert.equal(merged.people[0].role, 'Staff engineer');
    assert.equal(merged.people[0].email, 'li@acme.dev');
    assert.equal(merged.reminders.length, 1);
    const colleagues = mergeChunkOutputs([{ people: [{ name: 'Li Wei', company: 'Acme' }] }, { people: [{ name: 'Ana', company: 'Acme' }] }]) as any;
    assert.equal(colleagues.people.length, 2, 'two people at one company stay two');
    const polluted = mergeChunkOutputs([{}, JSON.parse('{"__proto__": {"polluted": true}}')]) as any;
    assert.equal(({} as any).polluted, undefined);
    assert.equal(polluted.polluted, undefined);
  });
});

describe('topic chunks with a model', () => {
  const { modelTopicChunks } = require('../../src/core/skills/chunking/modelTopicChunks') as typeof import('../../src/core/skills/chunking/modelTopicChunks');
  const { FakeLlm } = require('../support/fakeLlm') as typeof import('../support/fakeLlm');
  const para = (label: string) => `${label} ${'word '.repeat(60).trim()}.`;
  const text = ['A1', 'A2', 'B1', 'B2', 'C1'].map(para).join('\n\n');

  it('splits where the model says topics start, never past max_chars, at paragraph boundaries', async () => {
    const llm = new FakeLlm(() => JSON.stringify({ starts: [3, 5] }));
    const r = await modelTopicChunks(text, 1000, llm, new AbortController().signal);
    assert.equal(r.by, 'model');
    assert.deepEqual(r.chunks.map((c) => c.text.trim().slice(0, 2)), ['A1', 'B1', 'C1']);
    assert.match(llm.requests[0].messages[0].content[0].type === 'text' ? (llm.requests[0].messages[0].content[0] as { text: string }).text : '', /^\[1\] A1/);
    const small = await modelTopicChunks(text, 700, new FakeLlm(() => JSON.stringify({ starts: [] })), new AbortController().signal);
    assert.ok(small.chunks.every((c) => c.text.length <= 700), 'max_chars still holds when the model proposes no boundary');
    assert.equal(small.chunks.map((c) => c.text).join('').replace(/\s+/g, ''), text.replace(/\s+/g, ''));
  });

  it('a short text makes no call; a failing or nonsensical model falls back to paragraphs with a warning', async () => {
    const none = new FakeLlm(() => '{}');
    assert.equal((await modelTopicChunks('short', 2000, none, new AbortController().signal)).chunks.length, 1);
    assert.equal(none.requests.length, 0);
    const bad = await modelTopicChunks(text, 400, new FakeLlm(() => 'no idea'), new AbortController().signal);
    assert.equal(bad.by, 'offline');
    assert.match(bad.warning ?? '', /not valid.*split at its headings and paragraphs instead/);
    const { LlmError } = require('../../src/core/llm/provider') as typeof import('../../src/core/llm/provider');
    const down = await modelTopicChunks(text, 400, new FakeLlm(() => new LlmError('overloaded', 'overloaded')), new AbortController().signal);
    assert.equal(down.by, 'offline');
    await assert.rejects(modelTopicChunks(text, 400, new FakeLlm(() => new LlmError('auth', 'key refused')), new AbortController().signal), /key refused/);
  });
});
