import { strict as assert } from 'node:assert';
import { templateReasonZh } from '../../src/core/runtime/template/errorZh';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import * as ts from 'typescript';
import { loadSkillFolders, validateChainManifest, validateSkillManifest, type ManifestProblem } from '../../src/core/skills/manifest';
import { problemMessageZh } from '../../src/core/skills/manifest/problemMessageZh';
import { MANIFEST_PROBLEM_CODES } from '../../src/core/skills/manifest/problems';
import { schemaProblems } from '../../src/core/skills/manifest/schemaErrors';
import { YamlLocations } from '../../src/core/skills/manifest/yamlLocations';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../src/core/skills/run/manifestChecks';
import { brokenCases, validateCase } from './skillsBrokenCases';
import { ROOT, tempDir } from './helpers';

const CHECKS = { checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema };
const DESCRIPTION = 'description: Keeps a note of the text. Use it for notes. Not for job postings.\n';
const SCHEMA = 'output_schema: {type: object, properties: {t: {type: string, description: The title of the note.}}}\n';
const skill = (body: string, name = 'x') => `name: ${name}\nversion: 1\n${DESCRIPTION}${body}`;
const check = (text: string, files = ['skill.yaml'], extra = {}) => validateSkillManifest(text, '/w/skills/x/skill.yaml', { folderName: 'x', folderFiles: files, ...CHECKS, ...extra }).problems;

/** What makes a Chinese message unfinished: a value that was not there, or an empty quote. */
const UNFINISHED = /(?<![_a-z])(undefined|NaN)(?![_a-z])|\[object Object\]|“”|``|（）/;

/**
 * Problems of every kind the checks report: the broken corpus, then a case for each code the
 * corpus has no file for (the loader's file problems from a folder built here).
 */
async function everyKindOfProblem(): Promise<ManifestProblem[]> {
  const out: ManifestProblem[] = [];
  for (const c of brokenCases()) out.push(...(await validateCase(c)));
  out.push(
    ...check(skill('prompt: !custom hi\n')), // yaml-warning
    ...check('name: x\nversion: 1\ndescription: ""\n'), // schema-length
    ...check(skill('match:\n  keywords: [a, a]\n')), // schema-unique
    ...check(skill(`prompt: {user: hi}\n${SCHEMA}actions:\n  - as: a\n`)), // action-no-primitive
    ...check(skill('')), // manifest-only-required
    ...check(skill('prompt: {user: hi}\noutput_schema: {type: string}\nactions: []\n')), // output-schema-not-object
    ...check(skill(`prompt: {user: hi}\n${SCHEMA}actions:\n  - create_note: {title: a, body_md: b}\n    as: n\n  - create_note: {title: a, body_md: b}\n    as: n\n`)), // alias-duplicate
    ...check(skill(`prompt: {user: hi}\n${SCHEMA}actions:\n  - create_note: {title: a, body_md: b}\n    as: input\n`)), // alias-reserved
    ...check(skill('script: run.ts\ntests:\n  - {name: a, input: x}\n  - {name: a, input: y}\n'), ['skill.yaml', 'run.ts']), // test-name-duplicate
    ...check(skill('script: nope.ts\n')), // script-missing
    ...check(skill(`prompt: {user: "{{ input.text }}"}\n${SCHEMA}actions: [{create_note: {title: a, body_md: b}}]\n`), ['skill.yaml'], {
      checkTemplate: () => {
        throw new Error('the engine broke');
      },
    }), // check-failed
    ...validateChainManifest('name: c\nsteps:\n  - skill: a\n    output_as: r\n  - skill: b\n    output_as: r\n', '/w/skills/c.chain.yaml', {}).problems,
  );
  // schema-invalid: ajv's other keywords; our schemas use none, so a schema of the test's own.
  const ajv = new Ajv({ allErrors: true, verbose: true });
  const validate = ajv.compile({ type: 'object', properties: { n: { type: 'number', multipleOf: 5 } } });
  const text = 'n: 7\n';
  validate({ n: 7 });
  out.push(...schemaProblems(validate.errors ?? [], { file: '/w/skills/x/skill.yaml', locations: new YamlLocations(text), rootSchema: {}, whole: 'this skill', data: { n: 7 } }));

  // The loader's problems about files and names, from folders on disk.
  const dir = tempDir('il-zh-');
  try {
    const a = path.join(dir, 'a');
    const b = path.join(dir, 'b');
    const write = (file: string, body: string | Buffer) => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
    };
    write(path.join(a, 'twin', 'skill.yaml'), skill(`prompt: {user: hi}\n${SCHEMA}actions: [{create_note: {title: a, body_md: b}}]\n`, 'twin'));
    write(path.join(b, 'twin', 'skill.yaml'), skill(`prompt: {user: hi}\n${SCHEMA}actions: [{create_note: {title: a, body_md: b}}]\n`, 'twin'));
    write(path.join(a, 'prep.chain.yaml'), 'name: prep\nsteps:\n  - skill: twin\n');
    write(path.join(b, 'prep.chain.yaml'), 'name: prep\nsteps:\n  - skill: twin\n');
    write(path.join(a, 'big', 'skill.yaml'), skill(`# ${'x'.repeat(3000)}\n`, 'big'));
    write(path.join(a, 'latin', 'skill.yaml'), Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0x20, 0xff, 0xfe, 0x0a]));
    write(path.join(a, 'yml', 'skill.yml'), skill('', 'yml'));
    write(path.join(dir, 'outside', 'skill.yaml'), skill('', 'outside'));
    fs.symlinkSync(path.join(dir, 'outside'), path.join(a, 'linked'));
    fs.mkdirSync(path.join(a, 'filelink'));
    fs.symlinkSync(path.join(dir, 'outside', 'skill.yaml'), path.join(a, 'filelink', 'skill.yaml'));
    write(path.join(dir, 'not-a-folder'), 'x');
    // script-signature: an execute that is not async
    write(path.join(a, 'sync', 'skill.yaml'), skill('script: run.ts\n', 'sync'));
    write(path.join(a, 'sync', 'run.ts'), 'export function execute(ctx, inp) { return {}; }\n');
    const loaded = await loadSkillFolders([a, b, path.join(dir, 'not-a-folder')], { ...CHECKS, maxBytes: 2048 });
    out.push(...loaded.problems, ...loaded.skills.flatMap((s) => s.problems), ...loaded.chains.flatMap((c) => c.problems));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

describe('skill problems in Chinese', () => {
  it('every problem code has a Chinese message built from its data, with nothing left blank', async () => {
    const problems = await everyKindOfProblem();
    const seen = new Set(problems.map((p) => p.code));
    const known = new Set<string>(MANIFEST_PROBLEM_CODES);
    for (const code of MANIFEST_PROBLEM_CODES) assert.ok(seen.has(code), `no case produces ${code}: add one here (or to the broken corpus)`);
    for (const p of problems) {
      assert.ok(known.has(p.code), `${p.code} is not in MANIFEST_PROBLEM_CODES`);
      const zh = problemMessageZh(p);
      assert.ok(zh, `${p.code} has a Chinese message`);
      // Another component's words are quoted as they came, the template engine's in its Chinese (it lists a test named "undefined").
      const detail = p.data?.detail;
      const ours = detail ? zh!.split(detail).join('').split(templateReasonZh(detail) ?? detail).join('') : zh!;
      const bad = UNFINISHED.exec(ours);
      assert.ok(!bad, `${p.code}: "${bad?.[0]}" in ${zh} (from ${JSON.stringify(p.data)}; English: ${p.message})`);
      assert.match(zh!, /[\u4e00-\u9fff]/, `${p.code}: ${zh}`);
    }
  });

  it('every code the checks can report is listed in MANIFEST_PROBLEM_CODES (so a new one must get a Chinese message)', () => {
    // The string literals in the code's place of problem(file, range, message, code), site.problem(start, end,
    // message, code), add(range, message, code), push(range, message, code, path) and fileProblem(message,
    // code), and in `code: '…'` properties, in the checks' sources.
    const CODE_ARG: Record<string, number> = { problem: 3, add: 2, push: 2, fileProblem: 1 };
    const dirs = ['src/core/skills/manifest', 'src/core/skills/run'];
    const known = new Set<string>(MANIFEST_PROBLEM_CODES);
    const found = new Set<string>();
    for (const dir of dirs) {
      for (const name of fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.ts'))) {
        const file = path.join(ROOT, dir, name);
        const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
        const visit = (node: ts.Node) => {
          if (ts.isCallExpression(node)) {
            const callee = node.expression.getText(source).split('.').pop()!;
            const arg = node.arguments[CODE_ARG[callee] ?? -1];
            if (arg && ts.isStringLiteral(arg) && (callee !== 'push' || node.arguments.length >= 4)) found.add(arg.text);
          }
          if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'code' && ts.isStringLiteral(node.initializer)) found.add(node.initializer.text);
          // Codes chosen by a conditional: 'yaml-syntax' : 'yaml-warning'.
          if (ts.isConditionalExpression(node)) {
            for (const b of [node.whenTrue, node.whenFalse]) if (ts.isStringLiteral(b) && /^(?:yaml|schema|template|when|file)-[a-z-]+$/.test(b.text)) found.add(b.text);
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
    assert.ok(found.size >= 25, `${found.size} codes found in the sources`);
    for (const code of found) assert.ok(known.has(code), `${code} is reported but not in MANIFEST_PROBLEM_CODES`);
  });

  it('names the missing key, the wrong value and the folder', () => {
    const text = 'name: jot\nversion: "one"\nmatch:\n  inputs: [text, video]\n';
    const { problems } = validateSkillManifest(text, '/x/notes/skill.yaml', { folderName: 'notes' });
    const zh = problems.map((p) => problemMessageZh(p) ?? `EN ${p.message}`);
    assert.ok(zh.some((m) => m.includes('缺少必需的键') && m.includes('`description`')), zh.join('\n'));
    assert.ok(zh.some((m) => m.includes('`version` 应为整数')), zh.join('\n'));
    assert.ok(zh.some((m) => m.includes('“video”') && m.includes('不在允许的取值中')), zh.join('\n'));
    assert.ok(zh.some((m) => m.includes('必须与技能文件夹同名（“notes”）')), zh.join('\n'));
  });

  it('says the YAML mistakes it recognises in Chinese, and quotes the parser for the others', () => {
    const zhOf = (text: string) => check(text).map((p) => problemMessageZh(p)!);
    assert.match(zhOf('name: x\nname: y\n')[0], /^`name` 在同一个映射里出现了两次/);
    assert.match(zhOf('name: x\nmatch:\n\tkeywords: [a]\n')[0], /Tab 缩进/);
    assert.match(zhOf(skill('match: {keywords: [a]\n'))[0], /这个 “\{” 没有闭合/);
    assert.match(zhOf('name: x\ndescription: Use it: not for notes\n')[0], /`description` 的值里有 “: ”/);
    assert.match(zhOf('name: x\n---\nname: y\n')[0], /不止一个 YAML 文档/);
  });

  it('says template, when and output_schema problems in Chinese, quoting the engine\'s reason', () => {
    const zh = check(skill(`prompt:\n  user: "{{ input.text | nosuch }}"\n${SCHEMA}actions:\n  - create_note: {title: a, body_md: b}\n    when: "out.t is"\n`)).map((p) => problemMessageZh(p)!);
    assert.ok(zh.some((m) => m.startsWith('模板语法错误：') && m.includes('nosuch')), zh.join('\n'));
    assert.ok(zh.some((m) => m.startsWith('这个 `when:` 条件无法解析：')), zh.join('\n'));
    const schema = check(skill('prompt: {user: hi}\noutput_schema: {type: object, properties: {b: {type: string, description: The b field of it., minLenght: 2}}}\nactions: []\n')).map((p) => problemMessageZh(p)!);
    assert.ok(schema.some((m) => m.includes('不是有效的 JSON Schema') && m.includes('`minLenght` 不是 JSON Schema 的关键字') && m.includes('`minLength`')), schema.join('\n'));
  });
});
