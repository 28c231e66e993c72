// Mutators: each takes a transcript's bytes and returns a damaged copy, one idea per mutator
// (truncation, byte flips, huge lines, broken timing lines, wrong JSON types, encodings, ...).
// Mutators are pure functions of (bytes, rng), so an input is reproduced from its seed alone.
import type { Rng } from './rng';
import type { SeedKind } from './seeds';

export interface Mutator {
  name: string;
  /** Relative frequency among random mutations (heavy ones, e.g. 1 MB lines, are rarer). */
  weight: number;
  /** The seed kinds it makes sense for; every kind when absent. */
  kinds?: readonly SeedKind[];
  apply(input: Buffer, rng: Rng): Buffer;
}

const TIMED: readonly SeedKind[] = ['srt', 'vtt', 'otter', 'feishu', 'whisper-json', 'whisper-cpp-json'];
const CUES: readonly SeedKind[] = ['srt', 'vtt'];
const JSON_KINDS: readonly SeedKind[] = ['whisper-json', 'whisper-cpp-json'];
const PLAIN: readonly SeedKind[] = ['text', 'otter', 'feishu', 'srt', 'vtt'];

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');
const str = (b: Buffer): string => b.toString('utf8');

/** Inserts `piece` at a random line start of `text`. */
function atLineStart(text: string, rng: Rng, piece: string): string {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1 && starts.length < 100000; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const at = rng.pick(starts);
  return text.slice(0, at) + piece + text.slice(at);
}

/** Inserts `piece` at a random character offset (never inside a surrogate pair). */
function atRandom(text: string, rng: Rng, piece: string): string {
  let at = rng.int(text.length + 1);
  if (at > 0 && at < text.length && /[\uDC00-\uDFFF]/.test(text[at])) at--;
  return text.slice(0, at) + piece + text.slice(at);
}

function repeat(s: string, bytes: number): string {
  return s.repeat(Math.max(1, Math.ceil(bytes / Buffer.byteLength(s))));
}

/** Replaces `count` random matches of `re` (global) with `replace(match)`. */
function replaceSome(text: string, re: RegExp, rng: Rng, count: number, replace: (m: string) => string): string {
  const hits = [...text.matchAll(re)];
  if (!hits.length) return text;
  const chosen = new Set(Array.from({ length: count }, () => rng.int(hits.length)));
  let out = '';
  let last = 0;
  hits.forEach((h, i) => {
    if (!chosen.has(i)) return;
    out += text.slice(last, h.index) + replace(h[0]);
    last = h.index! + h[0].length;
  });
  return out + text.slice(last);
}

const TIME = /(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?/g;
const BAD_TIMES = [
  '-00:00:01,000', '-1:00', '99:99:99,999', '999999999999:00:00,000', '00:00:01,9999999999', 'NaN:NaN', 'NaN', 'Infinity',
  '-Infinity', '1e309', '00:00:01.5e400', '00:00', '0:0', '::', '00:60:60,000', '٠١:٠٢', '０１：０２', '00:00:01,-50', '18446744073709551616:00',
  '', ' ', '00:00:00,000', '23:59:59.999', '00;00;01;00', '00:00:01:00:00',
];

/** Writes a JSON value back, sometimes compact, sometimes indented like the real exports. */
function dumpJson(value: unknown, rng: Rng): string {
  return rng.chance(0.5) ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** Every (container, key) in a JSON tree, to mutate one value in place. */
function slots(root: unknown): Array<{ parent: Record<string, unknown> | unknown[]; key: string | number; value: unknown }> {
  const out: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number; value: unknown }> = [];
  const stack: unknown[] = [root];
  while (stack.length && out.length < 200000) {
    const node = stack.pop();
    if (Array.isArray(node)) node.forEach((v, i) => { out.push({ parent: node, key: i, value: v }); stack.push(v); });
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) { out.push({ parent: node as Record<string, unknown>, key: k, value: v }); stack.push(v); }
    }
  }
  return out;
}

function setSlot(s: { parent: Record<string, unknown> | unknown[]; key: string | number }, v: unknown): void {
  (s.parent as Record<string | number, unknown>)[s.key] = v;
}

/** A value of the wrong type for `v`. */
function wrongType(v: unknown, rng: Rng): unknown {
  const any: unknown[] = [null, true, false, 0, -1, '', 'x', 'NaN', '12', [], {}, [null], { '0': 1 }, 1.5, '00:00:01,000'];
  if (typeof v === 'number') return rng.pick(['1.5', String(v), 'NaN', null, {}, [], true, [v], '', 'Infinity']);
  if (typeof v === 'string') return rng.pick([null, 0, 42, [], {}, [v], true, { text: v }, -1]);
  if (Array.isArray(v)) return rng.pick([null, {}, 'x', 0, { '0': v[0] }, [null], [[]], [1, 'a', null, {}], v.length ? [v[0], 7, 'q'] : [7]]);
  if (v && typeof v === 'object') return rng.pick([null, [], 'x', 1, [v], true]);
  return rng.pick(any);
}

const TIME_KEYS = /^(start|end|from|to|t0|t1|timestamp|offset)$/i;
/** Raw JSON number text, so NaN-ish values that JSON cannot carry still reach the file. */
const BAD_JSON_NUMBERS = ['-1', '-0', '-5.5', '1e999', '-1e999', '1e308', '9007199254740993', '1.7976931348623157e309', '0', '1e-400', '123456789012345678901234567890', '"NaN"', '"Infinity"', '"-1"', 'null', '"00:00:01,000"', '"1e999"'];

const ANSI = ['\x1b[31m', '\x1b[0m', '\x1b[2J', '\x1b[1;1H', '\x1b]0;title\x07', '\x1b[38;5;196m', '\x1b[?25l', '\x1bc', '\x9b31m', '\x1b[999999999999D'];
const CONTROLS = ['\x01', '\x02', '\x07', '\x08', '\x0b', '\x0c', '\x0e', '\x1a', '\x1b', '\x1f', '\x7f', '\x85', '\x9f'];
const WEIRD_UNICODE = [
  '\u200b', '\u200d', '\u2060', '\ufeff', '\u202e', '\u202d', '\u2066', '\u00a0', '\u3000', '\u2028', '\u2029', '\ufffd', '\ufffe', '\uffff',
  'e\u0301', `a${'\u0300'.repeat(500)}`, '👩‍💻', '𠀋', '𝔘', '：', '？', '﹖', '⁇', '\u0130', 'ß', 'ǅ', '\u{10FFFF}',
];

export const MUTATORS: readonly Mutator[] = [
  {
    name: 'truncate-bytes', weight: 4,
    apply: (b, rng) => b.subarray(0, rng.int(b.length + 1)),
  },
  {
    name: 'truncate-chars', weight: 3,
    apply: (b, rng) => { const t = str(b); return utf8(t.slice(0, rng.int(t.length + 1))); },
  },
  {
    name: 'byte-flip', weight: 4,
    apply: (b, rng) => {
      const out = Buffer.from(b);
      if (!out.length) return out;
      for (let n = rng.range(1, 16); n > 0; n--) out[rng.int(out.length)] ^= 1 << rng.int(8);
      return out;
    },
  },
  {
    name: 'ascii-noise', weight: 4,
    apply: (b, rng) => {
      let t = str(b);
      const pieces = [':', '：', '-->', '{', '}', '[', ']', '"', '\\', '?', '？', '0', '9', ',', '.', '\n', '\n\n', ' ', '\t', '#', '*', '**', '<', '>', '<v ', '&', '&#0;', '&#xD800;', '|', '$', '%s', '(.*)+'];
      for (let n = rng.range(1, 40); n > 0; n--) {
        const at = rng.int(t.length + 1);
        const cut = rng.chance(0.5) ? 1 : 0;
        t = t.slice(0, at) + rng.pick(pieces) + t.slice(at + cut);
      }
      return utf8(t);
    },
  },
  {
    name: 'splice', weight: 3,
    apply: (b, rng) => {
      const t = str(b);
      const a = rng.int(t.length + 1);
      const z = Math.min(t.length, a + rng.int(Math.max(1, Math.floor(t.length / 3))));
      const cut = t.slice(a, z);
      switch (rng.int(3)) {
        case 0: return utf8(t.slice(0, a) + t.slice(z));
        case 1: return utf8(t.slice(0, z) + cut.repeat(rng.range(2, 50)) + t.slice(z));
        default: return utf8(atRandom(t.slice(0, a) + t.slice(z), rng, cut));
      }
    },
  },
  {
    name: 'repeat-file', weight: 1,
    apply: (b, rng) => Buffer.concat(Array.from({ length: rng.range(2, 30) }, () => b)),
  },
  {
    name: 'line-shuffle', weight: 2,
    apply: (b, rng) => {
      const lines = str(b).split('\n');
      switch (rng.int(3)) {
        case 0: return utf8(rng.shuffle(lines).join('\n'));
        case 1: return utf8(lines.reverse().join('\n'));
        default: return utf8(lines.filter(() => rng.chance(0.7)).join('\n'));
      }
    },
  },
  {
    name: 'huge-line', weight: 1,
    apply: (b, rng) => {
      const size = rng.range(256 * 1024, 1024 * 1024);
      const line = rng.pick([
        () => 'a'.repeat(size),
        () => repeat('word ', size),
        () => repeat('字', size),
        () => `Interviewer: ${repeat('why ', size)}?`,
        () => `候选人：${repeat('嗯', size)}`,
        () => repeat('?', size),
        () => repeat('0:00 ', size),
        () => repeat(':', size),
        () => repeat(' ', size),
        () => `1\n00:00:01,000 --> 00:00:02,000\n${repeat('x', size)}`,
        () => `"${repeat('\\"', size)}"`,
      ])();
      return utf8(atLineStart(str(b), rng, `${line}\n`));
    },
  },
  {
    name: 'bom', weight: 2,
    apply: (b, rng) => {
      const BOM8 = Buffer.from([0xef, 0xbb, 0xbf]);
      switch (rng.int(5)) {
        case 0: return Buffer.concat([BOM8, b]);
        case 1: return Buffer.concat([BOM8, BOM8, b]);
        case 2: return Buffer.concat([Buffer.from([0xff, 0xfe]), b]);
        case 3: return Buffer.concat([Buffer.from([0xfe, 0xff]), b]);
        default: return utf8(str(b).split('\n').map((l) => (rng.chance(0.3) ? `\ufeff${l}` : l)).join('\n'));
      }
    },
  },
  {
    name: 'utf16', weight: 2,
    apply: (b, rng) => {
      const le = Buffer.from(str(b), 'utf16le');
      const bom = rng.chance(0.6);
      if (rng.chance(0.5)) return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), le]) : le;
      const be = Buffer.from(le);
      be.swap16();
      return bom ? Buffer.concat([Buffer.from([0xfe, 0xff]), be]) : be;
    },
  },
  {
    name: 'line-endings', weight: 3,
    apply: (b, rng) => {
      const t = str(b).replace(/\r\n?/g, '\n');
      const style = rng.pick(['\r', '\r\n', 'mixed', '\u2028', '\u0085', '\r\r\n', '\n\r']);
      if (style !== 'mixed') return utf8(t.split('\n').join(style));
      return utf8(t.split('\n').map((l) => l + rng.pick(['\n', '\r', '\r\n', '\u2029', '\x0b', '\x0c'])).join(''));
    },
  },
  {
    name: 'nul-control', weight: 3,
    apply: (b, rng) => {
      let t = str(b);
      const variant = rng.int(3);
      // variant 2 pads past the 8 KB binary sniff so the NULs reach the parsers
      if (variant === 2) t = `${'\n'.repeat(9000)}${t}`;
      for (let n = rng.range(1, 30); n > 0; n--) {
        const piece = variant === 1 ? rng.pick(CONTROLS) : rng.pick(['\0', ...CONTROLS]);
        if (variant === 2) {
          const at = 9000 + rng.int(Math.max(1, t.length - 9000));
          t = t.slice(0, at) + piece + t.slice(at);
        } else t = atRandom(t, rng, piece);
      }
      return utf8(t);
    },
  },
  {
    name: 'ansi', weight: 2,
    apply: (b, rng) => {
      let t = str(b);
      for (let n = rng.range(1, 30); n > 0; n--) t = atRandom(t, rng, rng.pick(ANSI));
      return utf8(t);
    },
  },
  {
    name: 'lone-surrogate', weight: 3,
    apply: (b, rng) => {
      const t = str(b);
      // JSON: "\ud800" escapes are valid JSON and give lone surrogates in the parsed strings
      if (/^\s*[[{]/.test(t) && rng.chance(0.7)) {
        return utf8(replaceSome(t, /"(?:[^"\\]|\\.)*"/g, rng, rng.range(1, 20), (m) => `${m.slice(0, -1)}${rng.pick(['\\ud800', '\\udfff', '\\ud83d', '\\udc00x', '\\u0000', '\\ud800\\ud800'])}"`));
      }
      // text: the CESU-8 / WTF-8 bytes of a surrogate (not UTF-8), or other invalid UTF-8
      const bad = rng.pick([[0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xff], [0xc0, 0x80], [0xe4, 0xbd], [0xf4, 0x90, 0x80, 0x80]]);
      const at = rng.int(b.length + 1);
      return Buffer.concat([b.subarray(0, at), Buffer.from(bad), b.subarray(at)]);
    },
  },
  {
    name: 'unicode-noise', weight: 3,
    apply: (b, rng) => {
      let t = str(b);
      for (let n = rng.range(1, 40); n > 0; n--) t = atRandom(t, rng, rng.pick(WEIRD_UNICODE));
      return utf8(t);
    },
  },
  {
    name: 'blank-lines', weight: 2,
    apply: (b, rng) => {
      const unit = rng.pick(['\n', '\r\n', ' \n', '\t\n', '\u3000\n', '\u00a0\n']);
      return utf8(atLineStart(str(b), rng, repeat(unit, rng.range(8 * 1024, 16 * 1024))));
    },
  },
  {
    name: 'question-spaces', weight: 2,
    apply: (b, rng) => {
      const lines = str(b).split('\n');
      const i = rng.int(lines.length);
      lines[i] = `${lines[i]}${rng.pick(['?', '？'])}${rng.pick([' ', '\u3000', '\t', '\u00a0']).repeat(50000)}`;
      return utf8(lines.join('\n'));
    },
  },
  {
    name: 'timing-values', weight: 4, kinds: TIMED,
    apply: (b, rng) => utf8(replaceSome(str(b), TIME, rng, rng.range(1, 12), () => rng.pick(BAD_TIMES))),
  },
  {
    name: 'timing-lines', weight: 4, kinds: CUES,
    apply: (b, rng) => {
      const lines = str(b).split(/\r?\n/);
      const timing = lines.map((l, i) => (l.includes('-->') ? i : -1)).filter((i) => i >= 0);
      if (!timing.length) return b;
      for (let n = rng.range(1, 8); n > 0; n--) {
        const i = rng.pick(timing);
        const [start = '', end = ''] = lines[i].split('-->').map((s) => s.trim());
        lines[i] = rng.pick([
          `${start} -> ${end}`, `${start} —> ${end}`, `${start} -- > ${end}`, `${start} --> --> ${end}`, `${start} -->`, `--> ${end}`, '-->',
          `${end} --> ${start}`, `${start} --> ${start}`, `${start}-->${end}`, `${start} --> ${end} align:start position:-5% size:999999% line:-99999`,
          `${start} --> ${end} ${'x:y '.repeat(2000)}`, `${start}  -->  ${end}  -->  ${end}`, `${start.replace(/\d/g, '9')} --> ${end}`,
          `${start} --> 00:00:00,000`, `00:00:00,000 --> 00:00:00,000`, `${start}\t-->\t${end}`, '',
        ]);
      }
      return utf8(lines.join(rng.chance(0.5) ? '\n' : '\r\n'));
    },
  },
  {
    name: 'cue-structure', weight: 3, kinds: CUES,
    apply: (b, rng) => {
      let t = str(b);
      switch (rng.int(8)) {
        case 0: t = t.replace(/\n\s*\n/g, '\n'); break; // no blank lines between cues
        case 1: t = t.replace(/^\d+$/gm, () => rng.pick(['x', '-1', '99999999999999999999', '', '1.5', '0'])); break;
        case 2: t = `WEBVTT\n\n${t}\n\nWEBVTT\n`; break;
        case 3: t = atLineStart(t, rng, rng.pick(['NOTE unterminated', 'STYLE\n::cue { color: red }', 'REGION\nid:x'])); break;
        case 4: t = t.replace(/^(?![\d\s]|WEBVTT|NOTE)(.+)$/gm, (m) => rng.pick([`<v ${m}`, `<v Speaker>${m}`, `<c.red>${m}`, `<00:00:01.000>${m}`, `<i>${m}`, `${m}</v>`, `&amp;${m}&#0;`])); break;
        case 5: t = t.replace(/(-->.*\n)/g, (m) => (rng.chance(0.3) ? `${m}\n` : m)); break; // empty cue text
        case 6: t = t.replace(/^(\d+)\s*$/gm, (m) => `${m}\n${m}`); break;
        default: t = t.replace(/(-->[^\n]*)\n/g, (m) => (rng.chance(0.5) ? `${m}${'\n'.repeat(rng.range(2, 5))}` : m));
      }
      return utf8(t);
    },
  },
  {
    name: 'json-wrong-types', weight: 4, kinds: JSON_KINDS,
    apply: (b, rng) => {
      const root = parseJsonOr(str(b));
      if (root === undefined) return b;
      const all = slots(root);
      if (!all.length) return b;
      for (let n = rng.range(1, 6); n > 0; n--) {
        const named = all.filter((s) => typeof s.key === 'string' && rng.chance(0.2));
        const s = rng.chance(0.7) && named.length ? rng.pick(named) : rng.pick(all);
        setSlot(s, wrongType(s.value, rng));
      }
      if (rng.chance(0.2) && root && typeof root === 'object' && !Array.isArray(root)) {
        const key = 'transcription' in root ? 'transcription' : 'segments';
        (root as Record<string, unknown>)[key] = rng.pick([null, {}, 'x', 0, [null, 1, 'a', [], {}], [{}], [{ text: null }], [{ start: 'a', end: {} }]]);
      }
      return utf8(dumpJson(root, rng));
    },
  },
  {
    name: 'json-bad-times', weight: 4, kinds: JSON_KINDS,
    apply: (b, rng) => {
      const root = parseJsonOr(str(b));
      if (root === undefined) return b;
      const times = slots(root).filter((s) => typeof s.key === 'string' && TIME_KEYS.test(s.key));
      const marks = new Map<number, string>();
      const mode = rng.int(3);
      times.forEach((s, i) => {
        if (mode === 0 ? rng.chance(0.3) : mode === 1 ? true : i % 7 === 0) {
          const raw = mode === 1 ? rng.pick(['0', '1e308', '-1', '1e999']) : rng.pick(BAD_JSON_NUMBERS);
          marks.set(i, raw);
          setSlot(s, `@@FUZZ${i}@@`);
        }
      });
      // reversed or all-equal order across segments
      const text = dumpJson(root, rng).replace(/"@@FUZZ(\d+)@@"/g, (_m, i) => marks.get(Number(i)) ?? '0');
      return utf8(text);
    },
  },
  {
    name: 'json-deep', weight: 2, kinds: JSON_KINDS,
    apply: (b, rng) => {
      const t = str(b);
      const depth = rng.range(5000, 12000);
      switch (rng.int(5)) {
        case 0: return utf8('['.repeat(depth) + t);
        case 1: return utf8(`{"segments":${'['.repeat(depth)}`);
        case 2: return utf8(t.replace(/"words"\s*:\s*\[/, `"words":[${'['.repeat(depth)}${']'.repeat(depth)},`).replace(/"text"\s*:/, `"deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"text":`));
        case 3: return utf8(`{"segments":[${'{"segments":['.repeat(depth)}]${'}]'.repeat(depth)}}`);
        default: return utf8(t.replace(/[}\]]\s*$/, '') + '{'.repeat(rng.range(1, 50)));
      }
    },
  },
  {
    name: 'json-structure', weight: 3, kinds: JSON_KINDS,
    apply: (b, rng) => {
      const t = str(b);
      const root = parseJsonOr(t) as Record<string, unknown> | undefined;
      const segs = root && typeof root === 'object' ? (root.segments ?? root.transcription) : undefined;
      switch (rng.int(10)) {
        case 0: return utf8(t.replace(/,(\s*[}\]])/g, (m, close) => (rng.chance(0.5) ? `,${close}` : m)).replace(/}(\s*)]/, '},$1]'));
        case 1: return utf8(t.replace(/\n/g, () => (rng.chance(0.05) ? ' // comment\n' : '\n')).replace(/^{/, '{/* c */'));
        case 2: return utf8(t.replace(/"(\w+)":/g, (m, k) => (rng.chance(0.3) ? `${k}:` : rng.chance(0.2) ? `'${k}':` : m)));
        case 3: return utf8(Array.isArray(segs) ? segs.map((s) => JSON.stringify(s)).join('\n') : t); // JSON lines
        case 4: return utf8(JSON.stringify(segs ?? []));
        case 5: return utf8(JSON.stringify({ result: root, segments: rng.pick([[], {}, null]) }));
        case 6: return utf8(t.replace(/"(start|end)"\s*:\s*[-\d.e]+/g, (m, k) => (rng.chance(0.3) ? `"${k}": NaN` : rng.chance(0.2) ? `"${k}": Infinity` : m)));
        case 7: return utf8(JSON.stringify({ segments: segs, transcription: segs, text: 7 }));
        case 8: return utf8(t.replace(/"text"\s*:/g, (m) => (rng.chance(0.3) ? `"text": "dup", ${m}` : m)));
        default: return utf8(`${t}\n${t}`);
      }
    },
  },
  {
    name: 'json-speakers', weight: 2, kinds: JSON_KINDS,
    apply: (b, rng) => {
      const root = parseJsonOr(str(b));
      if (root === undefined) return b;
      const segs = slots(root).filter((s) => s.value && typeof s.value === 'object' && !Array.isArray(s.value) && 'text' in (s.value as object));
      for (const s of segs) {
        const seg = s.value as Record<string, unknown>;
        if (!rng.chance(0.6)) continue;
        seg.speaker = rng.pick(['', null, 7, 'SPEAKER_00', 'SPEAKER_01', `SPEAKER_${rng.int(5000)}`, 'x'.repeat(10000), '面试官', 'Interviewer:', ['a'], { id: 1 }, '__proto__', 'constructor']);
        if (rng.chance(0.2)) seg.text = rng.pick(['', ' ', '?', '？', '嗯', 'um uh like', null, 'A: B: C:']);
      }
      return utf8(dumpJson(root, rng));
    },
  },
  {
    name: 'labels', weight: 4, kinds: PLAIN,
    apply: (b, rng) => {
      const lines = str(b).split('\n');
      const label = () => rng.pick([
        'Interviewer:', 'Candidate:', '面试官：', '候选人：', ':', '：', '**Interviewer:**', '**Interviewer:', '**:**', 'Q:', 'A:', '问：', '答：',
        '# Q1', '- Q:', '> A:', `${'x'.repeat(rng.range(100, 20000))}:`, '(.*)+:', '[Q]:', '__proto__:', 'constructor:', 'hasOwnProperty:',
        `Speaker ${rng.int(100000)}:`, `说话人${rng.int(1000)} 00:00:0${rng.int(10)}`, `Name ${rng.int(100)}  0:0${rng.int(10)}`, 'Interviewer (0:01):', 'INTERVIEWER:',
      ]);
      for (let n = rng.range(1, 30); n > 0; n--) {
        const i = rng.int(lines.length);
        lines[i] = rng.pick([() => `${label()} ${lines[i]}`, () => label(), () => lines[i].replace(/^[^:：]*[:：]/, label()), () => `${label()}\n${lines[i]}`])();
      }
      return utf8(lines.join('\n'));
    },
  },
];

/** Mutators for a seed of this kind. */
export function mutatorsFor(kind: SeedKind): Mutator[] {
  return MUTATORS.filter((m) => !m.kinds || m.kinds.includes(kind));
}
