// npm run eval:diagnostics — our skill.yaml / *.chain.yaml diagnostics against Red Hat's YAML
// language server (yaml-language-server, the engine of the YAML extension) on the same JSON
// Schemas, over the broken-skill corpus (test/fixtures/skills-broken) and the built-in skills.
//
// Compared: the schema-level errors a generic YAML tool can find (YAML syntax, missing required
// key, unknown key, wrong type, enum, pattern, numeric range). For each one the server reports:
// do we report it too, and is our range at least as precise (the same, or narrower on the same
// node)? Then the list of what we report that it cannot (templates, variables, action
// parameters, output_schema, descriptions, keyword overlap…).
//
// Rules, so that the numbers mean something:
//  - YAML syntax: we report a file's first syntax error only (what a parser reports after one is
//    mostly its recovery guessing); the server's syntax errors in that file count as found when we
//    report one ("cascade" for all but the one precision is judged on: the server's error
//    closest to ours). The server's
//    schema errors in a file with a syntax error are about the data its parser recovered; they
//    are listed, not compared (we check the schema once the syntax error is fixed).
//  - A "Missing property X" the server adds beside "Property Y is not allowed" is found when we
//    report Y as unknown with X as its suggestion (a misspelt key is one mistake).
//  - The server marks a mapping that lacks a key with its first character; we mark the
//    mapping's first key. Both start at the same place on the same node: counted as "same node",
//    not as wider.
// Exit 1 when we miss a schema-level error the server finds, or our range is less precise.
// Deterministic and offline: the schemas are served from schemas/, any other request fails.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getLanguageService, type Diagnostic } from 'yaml-language-server';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { validateSkillManifest, type ManifestProblem } from '../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../src/core/skills/run/manifestChecks';
import { brokenCases, validateCase } from '../test/unit/skillsBrokenCases';

const ROOT = path.resolve(__dirname, '..');
const SCHEMAS: Record<string, string> = {
  'file:///interview-lens/schemas/skill.schema.json': fs.readFileSync(path.join(ROOT, 'schemas', 'skill.schema.json'), 'utf8'),
  'file:///interview-lens/schemas/chain.schema.json': fs.readFileSync(path.join(ROOT, 'schemas', 'chain.schema.json'), 'utf8'),
};

type Category = 'syntax' | 'required' | 'unknown-key' | 'type' | 'enum' | 'pattern' | 'range';
const SCHEMA_LEVEL: readonly Category[] = ['syntax', 'required', 'unknown-key', 'type', 'enum', 'pattern', 'range'];

interface Range { line: number; column: number; endLine: number; endColumn: number }
interface Theirs extends Range { category: Category | 'other'; message: string; property?: string }
type Verdict = 'same' | 'narrower' | 'same node' | 'wider' | 'elsewhere' | 'missed' | 'cascade';

/** A diagnostic's message as text (the protocol also allows markup). */
const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

/** The category of one of the server's diagnostics, from its source and wording. */
function theirCategory(d: Diagnostic): { category: Category | 'other'; property?: string } {
  if (d.source === 'YAML') return { category: 'syntax' };
  const m = messageOf(d);
  let x: RegExpExecArray | null;
  if ((x = /^Missing property "([^"]*)"/.exec(m))) return { category: 'required', property: x[1] };
  if ((x = /^Property (\S+) is not allowed/.exec(m))) return { category: 'unknown-key', property: x[1] };
  if (m.startsWith('Incorrect type')) return { category: 'type' };
  if (m.startsWith('Value is not accepted')) return { category: 'enum' };
  if (m.includes('does not match the pattern')) return { category: 'pattern' };
  if (/^Value is (above|below) the (exclusive )?(maximum|minimum)/.test(m)) return { category: 'range' };
  return { category: 'other' };
}

/** The categories one of our problems answers for. */
function ourCategories(p: ManifestProblem): Category[] {
  switch (p.code) {
    case 'yaml-syntax': return ['syntax'];
    case 'not-a-mapping': return ['required', 'type'];
    case 'schema-required': return ['required'];
    case 'schema-unknown-key': return ['unknown-key'];
    case 'schema-type': return ['type'];
    case 'schema-enum': return ['enum'];
    case 'schema-one-of': return p.data?.allowed?.length ? ['enum'] : [];
    case 'schema-pattern': return ['pattern'];
    case 'schema-range': return ['range'];
    default: return [];
  }
}

const before = (a: { line: number; column: number }, b: { line: number; column: number }) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const start = (r: Range) => ({ line: r.line, column: r.column });
const end = (r: Range) => ({ line: r.endLine, column: r.endColumn });
const same = (a: Range, b: Range) => a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
const within = (inner: Range, outer: Range) => before(start(outer), start(inner)) && before(end(inner), end(outer));
const overlaps = (a: Range, b: Range) => before(start(a), end(b)) && before(start(b), end(a));
const width = (r: Range) => (r.endLine === r.line ? r.endColumn - r.column : Infinity);
/** A message with this checkout's paths made relative, so the output is the same on any machine. */
const rel = (m: string) => m.split(ROOT + path.sep).join('');
const fmt = (r: Range) => `${r.line}:${r.column}-${r.endLine}:${r.endColumn}`;

function verdict(ours: Range, theirs: Range): Verdict {
  if (same(ours, theirs)) return 'same';
  if (within(ours, theirs)) return 'narrower';
  if (ours.line === theirs.line && ours.column === theirs.column && width(theirs) <= 1) return 'same node';
  if (within(theirs, ours)) return 'wider';
  return 'elsewhere';
}

interface Row { file: string; theirs: Theirs; ours?: ManifestProblem; verdict: Verdict | 'not compared' | 'other' }

(async () => {
  const requested: string[] = [];
  const ls = getLanguageService({
    schemaRequestService: async (uri) => {
      requested.push(uri);
      const text = SCHEMAS[uri];
      if (text === undefined) throw new Error(`offline: no schema at ${uri}`);
      return text;
    },
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  ls.configure({
    validate: true, completion: false, hover: false, format: false,
    schemas: [
      { uri: 'file:///interview-lens/schemas/skill.schema.json', fileMatch: ['**/skill.yaml'] },
      { uri: 'file:///interview-lens/schemas/chain.schema.json', fileMatch: ['**/*.chain.yaml'] },
    ],
  });

  // The corpus, and the built-in skills (where neither should report anything).
  const inputs: Array<{ label: string; uri: string; text: string; ours: ManifestProblem[] }> = await Promise.all(brokenCases().map(async (c) => ({
    label: `${c.name}/${path.basename(c.file)}`, uri: `file:///ws/skills/${c.name}/${path.basename(c.file)}`, text: c.text, ours: await validateCase(c),
  })));
  for (const name of fs.readdirSync(path.join(ROOT, 'skills')).sort()) {
    const file = path.join(ROOT, 'skills', name, 'skill.yaml');
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const ours = validateSkillManifest(text, file, { folderName: name, folderFiles: fs.readdirSync(path.dirname(file)), checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema }).problems;
    inputs.push({ label: `skills/${name}/skill.yaml (built-in)`, uri: `file:///builtin/skills/${name}/skill.yaml`, text, ours });
  }

  const rows: Row[] = [];
  const beyond: Array<{ file: string; p: ManifestProblem }> = [];
  for (const input of inputs) {
    const diagnostics = await ls.doValidation(TextDocument.create(input.uri, 'yaml', 1, input.text), false);
    const theirs: Theirs[] = diagnostics.map((d) => ({
      ...theirCategory(d),
      message: messageOf(d).split('\n')[0],
      line: d.range.start.line + 1, column: d.range.start.character + 1, endLine: d.range.end.line + 1, endColumn: d.range.end.character + 1,
    }));
    theirs.sort((a, b) => a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));
    const used = new Set<ManifestProblem>();
    const syntax = theirs.filter((t) => t.category === 'syntax');
    const ourSyntax = input.ours.find((p) => p.code === 'yaml-syntax');
    if (syntax.length) {
      // The server's syntax error nearest ours is the one precision is judged on.
      const judged = ourSyntax ? (syntax.find((t) => overlaps(ourSyntax, t)) ?? syntax[0]) : undefined;
      for (const t of syntax) {
        rows.push({ file: input.label, theirs: t, ours: ourSyntax, verdict: !ourSyntax ? 'missed' : t === judged ? verdict(ourSyntax, t) : 'cascade' });
      }
      if (ourSyntax) used.add(ourSyntax);
      for (const t of theirs.filter((x) => x.category !== 'syntax')) rows.push({ file: input.label, theirs: t, verdict: 'not compared' });
    } else {
      for (const t of theirs) {
        if (t.category === 'other') {
          rows.push({ file: input.label, theirs: t, verdict: 'other' });
          continue;
        }
        const category = t.category;
        const candidates = input.ours.filter((p) => ourCategories(p).includes(category)
          || (category === 'required' && p.code === 'schema-unknown-key' && p.data?.suggestion === t.property && p.line === t.line));
        const best = candidates.find((p) => same(p, t)) ?? candidates.find((p) => within(p, t)) ?? candidates.find((p) => verdict(p, t) === 'same node') ?? candidates.find((p) => overlaps(p, t));
        if (best) {
          used.add(best);
          rows.push({ file: input.label, theirs: t, ours: best, verdict: verdict(best, t) });
        } else {
          rows.push({ file: input.label, theirs: t, verdict: 'missed' });
        }
      }
    }
    for (const p of input.ours) if (!used.has(p)) beyond.push({ file: input.label, p });
  }

  // The table.
  const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n - 1) + '…' : s.padEnd(n));
  console.log(`yaml-language-server ${require('yaml-language-server/package.json').version} vs Interview Lens on ${inputs.length} files (${brokenCases().length} broken cases + built-in skills)\n`);
  console.log(`${pad('file', 46)} ${pad('yaml-language-server', 58)} ${pad('ours', 40)} verdict`);
  for (const r of rows) {
    const t = `${pad(r.theirs.category, 11)} ${pad(fmt(r.theirs), 12)} ${r.theirs.message}`;
    const o = r.ours ? `${pad(r.ours.code, 24)} ${fmt(r.ours)}` : '-';
    console.log(`${pad(r.file, 46)} ${pad(t, 58)} ${pad(o, 40)} ${r.verdict}`);
  }

  // The summary.
  const compared = rows.filter((r) => r.verdict !== 'not compared' && r.verdict !== 'other');
  const count = (v: Row['verdict']) => rows.filter((r) => r.verdict === v).length;
  const failing = compared.filter((r) => r.verdict === 'missed' || r.verdict === 'wider' || (r.verdict === 'elsewhere' && r.theirs.category !== 'syntax'));
  console.log('\nSchema-level errors yaml-language-server reports (syntax, required, unknown key, type, enum, pattern, range):');
  for (const c of SCHEMA_LEVEL) {
    const of = compared.filter((r) => r.theirs.category === c);
    const n = (v: Row['verdict']) => of.filter((r) => r.verdict === v).length;
    if (of.length) console.log(`  ${pad(c, 12)} ${of.length}: found by us ${of.length - n('missed')}; range same ${n('same')}, narrower ${n('narrower')}, same node ${n('same node')}, elsewhere ${n('elsewhere')}, wider ${n('wider')}${n('cascade') ? `, cascade of the same mistake ${n('cascade')}` : ''}`);
  }
  console.log(`  total ${compared.length}: found by us ${compared.length - count('missed')}, missed ${count('missed')}; ours the same ${count('same')}, narrower ${count('narrower')}, same node ${count('same node')}, elsewhere ${count('elsewhere')}, wider ${count('wider')}, cascade ${count('cascade')}`);
  const elsewhere = compared.filter((r) => r.verdict === 'elsewhere');
  for (const r of elsewhere) console.log(`    elsewhere: ${r.file} ${r.theirs.category}: theirs ${fmt(r.theirs)} "${r.theirs.message}", ours ${r.ours ? `${fmt(r.ours)} "${rel(r.ours.message)}"` : '-'}`);
  console.log(`  other server diagnostics (oneOf and the like, not compared): ${count('other')}; schema diagnostics in files with a syntax error (not compared): ${count('not compared')}`);

  const byCode = new Map<string, number>();
  for (const b of beyond) byCode.set(b.p.code, (byCode.get(b.p.code) ?? 0) + 1);
  console.log(`\nWhat we report that yaml-language-server does not: ${beyond.length} diagnostics in ${new Set(beyond.map((b) => b.file)).size} files`);
  for (const [code, n] of [...byCode].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) console.log(`  ${pad(code, 36)} ${n}`);
  console.log('');
  for (const b of beyond) console.log(`  ${pad(b.file, 46)} ${pad(b.p.code, 34)} ${fmt(b.p).padEnd(12)} ${rel(b.p.message).length > 110 ? rel(b.p.message).slice(0, 109) + '…' : rel(b.p.message)}`);

  const offline = requested.every((u) => u in SCHEMAS);
  console.log(`\nschemas requested by the server: ${[...new Set(requested)].join(', ')} (${offline ? 'all local' : 'SOME NOT LOCAL'})`);
  if (failing.length || !offline) {
    console.log(`\nFAILED: ${failing.length} schema-level error(s) missed or less precisely placed than yaml-language-server's:`);
    for (const r of failing) console.log(`  ${r.file}: ${r.theirs.category} ${fmt(r.theirs)} "${r.theirs.message}" -> ${r.verdict}${r.ours ? ` (ours ${fmt(r.ours)})` : ''}`);
    process.exitCode = 1;
  } else {
    console.log('\nOK: every schema-level error yaml-language-server finds, we find, at the same or a narrower range.');
  }
})().catch((err) => {
  console.error(`eval-diagnostics: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
