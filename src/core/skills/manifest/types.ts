// The shapes of skill.yaml and *.chain.yaml after validation. Keys keep the spelling users write
// in YAML (snake_case), so a path in a problem, a template and the type all say the same name.

/** The action primitives a manifest may use, in the order the editor offers them. */
export const ACTION_PRIMITIVES = [
  'upsert_company',
  'upsert_position',
  'upsert_person',
  'create_application',
  'create_interview',
  'create_offer',
  'create_note',
  'create_event',
  'create_reminder',
  'add_tags',
  'link',
  'attach',
  'update_entity',
  'create_document_version',
  'save_diagnosis',
] as const;

/** One action primitive name. */
export type ActionPrimitive = (typeof ACTION_PRIMITIVES)[number];

/** Kinds of input a skill can be routed (the spec's SkillInput.source_kind). */
export type InputKind = 'text' | 'link' | 'image' | 'audio' | 'file';

/** Every input kind, in the order the editor offers them. */
export const INPUT_KINDS: readonly InputKind[] = ['text', 'link', 'image', 'audio', 'file'];

/** Chunking strategies. */
export type ChunkStrategy = 'none' | 'fixed' | 'topic';

/**
 * Parameters of one action, as written (string values are templates, rendered at run time). In the
 * spec's form `as` (the result's name) and `when` (the condition) are keys of this mapping too.
 */
export type ActionParams = Record<string, unknown> & { as?: string; when?: string };

/**
 * One item of `actions` as written: exactly one primitive key. The old form also put `as` and
 * `when` beside the primitive; a validated manifest has them inside the parameters.
 */
export type ActionItem = { as?: string; when?: string } & { [P in ActionPrimitive]?: ActionParams };

/** One action in the form the runtime works with: which primitive, its parameters, alias and condition. */
export interface ActionSpec {
  primitive: ActionPrimitive;
  params: ActionParams;
  as?: string;
  when?: string;
}

/** A prompt pair of templates. */
export interface PromptTemplates {
  system?: string;
  user: string;
}

/** The prompts of a skill: the chunk call's pair, and optionally the reduce call's own. */
export interface SkillPrompt extends PromptTemplates {
  reduce?: PromptTemplates;
}

/** The routing prefilter of a skill. */
export interface SkillMatch {
  inputs?: InputKind[];
  keywords?: string[];
  url_patterns?: string[];
  priority?: number;
}

/** How a long input is split and merged. */
export interface SkillChunking {
  strategy?: ChunkStrategy;
  max_chars?: number;
  overlap_chars?: number;
  /** true: one more call over the merged partial results (prompt.reduce, else the skill's own prompts). */
  reduce?: boolean;
}

/** One inline test case of a skill. */
export interface SkillTestCase {
  name: string;
  input: string | Record<string, unknown>;
  /** What the model answers (one object, or a list for the calls in order); absent: the skill runs offline. */
  model_output?: Record<string, unknown> | unknown[];
  /** The run's clock (ISO 8601). */
  now?: string;
  expect?: { output?: Record<string, unknown>; actions?: Array<Record<string, unknown>>; warnings?: string[] };
}

/** A valid skill.yaml. Defaults are not filled in: absent keys stay absent (see the schema for defaults). */
export interface SkillManifest {
  name: string;
  version: number;
  description: string;
  enabled?: boolean;
  canary?: number;
  match?: SkillMatch;
  chunking?: SkillChunking;
  prompt?: SkillPrompt;
  output_schema?: Record<string, unknown>;
  /** The output without a model: output_schema's shape, string values as templates of the input. */
  offline?: Record<string, unknown>;
  actions?: ActionItem[];
  timeout_ms?: number;
  script?: string;
  tests?: SkillTestCase[];
}

/** What a chain step does when it still fails after its retries. */
export type ChainOnError = 'continue' | 'stop' | ChainStep[];

/** One step of a chain. */
export interface ChainStep {
  skill: string;
  args?: Record<string, unknown>;
  output_as?: string;
  when?: string;
  retry?: { times: number; delay_ms?: number };
  timeout_ms?: number;
  on_error?: ChainOnError;
}

/** A valid *.chain.yaml. */
export interface ChainManifest {
  name: string;
  description?: string;
  steps: ChainStep[];
}

/** The primitive an action item names, or undefined when it names none or several. */
export function primitiveOf(item: Readonly<Record<string, unknown>>): ActionPrimitive | undefined {
  const found = ACTION_PRIMITIVES.filter((p) => Object.prototype.hasOwnProperty.call(item, p));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The actions of a valid manifest in the runtime's form: `as` and `when` taken out of the
 * parameters (the spec's place), or from beside the primitive (the old one).
 */
export function actionSpecs(manifest: Pick<SkillManifest, 'actions'>): ActionSpec[] {
  return (manifest.actions ?? []).flatMap((item) => {
    const primitive = primitiveOf(item);
    if (!primitive) return [];
    const { as, when, ...params } = (item[primitive] ?? {}) as ActionParams;
    const spec: ActionSpec = { primitive, params };
    const alias = as ?? item.as;
    const condition = when ?? item.when;
    if (alias !== undefined) spec.as = alias;
    if (condition !== undefined) spec.when = condition;
    return [spec];
  });
}
