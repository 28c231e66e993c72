import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { ROOT } from './helpers';
import { ACTION_PRIMITIVES } from '../../src/core/skills/manifest';

type Schema = Record<string, unknown>;
const SCHEMAS = ['skill.schema.json', 'chain.schema.json'].map((f) => [f, JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', f), 'utf8')) as Schema] as const);

/** Every place a schema defines a property (or a list item as a mapping): where, and its schema. */
function definedProperties(schema: unknown, where: string, out: Array<[string, Schema]> = []): Array<[string, Schema]> {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Schema;
  for (const [name, sub] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
    out.push([`${where}.${name}`, sub]);
    definedProperties(sub, `${where}.${name}`, out);
  }
  for (const [name, sub] of Object.entries((s.definitions as Record<string, Schema> | undefined) ?? {})) {
    out.push([`${where}#${name}`, sub]);
    definedProperties(sub, `${where}#${name}`, out);
  }
  if (s.items && typeof s.items === 'object' && !(s.items as Schema).$ref) {
    out.push([`${where}[]`, s.items as Schema]);
    definedProperties(s.items, `${where}[]`, out);
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    ((s[key] as Schema[] | undefined) ?? []).forEach((b, i) => definedProperties(b, `${where}/${key}${i}`, out));
  }
  return out;
}

describe('the published manifest schemas', () => {
  for (const [file, schema] of SCHEMAS) {
    it(`${file} is a valid draft-07 schema that ajv compiles in strict mode`, () => {
      // strictRequired is off: the action item's oneOf branches require keys its properties define
      // one level up, which that rule does not look at.
      const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true });
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
      assert.equal(ajv.validateSchema(schema), true, JSON.stringify(ajv.errors));
      assert.doesNotThrow(() => ajv.compile(schema));
    });

    it(`${file}: every property, definition and list item has a description`, () => {
      const all = definedProperties(schema, file);
      assert.ok(all.length > (file.startsWith('skill') ? 40 : 10), `walked only ${all.length}`);
      const missing = all.filter(([, s]) => typeof s.description !== 'string' || s.description.trim().length < 10).map(([w]) => w);
      assert.deepEqual(missing, []);
      assert.ok(typeof schema.description === 'string');
    });

    it(`${file}: every mapping says which keys it allows, except those that hold free-form data`, () => {
      const open = definedProperties(schema, file)
        .filter(([, s]) => s.type === 'object' && s.additionalProperties !== false)
        .map(([w]) => w);
      assert.deepEqual(open, file.startsWith('skill')
        ? [
            'skill.schema.json.output_schema', // a JSON Schema of the user's own
            'skill.schema.json.offline', // shaped like the user's output_schema
            'skill.schema.json.tests[].expect.output',
            'skill.schema.json.tests[].expect.actions[]',
            'skill.schema.json#params', // checked by each primitive's own parameter schema
          ]
        : ['chain.schema.json#step.args']);
    });
  }

  it('the action primitives of the schema are exactly ACTION_PRIMITIVES, each required alone by oneOf', () => {
    const action = ((SCHEMAS[0][1].definitions as Schema).action as Schema);
    const keys = Object.keys(action.properties as Schema).filter((k) => k !== 'as' && k !== 'when');
    assert.deepEqual(keys, [...ACTION_PRIMITIVES]);
    assert.deepEqual((action.oneOf as Array<{ required: string[] }>).map((b) => b.required), ACTION_PRIMITIVES.map((p) => [p]));
    assert.equal(action.additionalProperties, false);
  });

  it('the fixtures that are meant to be valid match the schemas as they are written', () => {
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
    const skill = ajv.compile(SCHEMAS[0][1]);
    const chain = ajv.compile(SCHEMAS[1][1]);
    const dir = path.join(ROOT, 'test', 'fixtures', 'skills-manifest');
    for (const f of ['builtin/extract_job/skill.yaml', 'builtin/coffee_chat/skill.yaml', 'workspace/capture_note/skill.yaml']) {
      assert.equal(skill(parse(fs.readFileSync(path.join(dir, f), 'utf8'))), true, `${f}: ${JSON.stringify(skill.errors)}`);
    }
    assert.equal(chain(parse(fs.readFileSync(path.join(dir, 'workspace/job_pipeline.chain.yaml'), 'utf8'))), true, JSON.stringify(chain.errors));
  });
});
