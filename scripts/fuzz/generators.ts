// Generators of pathological transcripts no mutation of a small fixture reaches: 10,000 tiny turns,
// 300+ questions, 40,000 cues by one speaker, 200,000 hedge words in one cue, deep JSON, empty files...
import type { Rng } from './rng';

export interface Generated {
  /** Extension with its dot, or '' for none. */
  ext: string;
  bytes: Buffer;
  /** Which variant was drawn, for the failure report. */
  variant: string;
}

export interface Generator {
  name: string;
  /** Relative frequency among random inputs. */
  weight: number;
  /**
   * Builds one input. `scale` (0, 1] shrinks the counts for quick samples; 1 gives the sizes the
   * robustness issue names (10,000 turns, 300+ questions, 40,000 cues, 200,000 hedges).
   */
  generate(rng: Rng, scale: number): Generated;
}

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');
const n = (count: number, scale: number) => Math.max(1, Math.round(count * scale));

function srtTime(s: number): string {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3600000);
  const m = Math.floor(ms / 60000) % 60;
  const sec = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
}

type Turn = { speaker: string; text: string };

/** Writes turns in one of the formats the parsers read; times advance 2 s per turn. */
function render(turns: Turn[], format: string): Generated {
  const t = (i: number) => 1 + i * 2;
  switch (format) {
    case 'srt':
      return { ext: '.srt', variant: format, bytes: utf8(turns.map((x, i) => `${i + 1}\n${srtTime(t(i))} --> ${srtTime(t(i) + 1.5)}\n${x.speaker}: ${x.text}\n`).join('\n')) };
    case 'vtt':
      return { ext: '.vtt', variant: format, bytes: utf8(`WEBVTT\n\n${turns.map((x, i) => `${srtTime(t(i)).replace(',', '.')} --> ${srtTime(t(i) + 1.5).replace(',', '.')}\n<v ${x.speaker}>${x.text}\n`).join('\n')}`) };
    case 'whisper-json':
      return {
        ext: '.json', variant: format,
        bytes: utf8(JSON.stringify({ text: turns.map((x) => x.text).join(' '), language: 'en', segments: turns.map((x, i) => ({ id: i, start: t(i), end: t(i) + 1.5, text: ` ${x.text}`, speaker: x.speaker })) })),
      };
    case 'whisper-cpp-json':
      return {
        ext: '.json', variant: format,
        bytes: utf8(JSON.stringify({ result: { language: 'zh' }, transcription: turns.map((x, i) => ({ timestamps: { from: srtTime(t(i)), to: srtTime(t(i) + 1.5) }, offsets: { from: t(i) * 1000, to: (t(i) + 1.5) * 1000 }, text: x.text })) })),
      };
    case 'otter':
      return { ext: '.txt', variant: format, bytes: utf8(turns.map((x, i) => `${x.speaker}  ${Math.floor(t(i) / 60)}:${String(t(i) % 60).padStart(2, '0')}\n${x.text}\n`).join('\n')) };
    case 'feishu':
      return { ext: '.txt', variant: format, bytes: utf8(`文字记录:\n\n${turns.map((x, i) => `${x.speaker} ${srtTime(t(i)).replace(',', '.')} \n${x.text}\n`).join('\n')}`) };
    case 'dialogue':
      return { ext: '.txt', variant: format, bytes: utf8(turns.map((x) => x.text).join('\n')) };
    default:
      return { ext: '.md', variant: 'labeled', bytes: utf8(turns.map((x) => `${x.speaker}: ${x.text}`).join('\n\n')) };
  }
}

const FORMATS = ['labeled', 'srt', 'vtt', 'whisper-json', 'whisper-cpp-json', 'otter', 'feishu', 'dialogue'];
const QUESTIONS_EN = [
  'What is retrieval-augmented generation?', 'How would you evaluate a RAG pipeline?', 'Why does the model hallucinate?', 'How do you chunk documents?',
  'What is ReAct?', 'How do agents plan?', 'How would you reduce latency?', 'What is a vector index?', 'How do you handle prompt injection?',
  'Can you explain attention?', 'How do you cache embeddings?', 'What metrics would you track?',
];
const QUESTIONS_ZH = ['什么是RAG？', '怎么评估检索效果？', '为什么模型会幻觉？', '消息队列怎么保证不丢消息？', '说说ReAct？', '怎么做限流？', '缓存穿透怎么处理？', 'Agent 怎么做规划？'];
const ANSWERS = ['I would embed the documents and retrieve the top chunks.', '我会先做召回再做重排。', 'Um, I think it depends on the data.', '嗯，可能要看场景。', 'Sure.'];

export const GENERATORS: readonly Generator[] = [
  {
    name: 'empty', weight: 1,
    generate: (rng) => ({ ext: rng.pick(['.txt', '.srt', '.vtt', '.json', '.md', '']), bytes: Buffer.alloc(0), variant: 'empty' }),
  },
  {
    name: 'whitespace-only', weight: 1,
    generate: (rng) => {
      const chars = rng.pick([' \t\n\r', ' \t\n\r\u3000\u00a0', '\u200b\u200c\u200d\ufeff\n', '\u2028\u2029\x0b\x0c\x85']);
      const count = rng.range(1, 20000);
      let s = '';
      for (let i = 0; i < count; i++) s += chars[rng.int(chars.length)];
      return { ext: rng.pick(['.txt', '.srt', '.vtt', '.json']), bytes: utf8(s), variant: JSON.stringify(chars) };
    },
  },
  {
    name: 'labels-only', weight: 1,
    generate: (rng, scale) => {
      const pair = rng.pick(['Interviewer:\nCandidate:\n', '面试官：\n候选人：\n', 'Q:\nA:\n', '**Interviewer:**\n**Candidate:**\n', 'Interviewer: \nCandidate: ?\n']);
      return { ext: '.txt', bytes: utf8(pair.repeat(n(rng.range(1, 2000), scale))), variant: pair.split('\n')[0] };
    },
  },
  {
    name: 'tiny-turns', weight: 2,
    generate: (rng, scale) => {
      const lang = rng.pick(['en', 'zh']);
      const speakers = lang === 'en' ? ['Interviewer', 'Candidate'] : ['面试官', '候选人'];
      const tiny = lang === 'en' ? ['ok', 'a', 'Why?', 'yes', 'um', '?', 'So?'] : ['嗯', '好', '为什么？', '对', '？', '啊'];
      const turns = Array.from({ length: n(10000, scale) }, (_, i) => ({ speaker: speakers[i % 2], text: tiny[rng.int(tiny.length)] }));
      const g = render(turns, rng.pick(FORMATS));
      return { ...g, variant: `${g.variant} ${lang} ${turns.length} turns` };
    },
  },
  {
    name: 'many-questions', weight: 2,
    generate: (rng, scale) => {
      // 300 is the most one run diagnoses (all of them analysed); above it the CLI must refuse quickly
      const count = n(rng.chance(0.5) ? 300 : rng.range(301, 400), scale);
      const zh = rng.chance(0.5);
      const turns: Turn[] = [];
      for (let i = 0; i < count; i++) {
        turns.push({ speaker: zh ? '面试官' : 'Interviewer', text: `${rng.pick(zh ? QUESTIONS_ZH : QUESTIONS_EN)}` });
        turns.push({ speaker: zh ? '候选人' : 'Candidate', text: rng.pick(ANSWERS) });
      }
      const g = render(turns, rng.pick(FORMATS));
      return { ...g, variant: `${g.variant} ${zh ? 'zh' : 'en'} ${count} questions` };
    },
  },
  {
    name: 'one-speaker-cues', weight: 1,
    generate: (rng, scale) => {
      const turns = Array.from({ length: n(40000, scale) }, (_, i) => ({ speaker: 'SPEAKER_00', text: rng.pick(['and then', 'we', 'so the cache', '然后', `part ${i}`]) }));
      const g = render(turns, rng.pick(['srt', 'vtt', 'whisper-json', 'whisper-cpp-json']));
      return { ...g, variant: `${g.variant} ${turns.length} cues` };
    },
  },
  {
    name: 'hedge-flood', weight: 1,
    generate: (rng, scale) => {
      const hedge = rng.pick(['maybe ', '可能 ', '可能', 'I think ', 'um ', '嗯 ', 'like, ', 'sort of ', '应该是']);
      const count = n(200000, scale);
      const turns = [
        { speaker: 'Interviewer', text: 'How would you evaluate a RAG pipeline?' },
        { speaker: 'Candidate', text: hedge.repeat(count) },
      ];
      const g = render(turns, rng.pick(['labeled', 'srt', 'vtt', 'whisper-json', 'dialogue']));
      return { ...g, variant: `${g.variant} ${JSON.stringify(hedge)} x${count}` };
    },
  },
  {
    name: 'question-spaces', weight: 1,
    generate: (rng) => {
      const sp = rng.pick([' ', '\u3000', '\t']);
      const turns = [
        { speaker: 'Interviewer', text: `What is RAG${rng.pick(['?', '？'])}${sp.repeat(50000)}` },
        { speaker: 'Candidate', text: `Retrieval plus generation.${sp.repeat(rng.int(50000))}` },
      ];
      const g = render(turns, rng.pick(FORMATS));
      return { ...g, variant: `${g.variant} ${JSON.stringify(sp)}` };
    },
  },
  {
    name: 'blank-line-gaps', weight: 1,
    generate: (rng, scale) => {
      const gap = rng.pick(['\n', '\r\n', ' \n']).repeat(rng.range(8 * 1024, 16 * 1024) / 2);
      const lines = Array.from({ length: n(40, scale) }, (_, i) => (i % 2 ? `Candidate: ${rng.pick(ANSWERS)}` : `Interviewer: ${rng.pick(QUESTIONS_EN)}`));
      return { ext: '.txt', bytes: utf8(lines.join(gap)), variant: `${lines.length} turns` };
    },
  },
  {
    name: 'deep-json', weight: 1,
    generate: (rng) => {
      const d = rng.range(10240, 20000);
      const v = rng.int(6);
      const text = [
        () => '['.repeat(d),
        () => `{"segments":${'['.repeat(d)}`,
        () => '{'.repeat(d),
        () => `{"segments":[${'['.repeat(d)}${']'.repeat(d)}]}`,
        () => `{"segments":[{"start":1,"end":2,"text":"hi?","words":${'['.repeat(d)}${']'.repeat(d)}}]}`,
        () => `{"segments":[{"start":1,"end":2,"text":"hi?","x":${'{"a":'.repeat(d)}1${'}'.repeat(d)}}]}`,
      ][v]();
      return { ext: '.json', bytes: utf8(text), variant: `variant ${v} depth ${d}` };
    },
  },
  {
    name: 'huge-segment-array', weight: 1,
    generate: (rng, scale) => {
      const count = n(100000, scale);
      const item = rng.pick(['{}', 'null', '{"text":""}', '{"start":0,"end":0,"text":"a"}', '{"start":-1,"end":-2,"text":"?"}', '[]', '1']);
      const key = rng.pick(['segments', 'transcription']);
      return { ext: '.json', bytes: utf8(`{"${key}":[${Array(count).fill(item).join(',')}]}`), variant: `${key} ${count}x ${item}` };
    },
  },
  {
    name: 'single-huge-line', weight: 1,
    generate: (rng, scale) => {
      const unit = rng.pick(['word ', '字', 'Why? ', '为什么？', 'Interviewer: hi ', 'a']);
      const size = n(rng.range(1, 2) * 1024 * 1024, scale);
      return { ext: rng.pick(['.txt', '.md']), bytes: utf8(unit.repeat(Math.ceil(size / Buffer.byteLength(unit)))), variant: JSON.stringify(unit) };
    },
  },
  {
    name: 'many-speakers', weight: 1,
    generate: (rng, scale) => {
      const count = n(5000, scale);
      const turns = Array.from({ length: count }, (_, i) => ({ speaker: `Person ${i}`, text: i % 2 ? 'I would cache it.' : 'Why?' }));
      const g = render(turns, rng.pick(['labeled', 'srt', 'vtt', 'whisper-json', 'otter']));
      return { ...g, variant: `${g.variant} ${count} speakers` };
    },
  },
  {
    name: 'random-bytes', weight: 1,
    generate: (rng) => {
      const b = Buffer.alloc(rng.range(1, 65536));
      for (let i = 0; i < b.length; i++) b[i] = rng.int(256);
      return { ext: rng.pick(['.txt', '.srt', '.vtt', '.json']), bytes: b, variant: `${b.length} bytes` };
    },
  },
  {
    name: 'random-unicode', weight: 1,
    generate: (rng) => {
      const count = rng.range(1, 30000);
      let s = '';
      for (let i = 0; i < count; i++) {
        const r = rng.next();
        if (r < 0.05) s += '\n';
        else if (r < 0.1) s += rng.pick([':', '：', '?', '？', ' --> ', '{', '"']);
        else {
          let cp = rng.chance(0.5) ? rng.int(0x3000) + 0x20 : rng.int(0x10ffff);
          if (cp >= 0xd800 && cp <= 0xdfff) cp = 0x4e00;
          s += String.fromCodePoint(cp);
        }
      }
      return { ext: rng.pick(['.txt', '.srt', '.vtt', '.json', '.md']), bytes: utf8(s), variant: `${count} code points` };
    },
  },
  {
    name: 'timing-only', weight: 1,
    generate: (rng, scale) => {
      const count = n(5000, scale);
      const vtt = rng.chance(0.5);
      const cues = Array.from({ length: count }, (_, i) => `${vtt ? '' : `${i + 1}\n`}${srtTime(i)} --> ${srtTime(i + 1)}\n`);
      const body = cues.join(rng.chance(0.5) ? '\n' : '');
      return { ext: vtt ? '.vtt' : '.srt', bytes: utf8(vtt ? `WEBVTT\n\n${body}` : body), variant: `${vtt ? 'vtt' : 'srt'} ${count} cues` };
    },
  },
  {
    name: 'regex-bait', weight: 2,
    generate: (rng, scale) => {
      const k = n(100000, scale);
      const baits: Array<[string, () => string]> = [
        ['times', () => '0:00 '.repeat(k)],
        ['colons', () => '00:00:'.repeat(k)],
        ['stars', () => '**'.repeat(k)],
        ['label-spaces', () => `Interviewer${' '.repeat(k)}`],
        ['a-colon', () => 'a:'.repeat(k)],
        ['digit-lines', () => '1\n'.repeat(k)],
        ['feishu-headers', () => '说话人1 '.repeat(k / 2)],
        ['questions', () => '?'.repeat(2 * k)],
        ['dashes', () => `${'-'.repeat(2 * k)}>`],
        ['vtt-zeros', () => `WEBVTT\n${'0'.repeat(k)}:00.000 --> `],
        ['arrows', () => '-->\n'.repeat(k)],
        ['cue-heads', () => '1\n00:00:01,000 --\n'.repeat(k / 10)],
        ['name-time', () => `${'Name '.repeat(k / 5)} 0:01\n`],
        ['brackets', () => '[['.repeat(k)],
        ['words-no-newline', () => 'the cache '.repeat(k / 2)],
        ['json-strings', () => `{"segments":[${'"a",'.repeat(k)}"a"]}`],
        ['markdown', () => '#'.repeat(k)],
        ['mixed-seps', () => ' :\t：'.repeat(k / 2)],
      ];
      const [name, make] = rng.pick(baits);
      return { ext: rng.pick(['.txt', '.srt', '.vtt', '.md', '.json']), bytes: utf8(make()), variant: name };
    },
  },
  {
    name: 'question-chain', weight: 1,
    generate: (rng, scale) => {
      const count = n(rng.range(300, 3000), scale);
      const qs = Array.from({ length: count }, () => rng.pick([...QUESTIONS_EN, ...QUESTIONS_ZH])).join(' ');
      return { ext: '.txt', bytes: utf8(`Interviewer: ${qs}\nCandidate: ${rng.pick(ANSWERS)}\n`), variant: `${count} questions in one turn` };
    },
  },
  {
    name: 'nested-labels', weight: 1,
    generate: (rng, scale) => {
      const count = n(20000, scale);
      const label = rng.pick(['A: ', 'Interviewer: ', '面试官：', 'Q: A: ']);
      return { ext: '.txt', bytes: utf8(`${label.repeat(count)}hi?\nCandidate: ok\n`), variant: `${JSON.stringify(label)} x${count}` };
    },
  },
  {
    name: 'mixed-formats', weight: 1,
    generate: (rng) => {
      const parts = [
        '1\n00:00:01,000 --> 00:00:02,000\nInterviewer: What is RAG?\n',
        'WEBVTT\n\n00:03.000 --> 00:04.000\n<v Candidate>Retrieval.\n',
        '{"segments":[{"start":1,"end":2,"text":"Why?"}]}\n',
        'Interviewer: How do you chunk?\nCandidate: By headings.\n',
        'Maria Lopez  0:01\nWhy?\n',
        '说话人1 00:00:01.700 \n你好？\n',
      ];
      rng.shuffle(parts);
      return { ext: rng.pick(['.txt', '.srt', '.vtt', '.json']), bytes: utf8(parts.slice(0, rng.range(2, parts.length)).join('\n')), variant: 'mixed' };
    },
  },
  {
    name: 'over-size-limit', weight: 0.2,
    generate: () => {
      // parse.ts refuses transcripts over 30,000,000 characters; this checks the refusal is quick
      // (not scaled: a smaller file would be parsed, not refused)
      const chars = 30_000_100;
      const line = 'Interviewer: What is RAG?\nCandidate: Retrieval.\n';
      return { ext: '.txt', bytes: utf8(line.repeat(Math.ceil(chars / line.length))), variant: `${chars} chars` };
    },
  },
];
