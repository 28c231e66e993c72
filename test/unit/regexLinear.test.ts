import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { BEARER_TOKEN, registerSecret, registeredSecretsPattern } from '../../src/core/runtime/redact';
import { attacksFor, scaling } from './regexCost';
import { ROOT } from './helpers';

// Every regular expression in the code that reads the user's text must run in linear time.
// Each pattern is found in the source (so a new one cannot be forgotten), then run through a
// model of a backtracking engine (./regexCost.ts) on attack strings built from its own loops,
// at size n and 8n: a linear pattern takes about 8 times the steps, a quadratic one 64 times.
// No clock is read.

const DIRS = ['src/core/diagnosis/transcript', 'src/core/diagnosis/transcript/formats', 'src/core/diagnosis/speech', 'src/core/text', 'src/core/diagnosis/knowledge', 'src/core/runtime', 'src/core/builtin/tools', 'src/core/diagnosis/report', 'src/cli',
  'src/core/llm', 'src/core/diagnosis/modelJudge', 'src/core/replay', 'src/extension', 'src/core/skills/chunking', 'src/core/skills/routing', 'src/core/runtime/template', 'src/core/records', 'src/core/skills/actions', 'src/core/skills/manifest', 'src/core/coach', 'src/core/skills/run', 'src/core/skills/editor', 'src/extension/skills/editor', 'src/core/skills/skillMd', 'src/core/mcp', 'src/core/skills/catalog', 'src/core/calls', 'src/core/builtin/codeSkills', 'src/core/diagnosis/history', 'src/extension/skills/view', 'src/extension/replays/testExplorer'];
// Not src/core/diagnosis/judge: the offline judge reads at most 20,000 characters of an answer
// (MAX_JUDGED_CHARS), and some of its patterns use constructs the cost model cannot parse.
// Patterns built at run time, by file: each must be exported and listed here.
registerSecret('example-key-0123456789');
const BUILT: Record<string, RegExp[]> = {
  'src/core/runtime/redact.ts': [BEARER_TOKEN, registeredSecretsPattern()!],
};

function patternsIn(file: string): { patterns: RegExp[]; built: number } {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const patterns: RegExp[] = [];
  let built = 0;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const end = text.lastIndexOf('/');
      patterns.push(new RegExp(text.slice(1, end), text.slice(end + 1)));
    }
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') built++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { patterns, built };
}

/**
 * Attacks on which the pattern takes more than linear steps (empty when linear). A pattern that
 * is one character class (with or without "+" / "*") cannot backtrack, so it is linear by
 * construction; the cost model does not read the `u` flag such classes often need (\p{…}).
 */
function superLinear(re: RegExp): string[] {
  if (/^(?:\[(?:\\.|[^\]\\])*\]|\\[sSdDwW]|\\[pP]\{[^}]*\})[+*]?$/.test(re.source)) return [];
  return attacksFor(re).filter((a) => scaling(re, a).large === null).map((a) => a.name);
}

describe('regular expressions on user text run in linear time', () => {
  it('the checker catches what was found slow: nested loops, loops sharing characters, a loop before an ending that fails', () => {
    // The patterns as they were before: "?" and spaces, blank lines before an SRT time, "嗯嗯…x", "<<<<".
    const before = [
      /[?？]\s*["'”’」)）]*\s*$/,
      /^\s*(?:\d+\s*\r?\n)?\s*(?:\d{1,3}:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->/m,
      /^(?:嗯+|对+)[。 ]*(?:(?:嗯+|对+)[。 ]*)*$/,
      /<\/?[^>]*>/g,
      /<\/?[biuf][^>]*>/gi,
      /\s*\d+$/,
    ];
    for (const re of before) assert.ok(superLinear(re).length > 0, `${re} is flagged`);
    // And passes what is fine.
    for (const re of [/[A-Za-z']+/g, /^\s*\d+$/, /[?？]\s*(?:["'”’」)）]+\s*)?$/]) assert.deepEqual(superLinear(re), [], `${re}`);
  });

  for (const dir of DIRS) {
    for (const name of fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.ts')).sort()) {
      const file = `${dir}/${name}`;
      const { patterns, built } = patternsIn(file);
      if (patterns.length === 0 && built === 0) continue;
      it(file, () => {
        assert.equal(built, BUILT[file]?.length ?? 0, `${file} builds a RegExp at run time: export it and list it in BUILT`);
        for (const re of [...patterns, ...(BUILT[file] ?? [])]) {
          assert.deepEqual(superLinear(re), [], `/${re.source}/${re.flags} backtracks more than linearly on these inputs`);
        }
      }).timeout(60000);
    }
  }
});
