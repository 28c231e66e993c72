import * as fs from 'node:fs';
import { parseTranscript } from '../src/core/diagnosis/transcript/parse';
import { splitTranscript } from '../src/core/diagnosis/transcript/split';
const f = process.argv[2];
const text = fs.readFileSync(f, 'utf8');
const t = parseTranscript(text);
console.log(t.format, t.language, t.timed, JSON.stringify(t.speakers));
for (const x of t.turns) console.log(`[${x.role}|${x.speaker}] ${x.start ?? ''} ${x.text.replace(/\s+/g,' ').slice(0, 70)}`);
try { const s = splitTranscript(text); for (const p of s.pairs) console.log(`Q${p.index}: ${p.question.replace(/\s+/g,' ').slice(0,60)} || ${p.answer.replace(/\s+/g,' ').slice(0,40)}`); } catch (e) { console.log(String(e)); }
