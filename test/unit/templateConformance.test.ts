import * as assert from 'node:assert/strict';
import { TemplateError, compileTemplate } from '../../src/core/runtime/template';
import {
  CONFORMANCE_CONTEXT, DEVIATIONS, EXPRESSION_CASES, FILTER_CASES, TAG_CASES, TEST_CASES, type ConformanceCase,
} from './templateConformanceCases';

// The template engine against what Jinja2 3.x does (the cases and why they look as they do are
// in templateConformanceCases.ts). An error case must fail with a TemplateError at the place
// the case names, so an unsupported construct can never pass as a different result.

function outcome(template: string): string | TemplateError {
  try {
    return compileTemplate(template).render(structuredClone(CONFORMANCE_CONTEXT));
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
}

function check(c: ConformanceCase): void {
  const got = outcome(c.template);
  if (c.kind === 'same' || c.kind === 'deviation') {
    const expected = c.kind === 'same' ? c.output : c.ours;
    assert.equal(got instanceof TemplateError ? `TemplateError: ${got.message}` : got, expected, c.template);
    return;
  }
  assert.ok(got instanceof TemplateError, `${c.template}: expected a TemplateError, got ${JSON.stringify(got)}`);
  assert.match(got.reason, c.error, c.template);
  const at = c.template.indexOf(c.at);
  assert.ok(at >= 0, `${c.template}: "${c.at}" is not in the template`);
  assert.deepEqual([got.line, got.column], [1, at + 1], `${c.template}: the error points at "${c.at}"`);
}

describe('templates: conformance with Jinja2', () => {
  const groups: [string, ConformanceCase[]][] = [
    ['filters', FILTER_CASES], ['tags: for, if, set, raw, whitespace', TAG_CASES], ['expressions', EXPRESSION_CASES], ['tests (is …)', TEST_CASES],
    ['deliberate differences', DEVIATIONS],
  ];
  for (const [name, cases] of groups) {
    describe(name, () => {
      for (const c of cases) it(`${c.kind}: ${c.template.replace(/\n/g, '\\n')}`, () => check(c));
    });
  }
});
