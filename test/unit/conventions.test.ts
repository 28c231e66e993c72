import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BUILTIN_TOOLS } from '../../src/core/builtinTools';
import Ajv from 'ajv';
import { closeSchema, compileValidator } from '../../src/core/runtime/validation';

const metaCheck = new Ajv({ strict: false });
import { ROOT } from './helpers';
import { AUDIO_EXTENSIONS } from '../../src/core/diagnosis/speech/stt';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]);
}

describe('project conventions', () => {
  it('src/core never imports vscode (it runs in the CLI and in tests)', () => {
    for (const f of files(path.join(ROOT, 'src', 'core'))) {
      const text = fs.readFileSync(f, 'utf8');
      assert.ok(!/from ['"]vscode['"]|require\(['"]vscode['"]\)/.test(text), `${path.relative(ROOT, f)} imports vscode`);
    }
  });

  it('output leaves through the redaction point only: notifications via notify.ts, the channel wrapped, the CLI via io', () => {
    for (const f of files(path.join(ROOT, 'src', 'extension'))) {
      const text = fs.readFileSync(f, 'utf8');
      const rel = path.relative(ROOT, f);
      if (!rel.endsWith('notify.ts')) assert.doesNotMatch(text, /\.show(Error|Warning)Message\(/, `${rel}: use showError/showWarning (they redact)`);
      for (const m of text.matchAll(/createOutputChannel\(/g)) assert.match(text.slice(Math.max(0, m.index! - 40), m.index), /redactingChannel\((vscode\.window\.)?$/, `${rel}: wrap the channel in redactingChannel`);
    }
    for (const f of files(path.join(ROOT, 'src'))) {
      if (/src[\\/]cli[\\/]/.test(f)) continue;
      assert.doesNotMatch(fs.readFileSync(f, 'utf8'), /console\.(log|error|warn|info)\(|process\.std(out|err)\.write\(/, `${path.relative(ROOT, f)} prints without the redactor`);
    }
  });

  it('every UI string of the extension has a Chinese translation', () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
    const used = new Set<string>();
    for (const f of files(path.join(ROOT, 'src', 'extension'))) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/l10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) used.add(m[1].replace(/\\'/g, "'"));
    }
    assert.ok(used.size > 10);
    for (const s of used) assert.ok(bundle[s], `no zh-cn translation for: ${s}`);
    for (const s of Object.keys(bundle)) assert.ok(used.has(s), `translation for a string no longer used: ${s}`);
  });

  it('the context menus show Diagnose for exactly the transcript and audio extensions, with no activation needed', () => {
    // A context key would exist only after activation, and the menus must work in a fresh window.
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const src = fs.readFileSync(path.join(ROOT, 'src', 'extension', 'diagnosis', 'transcriptExtensions.ts'), 'utf8');
    const transcript = JSON.parse(/TRANSCRIPT_EXTENSIONS = (\[[^\]]*\])/.exec(src)![1].replace(/'/g, '"')) as string[];
    const menus = [...manifest.contributes.menus['editor/context'], ...manifest.contributes.menus['explorer/context']];
    const whenOf = (command: string) => menus.filter((m: { command: string }) => m.command === command).map((m: { when: string }) => m.when);
    const extensionsOf = (when: string) => {
      const m = /^resourceExtname =~ \/\^\\\.\(([a-z0-9|]+)\)\$\/i$/.exec(when);
      assert.ok(m, `not a static extension match: ${when}`);
      return m[1].split('|').map((e) => `.${e}`).sort();
    };
    for (const when of [...whenOf('interviewLens.diagnose'), ...whenOf('interviewLens.swapRoles')]) assert.deepEqual(extensionsOf(when), [...transcript].sort());
    for (const when of whenOf('interviewLens.diagnoseAudio')) assert.deepEqual(extensionsOf(when), [...AUDIO_EXTENSIONS].sort());
    assert.equal(whenOf('interviewLens.diagnose').length, 2);
  });

  it('every %key% in package.json is defined in English and Chinese', () => {
    const manifest = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    const keys = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]);
    assert.ok(keys.length >= 5);
    for (const nls of ['package.nls.json', 'package.nls.zh-cn.json']) {
      const table = JSON.parse(fs.readFileSync(path.join(ROOT, nls), 'utf8'));
      for (const k of keys) assert.ok(table[k], `${nls} lacks ${k}`);
    }
  });

  it('every built-in tool is named verb_object, described, and has a unit test file', () => {
    const tests = files(path.join(ROOT, 'test', 'unit')).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    for (const tool of BUILTIN_TOOLS) {
      assert.match(tool.name, /^[a-z]+_[a-z_]+$/);
      assert.ok(tool.description.length > 20, `${tool.name} needs a real description`);
      assert.ok(tests.includes(`'${tool.name}'`), `no unit test calls ${tool.name}`);
      // The registry compiles schemas lazily and without meta-schema checks (start-up time); a
      // broken one must still fail here, not in a user's run.
      assert.equal(metaCheck.validateSchema(closeSchema(tool.inputSchema)), true, `${tool.name}: ${JSON.stringify(metaCheck.errors)}`);
      assert.doesNotThrow(() => compileValidator(tool.inputSchema), `${tool.name}: schema does not compile`);
    }
  });
});
