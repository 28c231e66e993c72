// The skill editor's completion and cursor context at many places of a skill.yaml and a chain,
// on complete and on half-typed text (src/core/skills/editor).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { completionsAt, cursorContext, type CompletionEntry } from '../../src/core/skills/editor';

// The built-in extract_job as it was before the skill spec's form: the editor must keep serving that form.
const EXTRACT_JOB = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'skills-legacy', 'extract_job', 'skill.yaml'), 'utf8');

/** The text without the § marker, and the marker's offset. */
function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('§');
  assert.ok(offset >= 0, 'no § in the text');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/** extract_job's skill.yaml with `from` replaced by `to` (which holds §). */
function inExtractJob(from: string, to: string): { text: string; offset: number } {
  assert.ok(EXTRACT_JOB.includes(from), `extract_job has no ${JSON.stringify(from)}`);
  return cursor(EXTRACT_JOB.replace(from, to));
}

function complete(at: { text: string; offset: number }, kind: 'skill' | 'chain' = 'skill', options = {}): CompletionEntry[] {
  return completionsAt(at.text, at.offset, kind, options);
}
const labels = (items: CompletionEntry[]) => items.map((i) => i.label);

describe('skill editor: completion', () => {
  it('on an empty top-level line offers the keys not yet written, with their descriptions', () => {
    const items = complete(inExtractJob('chunking:\n', '§\nchunking:\n'));
    assert.deepEqual(labels(items).sort(), ['canary', 'enabled', 'offline', 'script', 'tests', 'timeout_ms']);
    const tests = items.find((i) => i.label === 'tests')!;
    assert.match(tests.documentation!, /Test cases written inline/);
    assert.equal(tests.insertText, 'tests:\n  - name: ${1:a typical input}\n    input: ${2:text of the input}\n    expect:\n      output: {$3}');
    assert.ok(tests.snippet && tests.keepWhitespace);
  });

  it('offers whole blocks as snippets: chunking, match, prompt', () => {
    const items = complete(cursor('name: s\nversion: 1\n§\n'));
    const byLabel = new Map(items.map((i) => [i.label, i]));
    assert.equal(byLabel.get('chunking')!.insertText, 'chunking:\n  strategy: ${1|fixed,topic,none|}\n  max_chars: ${2:4000}\n  overlap_chars: ${3:200}');
    assert.equal(byLabel.get('match')!.insertText, 'match:\n  inputs: [${1|text,link,image,audio|}]\n  keywords: [${2:keyword}]\n  priority: ${3:50}');
    assert.match(byLabel.get('prompt')!.insertText, /^prompt:\n {2}system: \|\n {4}\$\{1:.*\}\n {2}user: \|\n {4}\{\{ input\.text \}\}$/);
    assert.equal(byLabel.get('description')!.sortText![0], '0', 'a required key sorts first');
    assert.ok(!byLabel.has('name') && !byLabel.has('version'), 'keys already written are not offered');
  });

  it('inside match: offers its keys that are missing', () => {
    const items = complete(inExtractJob('  priority: 60\n', '  §\n'));
    assert.deepEqual(labels(items), ['priority']);
    assert.equal(items[0].insertText, 'priority: ${1:50}');
  });

  it('after "strategy: " offers the enum values; in a flow list, the values not yet listed', () => {
    assert.deepEqual(labels(complete(inExtractJob('strategy: fixed', 'strategy: §'))), ['none', 'fixed', 'topic']);
    assert.deepEqual(labels(complete(inExtractJob('inputs: [text, link]', 'inputs: [text, §]'))), ['link', 'image', 'audio', 'file']);
    // Typed right after the colon, the value comes with its space.
    const afterColon = complete(cursor('name: s\nchunking:\n  strategy:§\n'), 'skill', { triggerCharacter: ':' });
    assert.equal(afterColon[0].insertText, ' none');
  });

  it('a "- " in a block list of values offers the values, without those of the other items', () => {
    assert.deepEqual(labels(complete(cursor('name: s\nmatch:\n  inputs:\n    - text\n    - §\n'))), ['link', 'image', 'audio', 'file']);
  });

  it('a partly typed key is replaced whole', () => {
    const at = cursor('name: s\nchunking:\n  strat§\n');
    const items = complete(at);
    const strategy = items.find((i) => i.label === 'strategy')!;
    assert.deepEqual(strategy.replace, { start: at.offset - 5, end: at.offset });
    assert.equal(strategy.insertText, 'strategy: ${1|none,fixed,topic|}');
  });

  it('inside an actions item offers the primitives with their required parameters (as and when go inside the parameters, the spec\'s place)', () => {
    const items = complete(inExtractJob('  - add_tags:', '  - §\n  - add_tags:'));
    const names = labels(items);
    assert.deepEqual(names.slice(0, 15), ['upsert_company', 'upsert_position', 'upsert_person', 'create_application', 'create_interview', 'create_offer', 'create_note', 'create_event', 'create_reminder', 'add_tags', 'link', 'attach', 'update_entity', 'create_document_version', 'save_diagnosis']);
    assert.deepEqual(names.slice(15), []);
    const note = items.find((i) => i.label === 'create_note')!;
    // The parameters sit under the primitive key (column 4), two spaces deeper.
    assert.equal(note.insertText, 'create_note:\n      body_md: "$1"');
    assert.match(note.documentation!, /`body_md` \(required\)/);
    const tags = items.find((i) => i.label === 'add_tags')!;
    assert.equal(tags.insertText, 'add_tags:\n      entity: "$1"\n      names: [$2]');
  });

  it('an action item that names its primitive already gets nothing beside it: as and when are offered inside its parameters', () => {
    const items = complete(cursor('name: s\nactions:\n  - create_note:\n      body_md: x\n    §\n'));
    assert.deepEqual(labels(items), []);
    const inside = complete(cursor('name: s\nactions:\n  - create_note:\n      body_md: x\n      §\n'));
    assert.ok(labels(inside).includes('as') && labels(inside).includes('when'));
    assert.equal(inside.find((i) => i.label === 'when')!.insertText, 'when: "{{ $1 }}"');
  });

  it('on the line below "actions:" offers whole "- primitive" items', () => {
    const items = complete(cursor('name: s\nactions:\n  §\n'));
    assert.equal(items.length, 15);
    assert.equal(items[0].label, '- upsert_company');
    assert.equal(items[0].insertText, '- upsert_company:\n      name: "$1"');
  });

  it('parameter keys of a primitive come from its own schema', () => {
    const items = complete(cursor('name: s\nactions:\n  - create_note:\n      body_md: x\n      §\n'));
    assert.deepEqual(labels(items).sort(), ['about', 'as', 'kind', 'occurred_on', 'source', 'structured', 'title', 'when']);
  });

  it('inside {{ out. }} of an action parameter offers output_schema\'s fields with their descriptions', () => {
    const items = complete(inExtractJob('"{{ out.title }}"', '"{{ out.§ }}"'));
    assert.deepEqual(labels(items), ['company', 'title', 'location', 'deadline', 'salary', 'skills']);
    assert.match(items.find((i) => i.label === 'deadline')!.documentation!, /The last day to apply/);
  });

  it('inside {{ }} of an action offers input, now, out and the aliases of EARLIER actions only', () => {
    assert.deepEqual(labels(complete(inExtractJob('target: "{{ position.ref }}"\n    when: out.deadline', 'target: "{{ § }}"\n    when: out.deadline'))), ['input', 'now', 'out', 'company', 'position']);
    // In the second action only the first one's alias exists.
    assert.deepEqual(labels(complete(inExtractJob('company_id: "{{ company.id }}"', 'company_id: "{{ § }}"'))), ['input', 'now', 'out', 'company']);
    assert.deepEqual(labels(complete(inExtractJob('company_id: "{{ company.id }}"', 'company_id: "{{ company.§ }}"'))), ['id', 'ref']);
  });

  it('inside a one-line flow mapping too: an action\'s { key: "{{ … }}" } and a chain step\'s args: { … }', () => {
    const flow = EXTRACT_JOB.replace(/  - upsert_position:\n      company_id: "\{\{ company\.id \}\}"\n/, '  - upsert_position: { company_id: "{{ company.id }}", title: "{{ out.§ }}" }\n    # was:\n');
    assert.ok(flow.includes('§'), 'extract_job changed: adapt the flow-mapping case');
    assert.deepEqual(labels(complete(cursor(flow))), ['company', 'title', 'location', 'deadline', 'salary', 'skills']);
    assert.deepEqual(labels(complete(cursor(flow.replace('{{ out.§ }}', '{{ company.§ }}')))), ['id', 'ref']);
    assert.deepEqual(labels(complete(cursor(flow.replace('{{ out.§ }}', '{{ out.title | §'))).slice(0, 3)), labels(complete(inExtractJob('"{{ out.title }}"', '"{{ out.title | § }}"'))).slice(0, 3));
    assert.deepEqual(labels(complete(cursor('name: c\ndescription: d\nsteps:\n  - skill: capture_note\n    args: { text: "{{ § }}" }\n'), 'chain')), ['input', 'now']);
    // At a key of the flow mapping, or after it is closed, nothing of a template.
    assert.equal(complete(cursor(flow.replace('title: "{{ out.§ }}"', '§title: "{{ out.title }}"'))).some((i) => i.label === 'company'), false);
  });

  it('after "|" offers the template engine\'s filters; after "is" its tests', () => {
    const filters = complete(inExtractJob('{{ out.deadline | days_before(3) }}', '{{ out.deadline | § }}'));
    assert.ok(labels(filters).includes('days_before') && labels(filters).includes('default') && labels(filters).includes('truncate'));
    assert.equal(filters.find((i) => i.label === 'days_before')!.insertText, 'days_before(${1:n})');
    assert.equal(filters.find((i) => i.label === 'trim')!.insertText, 'trim');
    const tests = complete(cursor('name: s\nprompt:\n  user: |\n    {% if input.url is not § %}x{% endif %}\n'));
    assert.ok(labels(tests).includes('none') && labels(tests).includes('defined'));
  });

  it('in prompt.* offers input, now and chunk; in a block scalar too; now.date() is inserted as a call', () => {
    assert.deepEqual(labels(complete(cursor('name: s\nprompt:\n  user: |\n    Hello {{ § }}\n'))), ['input', 'now', 'chunk']);
    assert.deepEqual(labels(complete(cursor('name: s\nprompt:\n  user: |\n    Hello {{ input.§\n'))), ['text', 'link', 'transcript', 'attachments', 'source_kind', 'hints', 'requested_skill', 'source', 'json', 'full_text', 'url', 'kind']);
    assert.deepEqual(complete(cursor('name: s\nprompt:\n  user: "{{ now.§ }}"\n')).map((i) => i.insertText), ['date()', 'iso()']);
    assert.deepEqual(labels(complete(cursor('name: s\nchunking:\n  reduce:\n    user: "{{ § }}"\n'))), ['input', 'now', 'parts', 'out']);
  });

  it('outside {{ }} and in text that is no template, no template names are offered', () => {
    assert.deepEqual(complete(cursor('name: s\nprompt:\n  user: |\n    Hello {{ input.text }} and §\n')), []);
    assert.deepEqual(complete(cursor('name: s\ndescription: "{{ §"\n')), []);
  });

  it('a when: condition is an expression without braces', () => {
    assert.deepEqual(labels(complete(inExtractJob('when: out.skills is defined', 'when: out.sk§'))), ['company', 'title', 'location', 'deadline', 'salary', 'skills']);
  });

  it('a chain step\'s skill: offers the skills; its args see input, now and earlier output_as names', () => {
    const skills = [{ name: 'extract_job', description: 'Extracts a job.' }, { name: 'capture_note' }];
    const items = complete(cursor('name: c\nsteps:\n  - skill: §\n'), 'chain', { skills });
    assert.deepEqual(labels(items), ['extract_job', 'capture_note']);
    assert.equal(items[0].documentation, 'Extracts a job.');
    const chain = 'name: c\nsteps:\n  - skill: extract_job\n    output_as: job\n  - skill: capture_note\n    args:\n      text: "{{ § }}"\n    output_as: note\n';
    assert.deepEqual(labels(complete(cursor(chain), 'chain')), ['input', 'now', 'job']);
  });

  it('a chain step item offers its keys; on_error its two values', () => {
    assert.deepEqual(labels(complete(cursor('name: c\nsteps:\n  - skill: a\n    §\n'), 'chain')), ['args', 'output_as', 'when', 'retry', 'timeout_ms', 'on_error']);
    assert.deepEqual(labels(complete(cursor('name: c\nsteps:\n  - skill: a\n    on_error: §\n'), 'chain')), ['continue', 'stop']);
  });

  it('typing a space opens completion only where something is expected', () => {
    assert.deepEqual(complete(cursor('name: s\nmatch:\n  §\n'), 'skill', { triggerCharacter: ' ' }), [], 'indenting asks for nothing');
    assert.ok(complete(cursor('name: s\nactions:\n  - §\n'), 'skill', { triggerCharacter: ' ' }).length > 0, 'after "- " the item keys come');
    assert.ok(complete(cursor('name: s\nprompt:\n  user: "{{ §"\n'), 'skill', { triggerCharacter: ' ' }).length > 0);
    assert.deepEqual(complete(cursor('name: s\nprompt:\n  user: "{{ input.text §"\n'), 'skill', { triggerCharacter: ' ' }), []);
  });
});

describe('skill editor: cursor context', () => {
  it('tells key, value and template apart on half-typed lines', () => {
    const key = cursorContext(...(Object.values(cursor('name: s\nmatch:\n  key§\n')) as [string, number]), 'skill');
    assert.equal(key.kind, 'key');
    if (key.kind === 'key') assert.deepEqual(key.container, ['match']);
    const value = cursorContext(...(Object.values(cursor('name: s\nmatch:\n  priority: 4§\n')) as [string, number]), 'skill');
    assert.equal(value.kind, 'value');
    if (value.kind === 'value') assert.deepEqual(value.path, ['match', 'priority']);
    const t = cursor('name: s\nactions:\n  - upsert_company:\n      name: "{{ out.comp§ }}"\n    as: company\n  - create_note:\n      body_md: x\n');
    const tpl = cursorContext(t.text, t.offset, 'skill');
    assert.equal(tpl.kind, 'template');
    if (tpl.kind === 'template') {
      assert.deepEqual(tpl.path, ['actions', 0, 'upsert_company', 'name']);
      assert.equal(tpl.site, 'action');
      assert.equal(tpl.before, ' out.comp');
    }
  });

  it('counts list items to find which action the cursor is in, across nested mappings and block scalars', () => {
    const t = cursor('name: s\nactions:\n  - create_note:\n      body_md: |\n        line\n        - not an item\n    as: a\n  - create_note:\n      body_md: x\n    as: b\n  - create_note:\n      title: §\n');
    const ctx = cursorContext(t.text, t.offset, 'skill');
    assert.equal(ctx.kind, 'value');
    if (ctx.kind === 'value') assert.deepEqual(ctx.path, ['actions', 2, 'create_note', 'title']);
  });
});
