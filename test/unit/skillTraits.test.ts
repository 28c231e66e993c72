import { strict as assert } from 'node:assert';
import { skillTraits } from '../../src/extension/skills/skillTraits';

describe('what the Run Skill picker says of a skill', () => {
  it('a scripted skill is listed as scripted and runnable, a workspace one needing trust says so; none says "not supported"', () => {
    assert.deepEqual(skillTraits({ builtIn: true, script: '/x/skills/coffee_chat/run.ts' }, false), ['built-in', 'scripted'], 'coffee_chat runs, trusted or not');
    assert.deepEqual(skillTraits({ builtIn: false, script: '/w/skills/mine/run.ts' }, true), ['workspace', 'scripted']);
    assert.deepEqual(skillTraits({ builtIn: false, script: '/w/skills/mine/run.ts' }, false), ['workspace', 'scripted-needs-trust']);
    assert.deepEqual(skillTraits({ builtIn: false }, false), ['workspace']);
  });
});
