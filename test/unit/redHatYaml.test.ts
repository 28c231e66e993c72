// With Red Hat's YAML extension installed, our schema-level problems are hidden only for the files
// it validates itself: those matching package.json's yamlValidation globs. A skill in a folder of
// another name (interviewLens.skills.paths) keeps our schema problems, or nobody would report them.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { leaveSchemaProblemsToRedHat, redHatValidates, SCHEMA_LEVEL_CODES, yamlValidationGlobs, type RedHatState } from '../../src/core/skills/editor';
import { ROOT } from './helpers';

const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const GLOBS = yamlValidationGlobs(PKG);

/**
 * What yaml-language-server 2 (the eval's dev dependency) does with a yamlValidation glob: Red
 * Hat's client puts "/" before it, the server strips that and matches "**\/glob" with picomatch
 * against the document's URI.
 */
const picomatch = createRequire(path.join(ROOT, 'node_modules', 'yaml-language-server', 'package.json'))('picomatch') as (globs: string[], o: object) => (s: string) => boolean;
const serverMatches = (file: string, globs: readonly string[]) => picomatch(globs.map((g) => `**/${g.replace(/^\//, '')}`), { noglobstar: false })(`file://${file}`);

const INSIDE = [
  '/home/ana/ws/skills/notes/skill.yaml',
  '/home/ana/ws/.interview-lens/skills/notes/skill.yaml',
  '/srv/a/b/c/skills/x/skill.yaml',
];
const OUTSIDE = [
  // interviewLens.skills.paths: ["my-skills"], ["tools/llm"], ["skills/shared"]: no glob matches.
  '/home/ana/ws/my-skills/notes/skill.yaml',
  '/home/ana/ws/tools/llm/notes/skill.yaml',
  '/home/ana/ws/skills/shared/notes/skill.yaml',
  // A workspace below a dot folder: yaml-language-server 2's picomatch does not match it.
  '/root/.cache/ws/skills/notes/skill.yaml',
];

describe('Red Hat YAML: which files it validates, and whose schema problems are shown', () => {
  const state = (over: Partial<RedHatState> = {}): RedHatState => ({ installed: true, validates: true, globs: GLOBS, ...over });

  it('reads the skill and chain globs from package.json\'s yamlValidation', () => {
    assert.deepEqual(GLOBS.skill, ['**/skills/*/skill.yaml', '**/.interview-lens/skills/*/skill.yaml']);
    assert.deepEqual(GLOBS.chain, ['*.chain.yaml']);
    // Our matcher knows *, ** and ?; a glob with braces or classes would be matched literally.
    for (const g of [...GLOBS.skill, ...GLOBS.chain]) assert.doesNotMatch(g, /[{}[\]!]/, g);
  });

  it('a skill.yaml inside the globs is left to Red Hat, one outside them is not', () => {
    for (const f of INSIDE) assert.equal(leaveSchemaProblemsToRedHat(f, 'skill', state()), true, f);
    for (const f of OUTSIDE) assert.equal(leaveSchemaProblemsToRedHat(f, 'skill', state()), false, f);
  });

  it('agrees with yaml-language-server on every path: what we leave to it, it validates', () => {
    for (const f of [...INSIDE, ...OUTSIDE, '/ws/a.chain.yaml', '/ws/skills/p.chain.yaml', '/ws/.x/p.chain.yaml', '/ws/skills/.hidden/skill.yaml']) {
      const kind = f.endsWith('.chain.yaml') ? 'chain' : 'skill';
      const ours = redHatValidates(f, GLOBS[kind]);
      if (ours) assert.equal(serverMatches(f, GLOBS[kind]), true, `we leave ${f} to Red Hat, which does not validate it`);
    }
    for (const f of INSIDE) assert.equal(serverMatches(f, GLOBS.skill), true, f);
    for (const f of OUTSIDE) assert.equal(serverMatches(f, GLOBS.skill), false, f);
  });

  it('chains match *.chain.yaml at any depth; a skill glob never validates a chain', () => {
    assert.equal(leaveSchemaProblemsToRedHat('/ws/skills/prep.chain.yaml', 'chain', state()), true);
    assert.equal(leaveSchemaProblemsToRedHat('/ws/my-skills/notes/prep.chain.yaml', 'chain', state()), true);
    assert.equal(leaveSchemaProblemsToRedHat('/ws/skills/prep.chain.yaml', 'skill', state()), false);
  });

  it('nothing is left to Red Hat when it is not installed, has yaml.validate off, or the document has no path', () => {
    assert.equal(leaveSchemaProblemsToRedHat(INSIDE[0], 'skill', state({ installed: false })), false);
    assert.equal(leaveSchemaProblemsToRedHat(INSIDE[0], 'skill', state({ validates: false })), false);
    assert.equal(leaveSchemaProblemsToRedHat(undefined, 'skill', state()), false);
  });

  it('Windows paths match with their backslashes', () => {
    assert.equal(redHatValidates('C:\\Users\\ana\\ws\\skills\\notes\\skill.yaml', GLOBS.skill), true);
    assert.equal(redHatValidates('C:\\Users\\ana\\ws\\my-skills\\notes\\skill.yaml', GLOBS.skill), false);
  });

  it('the codes left to Red Hat are the schema-level ones only', () => {
    for (const c of ['yaml-syntax', 'schema-required', 'schema-unknown-key', 'schema-type', 'schema-enum']) assert.ok(SCHEMA_LEVEL_CODES.has(c), c);
    for (const c of ['template-syntax', 'name-folder-mismatch', 'keyword-overlap', 'duplicate-skill', 'output-schema-invalid']) assert.ok(!SCHEMA_LEVEL_CODES.has(c), c);
  });
});
