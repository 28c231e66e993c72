import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { KNOWLEDGE_DIR } from './helpers';

// The general misconceptions the judge checks whatever question was asked (issue 29). They live in
// knowledge/misconceptions/, which the entry loader does not read, so this test is their only check.
const FOLDER = path.join(KNOWLEDGE_DIR, 'misconceptions');
const LANGS = ['zh', 'en'] as const;

interface Misconception {
  id: string;
  topic: string[];
  claims: Record<'zh' | 'en', string[]>;
  refutations: Record<'zh' | 'en', string[]>;
  correction: Record<'zh' | 'en', string>;
  sources: string[];
}

const schema = JSON.parse(fs.readFileSync(path.join(FOLDER, 'schema.json'), 'utf8')) as Record<string, unknown>;
const items = parse(fs.readFileSync(path.join(FOLDER, 'llm-agent.yaml'), 'utf8')) as Misconception[];

function compile(): ValidateFunction {
  return new Ajv({ strict: true, allErrors: true }).compile(schema);
}

function problems(validate: ValidateFunction, data: unknown): string[] {
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** How long a spoken phrase is: words in English, characters (spaces aside) in Chinese. */
function length(phrase: string, lang: 'zh' | 'en'): number {
  return lang === 'en' ? phrase.trim().split(/\s+/).length : [...phrase.replace(/\s+/g, '')].length;
}

const normal = (s: string): string => s.toLowerCase().replace(/[\s，。、,.;；:：!?！？"“”']/g, '');

// A word that marks a sentence as debunking; each item has at least one such refutation per
// language, so a matcher has a clear cue that the speaker rejects the claim.
const DEBUNK = {
  zh: /不|没|非|无|未|别|误区|错|只是|只能/,
  en: /\b(not|no|never|cannot|only|myth|misconception|wrong|false)\b|n't\b/i,
};

describe('general LLM/agent misconceptions (knowledge/misconceptions)', () => {
  it('has a draft-07 schema that ajv compiles in strict mode and that forbids unknown keys', () => {
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    const item = (schema.definitions as Record<string, Record<string, unknown>>).misconception;
    assert.equal(item.additionalProperties, false);
    compile();
  });

  it('validates llm-agent.yaml against the schema', () => {
    assert.deepEqual(problems(compile(), items), []);
  });

  it('holds at least 45 misconceptions with unique ids', () => {
    assert.ok(items.length >= 45, `only ${items.length} items`);
    const seen = new Set<string>();
    const dupes = items.map((i) => i.id).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    assert.deepEqual(dupes, []);
  });

  it('gives every item claims and refutations in both languages, a correction in both and a source', () => {
    for (const item of items) {
      for (const lang of LANGS) {
        assert.ok(item.claims[lang]?.length >= 3, `${item.id}: claims.${lang}`);
        assert.ok(item.refutations[lang]?.length >= 2, `${item.id}: refutations.${lang}`);
        assert.ok(item.correction[lang]?.trim(), `${item.id}: correction.${lang}`);
      }
      assert.ok(item.sources.length >= 1, `${item.id}: sources`);
      for (const s of item.sources) assert.match(s, /^(https:\/\/\S+|arXiv:\d{4}\.\d{4,5} .+)$/, `${item.id}: source ${s}`);
    }
  });

  it('keeps claims and refutations short, as spoken (20 words, 40 Chinese characters)', () => {
    const long: string[] = [];
    for (const item of items) {
      for (const lang of LANGS) {
        for (const p of [...item.claims[lang], ...item.refutations[lang]]) {
          if (length(p, lang) > (lang === 'en' ? 20 : 40)) long.push(`${item.id}: ${p}`);
        }
      }
    }
    assert.deepEqual(long, []);
  });

  it('keeps claims apart from refutations: no refutation repeats a claim, no claim is in two items', () => {
    const clashes: string[] = [];
    const owner = new Map<string, string>();
    for (const item of items) {
      for (const lang of LANGS) {
        for (const c of item.claims[lang]) {
          const key = normal(c);
          if (owner.has(key) && owner.get(key) !== item.id) clashes.push(`${item.id} and ${owner.get(key)}: ${c}`);
          owner.set(key, item.id);
          // A refutation that contains the claim word for word would fire a literal matcher.
          for (const r of item.refutations[lang]) if (normal(r).includes(key)) clashes.push(`${item.id}: "${r}" contains "${c}"`);
        }
      }
    }
    assert.deepEqual(clashes, []);
  });

  it('has, per item and language, at least one refutation that says outright that the claim is wrong', () => {
    const missing = items.flatMap((item) =>
      LANGS.filter((lang) => !item.refutations[lang].some((r) => DEBUNK[lang].test(r))).map((lang) => `${item.id}.${lang}`),
    );
    assert.deepEqual(missing, []);
  });

  it('rejects an item with an unknown key, a missing language or a source that is not a link', () => {
    const validate = compile();
    const good = structuredClone(items[0]);
    assert.deepEqual(problems(validate, [good]), []);
    assert.ok(problems(validate, [{ ...good, severity: 'high' }]).some((p) => p.includes('additional properties')));
    const noEnglish = { ...good, refutations: { zh: good.refutations.zh } };
    assert.ok(problems(validate, [noEnglish]).some((p) => p.includes("required property 'en'")));
    assert.notDeepEqual(problems(validate, [{ ...good, sources: ['see the docs'] }]), []);
    assert.notDeepEqual(problems(validate, [{ ...good, sources: [] }]), []);
    assert.notDeepEqual(problems(validate, [{ ...good, id: 'Not Kebab' }]), []);
  });
});
