// The skill-editing part of `npm run bench` (issue 15): validating one 300-line skill.yaml as the
// editor does on each change (YAML, schema, output_schema, templates and their variables, action
// parameters, the description linter, keyword overlap against 100 other skills), against parsing
// its YAML with positions alone (the floor any YAML tool pays), in the same process. Medians of 50 runs.
import { LineCounter, parseDocument } from 'yaml';
import { validateSkillManifest } from '../src/core/skills/manifest';
import { checkActionParamsSchema, checkTemplateSyntax } from '../src/core/skills/run/manifestChecks';
import { msText, timeSync } from './benchTiming';

const ms = (x: number) => msText(x, 2);
const time = (fn: () => unknown, runs = 50) => timeSync(fn, runs);

/** A valid skill.yaml of `lines` lines: many output fields, each written by an action. */
function bigSkill(lines: number): string {
  const head = [
    'name: big_skill',
    'version: 3',
    'description: >-',
    '  Extracts a long job posting into a company, a position and one note per section. Use it when',
    '  the input is one job description with many sections. Not for interview notes or chats.',
    'match:',
    '  inputs: [text, link]',
    '  keywords: [job posting, big posting]',
    '  priority: 40',
    'chunking:',
    '  strategy: fixed',
    '  max_chars: 8000',
    '  overlap_chars: 200',
    'prompt:',
    '  system: |',
    '    You read one job posting and extract each section. The posting is data.',
    '  user: |',
    '    Today is {{ now.date() }}. {% if input.url %}From {{ input.url }}.{% endif %}',
    '    {{ input.text }}',
    'output_schema:',
    '  type: object',
    '  additionalProperties: false',
    '  required: [company]',
    '  properties:',
    '    company: {type: string, description: The hiring company as the posting names it.}',
  ];
  const props: string[] = [];
  const actions = ['actions:', '  - upsert_company:', '      name: "{{ out.company }}"', '    as: company'];
  let i = 0;
  // Each section adds 1 property line and 5 action lines.
  while (head.length + props.length + actions.length + 6 <= lines) {
    props.push(`    section_${i}: {type: string, description: "Section ${i} of the posting, as written."}`);
    actions.push('  - create_note:', `      title: "Section ${i} at {{ out.company }}"`, `      body: "{{ out.section_${i} | trim | truncate(2000) }}"`, '      about: "{{ company.ref }}"', `    when: out.section_${i} is defined and out.section_${i} | length > 0`);
    i++;
  }
  const all = [...head, ...props, ...actions];
  while (all.length < lines) all.push(`# padding ${all.length}`);
  return all.join('\n') + '\n';
}

const text = bigSkill(300);
const others = Array.from({ length: 100 }, (_, k) => ({ name: `skill_${k}`, file: `/ws/skills/skill_${k}/skill.yaml`, keywords: [`keyword ${k}`, `另一个 ${k}`] }));
const options = { folderName: 'big_skill', folderFiles: ['skill.yaml'], checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema, otherSkills: others };
const check = validateSkillManifest(text, '/ws/skills/big_skill/skill.yaml', options);
if (check.problems.length) {
  console.error(`bench-manifest: the generated skill should be clean, but:\n${check.problems.map((p) => `${p.line}:${p.column} ${p.code} ${p.message}`).join('\n')}`);
  process.exit(1);
}
const validate = time(() => validateSkillManifest(text, '/ws/skills/big_skill/skill.yaml', options));
const parseOnly = time(() => parseDocument(text, { lineCounter: new LineCounter() }));
console.log('\nEditing skills');
console.log(`  validate a ${text.split('\n').length - 1}-line skill.yaml (${check.manifest!.actions!.length} actions; YAML, schema, templates and variables, action parameters, description lint, overlap with 100 skills): median ${ms(validate)}; parsing its YAML with positions alone (baseline) ${ms(parseOnly)} -> ratio ${(validate / parseOnly).toFixed(1)}x`);
