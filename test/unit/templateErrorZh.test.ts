// Issue 28, item 1: with a Chinese UI the template engine's errors read in Chinese, in the
// Problems panel (skill diagnostics) and in run errors. Every reason the engine can throw is read
// from its source, so a new one without Chinese fails here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { TemplateError, compileTemplate } from '../../src/core/runtime/template';
import { templateErrorZh, templateReasonZh } from '../../src/core/runtime/template/errorZh';
import { problemMessageZh } from '../../src/core/skills/manifest/problemMessageZh';
import type { ManifestProblem } from '../../src/core/skills/manifest/problems';
import { CONFORMANCE_CONTEXT, DEVIATIONS, EXPRESSION_CASES, FILTER_CASES, TAG_CASES, TEST_CASES } from './templateConformanceCases';
import { ROOT } from './helpers';

const ENGINE = path.join(ROOT, 'src', 'core', 'runtime', 'template');
const CJK = /[\u4e00-\u9fff]/;

/** A message's text with each `${…}` as "X" (what the engine fills in is kept as it is, untranslated). */
function sample(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `X${s.literal.text}`).join('');
  return undefined;
}

/** Every reason the engine throws: the first argument of fail(…), this.fail(…), this.env.fail(…) and new TemplateValueError/TemplateError(…). */
function engineReasons(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  for (const file of fs.readdirSync(ENGINE).filter((f) => f.endsWith('.ts') && f !== 'errorZh.ts')) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(ENGINE, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      let arg: ts.Expression | undefined;
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        if (name === 'fail') arg = node.arguments[0];
      } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && /^Template(Value)?Error$/.test(node.expression.text)) {
        arg = node.arguments?.[0];
      }
      const text = arg && sample(arg);
      if (text !== undefined) out.push({ where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('template errors in Chinese (issue 28)', () => {
  it('every reason the engine throws has a Chinese wording', () => {
    const reasons = engineReasons();
    assert.ok(reasons.length >= 90, `only ${reasons.length} reasons found: the scan no longer sees the engine's messages`);
    const missing = reasons.filter((r) => !CJK.test(templateReasonZh(r.text) ?? ''));
    assert.deepEqual(missing, [], 'reasons with no Chinese');
  });

  it('every error of the conformance cases reads in Chinese, with the template\'s own words kept', () => {
    const cases = [...FILTER_CASES, ...TAG_CASES, ...EXPRESSION_CASES, ...TEST_CASES, ...DEVIATIONS].filter((c) => c.kind === 'error' || c.kind === 'unsupported');
    assert.ok(cases.length > 20);
    for (const c of cases) {
      let err: unknown;
      try {
        compileTemplate(c.template).render(structuredClone(CONFORMANCE_CONTEXT));
      } catch (e) {
        err = e;
      }
      assert.ok(err instanceof TemplateError, c.template);
      const zh = templateReasonZh(err.reason);
      assert.ok(zh && CJK.test(zh), `${c.template}: ${err.reason}`);
      assert.doesNotMatch(zh, /\b(expected|cannot|unknown|needs|must)\b/, `${c.template}: English left in "${zh}"`);
    }
  });

  it('known wordings, the place kept as file coordinates', () => {
    assert.equal(templateReasonZh('unknown filter "uper" (did you mean "upper"?); known: lower, upper'), '未知过滤器 "uper"（是不是想写 "upper"？）；已知过滤器：lower, upper');
    assert.equal(templateReasonZh('unclosed {% if %} opened at line 12, column 5: add {% endif %}'), '第 12 行第 5 列打开的 {% if %} 没有闭合：请加上 {% endif %}');
    assert.equal(templateReasonZh("cannot add a number and text: use ~ to join values as text"), '不能把数字和文本相加：要把值拼接成文本请用 ~');
    assert.equal(templateReasonZh('not a reason the engine gives'), undefined);
    let err: unknown;
    try {
      compileTemplate('Hi {{ name | uper }}', { name: 'prompt.user' });
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof TemplateError);
    assert.match(templateErrorZh(err), /^prompt\.user:1:\d+: 未知过滤器 "uper"（是不是想写 "upper"？）；已知过滤器：/);
  });

  it('the Problems panel: a template-syntax and a when-syntax problem read in Chinese', () => {
    const problem = (code: string, message: string, detail?: string): ManifestProblem => ({
      file: '/w/skills/x/skill.yaml', path: '/prompt/user', code, message, severity: 'error', line: 3, column: 5, endLine: 3, endColumn: 9, ...(detail ? { data: { detail } } : {}),
    } as unknown as ManifestProblem);
    assert.equal(problemMessageZh(problem('template-syntax', 'empty {{ }}: write an expression between them, such as {{ input.text }}', 'empty {{ }}: write an expression between them, such as {{ input.text }}')),
      '模板语法错误：空的 {{ }}：请在中间写一个表达式，例如 {{ input.text }}');
    assert.equal(problemMessageZh(problem('when-syntax', 'this `when:` condition does not parse: expected an expression, found nothing', 'expected an expression, found nothing')),
      '这个 `when:` 条件无法解析：需要一个表达式，这里什么也没有');
  });
});
