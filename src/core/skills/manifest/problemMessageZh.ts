/**
 * Problems of skill.yaml in Chinese, for a VS Code whose UI is Chinese. Built from each problem's
 * code and data (the facts the quick fixes use too), not by translating the English sentence, so
 * the two languages say the same thing. Every code of MANIFEST_PROBLEM_CODES has a wording (the
 * table's type makes a missing one a compile error); words of another component (the YAML
 * parser, the template engine, ajv, the file system) are quoted as that component said them.
 * A code an injected check made up keeps its English message.
 */
import type { ManifestProblem, ManifestProblemCode } from './problems';
import { templateReasonZh } from '../../runtime/template/errorZh';

const field = (path: string) => (path === '' ? '此文件' : `\`${path.split('/').filter(Boolean).join('.')}\``);
const quoted = (v: unknown) => (typeof v === 'string' ? `“${v}”` : JSON.stringify(v));
const list = (xs: readonly string[] | undefined) => (xs ?? []).map((x) => `\`${x}\``).join('、');
/** Another component's words, after a Chinese lead-in (nothing when it said nothing). */
const said = (detail: string | undefined) => (detail ? `：${detail}` : '');
/** The template engine's reason in Chinese when it is one the engine gives (else as it said it). */
const templateZh = (reason: string | undefined) => (reason === undefined ? undefined : templateReasonZh(reason) ?? reason);
const isChain = (p: ManifestProblem) => p.file.endsWith('.chain.yaml') || p.path.startsWith('/steps');
const kindZh = (p: ManifestProblem) => (isChain(p) ? '技能链' : '技能');

const TYPE_ZH: Record<string, string> = { string: '文本', number: '数字', integer: '整数', boolean: 'true 或 false', object: '映射（键: 值）', array: '列表', null: 'null' };

const PART_ZH = { what: '它做什么（一个动词和对象）', when: '什么时候用它', 'not-for': '什么时候不该用它（例如 “Not for …” 或 “不用于……”）' } as const;

/** What an injected check was checking (validateManifest's guard names it in English). */
function checkZh(what: unknown): string {
  if (what === 'template') return '模板';
  if (what === 'template variables') return '模板变量';
  if (typeof what === 'string' && what.endsWith(' parameters')) return `\`${what.slice(0, -' parameters'.length)}\` 的参数`;
  return typeof what === 'string' ? what : '';
}

/** Our schemas' patterns in words (schemaErrors.ts says them so in English). */
const PATTERN_ZH: Record<string, string> = {
  '^[a-z][a-z0-9_]*$': ' snake_case（小写字母、数字和 _，以字母开头）',
  '^[a-z][a-z0-9_-]*$': '技能名（小写字母、数字、_ 和 -，以字母开头）',
  '^[A-Za-z0-9_][A-Za-z0-9_.-]*\\.(ts|js)$': ' skill.yaml 旁边以 .ts 或 .js 结尾的文件名（不含文件夹）',
};

const RANGE_ZH: Record<string, string> = { '>=': '至少为', '<=': '至多为', '>': '大于', '<': '小于' };

/** A length or item count out of bounds (minLength / maxLength / minItems / maxItems). */
function lengthZh(name: string, d: NonNullable<ManifestProblem['data']>): string {
  const items = d.reason === 'minItems' || d.reason === 'maxItems';
  if (d.limit === 1 && (d.reason === 'minLength' || d.reason === 'minItems')) return items ? `${name} 不能为空；至少加一项` : `${name} 不能为空`;
  const bound = d.reason === 'maxLength' || d.reason === 'maxItems' ? '至多' : '至少';
  return `${name} 必须${bound}有 ${d.limit} ${items ? '项' : '个字符'}`;
}

type Zh = (p: ManifestProblem, d: NonNullable<ManifestProblem['data']>) => string;

/** YAML syntax: the mistakes yamlLocations recognises in words, anything else in the parser's. */
const yamlSyntax: Zh = (p, d) => {
  switch (d.reason) {
    case 'duplicate-key': return `\`${String(d.found)}\` 在同一个映射里出现了两次；只保留一个`;
    case 'tab-indent': return '这一行用 Tab 缩进；YAML 只能用空格缩进';
    case 'multiple-documents': return '这个文件包含不止一个 YAML 文档（第二个 “---”）；删掉这一行 “---”，让它只有一个文档';
    case 'colon-in-value': return `\`${String(d.found)}\` 的值里有 “: ”，YAML 会把它当成另一个键的开头；把整个值放进引号（"…"），或写成块（|）`;
    case 'unclosed-flow': return d.found === '['
      ? '这个 “[” 没有闭合；用 “]” 结束这个列表'
      : '这个 “{” 没有闭合；用 “}” 结束这个映射';
    case 'over-indented': return `${quoted(d.found)} 比上一行的键缩进得更多；与上一行的键对齐（或把它放到一个以 “:” 结尾的键下面）`;
    case 'alias': return `YAML 别名无法展开${said(d.detail)}；先用 &名称 定义锚点再用 *名称，且不要层层嵌套别名`;
    default: return `YAML 语法错误${said(d.detail ?? p.message.replace(/^YAML: /, ''))}`;
  }
};

/** The wording of every code; keyed by the full code list, so a new code without one does not compile. */
const ZH: Record<ManifestProblemCode, Zh> = {
  'yaml-syntax': yamlSyntax,
  'yaml-warning': (p, d) => `YAML 警告${said(d.detail ?? p.message.replace(/^YAML: /, ''))}`,
  'not-a-mapping': (p, d) => d.reason === 'empty'
    ? `此文件是空的；一个${kindZh(p)}至少需要 ${list(d.missing)}`
    : `${kindZh(p)}文件是由 “name: …” 这样的键值组成的映射；这里是${d.reason === 'list' ? '一个列表' : '单个值'}`,
  'schema-required': (p, d) => `${field(p.path)} 缺少必需的键 ${list(d.missing)}；请补上`,
  'manifest-only-required': (p, d) => `没有脚本的技能需要 ${list(d.missing)}；请补上，或在 skill.yaml 旁边放一个 run.ts 脚本`,
  'schema-unknown-key': (p, d) => `${quoted(d.found)} 不是 ${field(p.path.split('/').slice(0, -1).join('/'))} 允许的键${d.suggestion ? `；是不是想写 \`${d.suggestion}\`？` : ''}${d.allowed?.length ? `（允许：${list(d.allowed.slice(0, 12))}）` : ''}`,
  'schema-type': (p, d) => `${field(p.path)} 应为${(d.expected ?? '').split(',').filter(Boolean).map((t) => TYPE_ZH[t] ?? t).join('或')}，实际是 ${quoted(d.found)}`,
  'schema-enum': (p, d) => `${field(p.path)} 的值 ${quoted(d.found)} 不在允许的取值中${d.allowed?.length ? `：${list(d.allowed)}` : ''}${d.suggestion ? `；是不是想写 “${d.suggestion}”？` : ''}`,
  'schema-pattern': (p, d) => `${field(p.path)} 必须是${PATTERN_ZH[String(d.expected)] ?? `符合正则 ${String(d.expected ?? '')} 的文本`}，实际是 ${quoted(d.found)}`,
  'schema-range': (p, d) => `${field(p.path)} 必须${RANGE_ZH[String(d.reason)] ?? '在允许的范围内：'} ${d.limit ?? ''}，实际是 ${quoted(d.found)}`,
  'schema-length': (p, d) => lengthZh(field(p.path), d),
  'schema-unique': (p, d) => `${field(p.path.split('/').slice(0, -1).join('/'))} 的第 ${d.index} 项 ${quoted(d.found)} 与前面的一项重复；删掉一个`,
  'schema-one-of': (p, d) => `${field(p.path)} 不符合任何一种允许的写法，实际是 ${quoted(d.found)}${d.allowed?.length ? `（可选：${list(d.allowed)}）` : ''}${d.suggestion ? `；是不是想写 “${d.suggestion}”？` : ''}`,
  'schema-invalid': (p, d) => `${field(p.path)} 不符合 schema${said(d.detail)}`,
  'action-no-primitive': () => '这个操作没有指明原语；请以一个原语开头（例如 “- create_note: {…}”）',
  'action-many-primitives': (p, d) => `一个操作只能有一个原语，这里有 ${list(d.found as string[])}；请把第二个移到单独的 “- ” 项`,
  'name-folder-mismatch': (p, d) => `\`name\` 必须与技能文件夹同名（${quoted(d.expected)}），这里是 ${quoted(d.found)}`,
  'output-schema-invalid': (p, d) => `output_schema 不是有效的 JSON Schema：${outputSchemaZh(p, d)}`,
  'output-schema-not-object': () => 'output_schema 应描述一个对象（`type: object` 并带 properties），这样操作才能使用 out.<字段>',
  'alias-duplicate': (p, d) => `\`${String(d.found)}\` 已经由第 ${d.line} 行的 \`${d.expected ?? 'as'}\` 定义过；换一个名字`,
  'alias-reserved': (p, d) => `\`${d.expected ?? 'as'}: ${String(d.found)}\` 会遮住模板里的名字 \`${String(d.found)}\`；换一个名字`,
  'alias-before-definition': (p, d) => {
    const noun = isChain(p) ? '步骤' : '操作';
    return d.reason === 'own'
      ? `\`${String(d.found)}\` 是这个${noun}自己的 \`${d.expected ?? 'as'}\`；它的结果在这个${noun}运行之后才有，请在后面的${noun}里使用`
      : `\`${String(d.found)}\` 在定义之前就被使用了：\`${d.expected ?? 'as'}: ${String(d.found)}\` 在第 ${d.line} 行；把这个${noun}移到那之后`;
  },
  'chunking-overlap': (p, d) => `\`overlap_chars\`（${String(d.found)}）必须小于 max_chars（${d.limit}${d.reason === 'default-max' ? '，默认值' : ''}）；请调小`,
  'test-name-duplicate': (p, d) => `测试名 ${quoted(d.found)} 已被第 ${d.index} 个测试使用；每个测试要有自己的名字`,
  'script-signature': (p, d) => {
    const f = quoted(d.found);
    if (d.reason === 'parse') return `${f} 无法解析${said(d.detail)}`;
    if (d.reason === 'not-exported') return `${f} 必须导出 \`async function execute(ctx, inp)\`；它没有导出 execute`;
    if (d.reason === 'not-function') return `${f} 的 \`execute\` 必须是函数（\`export async function execute(ctx, inp)\`）`;
    if (d.reason === 'generator') return `${f} 的 \`execute\` 必须是 async 函数，不能是生成器`;
    if (d.reason === 'not-async') return `${f} 的 \`execute\` 必须是 async 函数（\`export async function execute(ctx, inp)\`）：运行时会 await 它的返回值`;
    return `${f} 的 \`execute\` 有 ${d.limit} 个参数；它必须恰好有两个：(ctx, inp)，即技能上下文和输入`;
  },
  'script-missing': (p, d) => `\`script\` 指向 ${quoted(d.found)}，但 skill.yaml 旁边没有这个文件；创建它或改正文件名`,
  'chain-unknown-skill': (p, d) => `没有名为 ${quoted(d.found)} 的技能；${d.suggestion ? `是不是想写 “${d.suggestion}”？` : `已有的技能：${d.allowed?.length ? list(d.allowed) : '无'}`}`,
  'duplicate-skill': (p, d) => `另一个技能也叫 ${quoted(d.found)}；技能名必须唯一，请改名`,
  'duplicate-chain': (p, d) => `另一条技能链也叫 ${quoted(d.found)}；名称必须唯一，请改名`,
  'file-too-large': (p, d) => `${quoted(d.found)} 超过了 ${d.limit} KB 的上限，未读取`,
  'file-encoding': (p, d) => `${quoted(d.found)} 不是 UTF-8 文本；请以 UTF-8 编码保存`,
  'file-outside': (p, d) => d.reason === 'folder'
    ? `${quoted(d.found)} 是指向技能文件夹之外的文件夹的链接，未读取`
    : `${quoted(d.found)} 是指向技能文件夹之外的文件的链接，未读取（请把文件复制到这里）`,
  'file-unreadable': (p, d) => {
    switch (d.reason) {
      case 'not-a-folder': return '技能路径必须是文件夹；这是一个文件';
      case 'not-a-file': return `${quoted(d.found)} 不是普通文件`;
      case 'folder': return `无法读取技能文件夹${said(d.detail)}`;
      case 'skill': return `无法读取这个技能${said(d.detail)}`;
      default: return `无法读取${d.found ? ` ${quoted(d.found)}` : '此文件'}${said(d.detail)}`;
    }
  },
  'file-name': () => '清单文件必须命名为 skill.yaml（不是 skill.yml）；请重命名',
  'check-failed': (p, d) => `对这部分的${checkZh(d.found)}检查失败${said(d.detail)}；其余部分已检查`,
  'template-syntax': (p, d) => `模板语法错误${said(templateZh(d.detail ?? p.message))}`,
  'when-syntax': (p, d) => `这个 \`when:\` 条件无法解析${said(templateZh(d.detail))}`,
  'template-unknown-variable': (p, d) => unknownVariable(d),
  'template-unknown-field': (p, d) => unknownVariable(d),
  'template-out-not-in-schema': (p, d) => unknownVariable(d),
  'keyword-overlap': (p, d) => `关键词 ${quoted(d.found)} 也是技能 ${(d.related ?? []).slice(0, 3).map((r) => `“${r.name}”`).join('、')}${(d.related?.length ?? 0) > 3 ? ` 等 ${d.related!.length} 个技能` : ''} 的关键词，含有它的输入两者都匹配，路由无法据此选择；换一个只属于本技能输入的关键词，或从其中一个删除`,
  'description-missing-what': (p, d) => descriptionMissing(d),
  'description-missing-when': (p, d) => descriptionMissing(d),
  'description-missing-not-for': (p, d) => descriptionMissing(d),
  'output-property-no-description': (p, d) => `output_schema 中的 ${quoted(d.found)} 没有 description；模型按描述填写它，请说明这里该放什么`,
  'output-property-vague-description': (p) => `${field(p.path)} 太笼统，无法指导模型；请说明这里放什么、什么格式`,
  'legacy-form': (p, d) => {
    const fix = '（快速修复或 `interview-lens skills migrate` 会改写文件）';
    switch (d.reason) {
      case 'action-key': return `规范写法里 \`${String(d.found)}:\` 要写在原语的参数里面${d.found === 'when' ? '，写成模板，例如 "{{ out.deadline is not none }}"' : ''}；请移进去${fix}`;
      case 'param-name': return `\`${String(d.found)}\` 是旧参数名，规范里叫 \`${String(d.expected)}\`；请改名${fix}`;
      case 'interview-when': return `create_interview 参数里的 \`when\` 现在是操作的执行条件；这里它是面试时间，请改名为 \`scheduled_at\`${fix}`;
      case 'input-name': return `\`${String(d.found)}\` 是旧名字，规范的 SkillInput 里叫 \`${String(d.expected)}\`；仍然可用，但请改名${fix}`;
      case 'reduce-mapping': return `规范里 \`chunking.reduce\` 是布尔值（true：对各块结果再调用一次模型）；它的提示词放到 \`prompt.reduce\` 下${fix}`;
      default: return `这是规范之前的旧写法；请改成规范写法${fix}`;
    }
  },
};

function unknownVariable(d: NonNullable<ManifestProblem['data']>): string {
  return `模板变量 ${quoted(d.found)} 在这里没有提供（会渲染为空）${d.suggestion ? `；是不是想写 \`${d.suggestion}\`？` : ''}${d.allowed?.length ? `（可用：${list(d.allowed.slice(0, 10))}）` : ''}`;
}

function descriptionMissing(d: NonNullable<ManifestProblem['data']>): string {
  return `description 没有说明${PART_ZH[d.part ?? 'what']}；模型按描述选择技能，请补上`;
}

/** The part after "output_schema 不是有效的 JSON Schema：": a meta-schema error keeps its keyword's code as `reason`. */
function outputSchemaZh(p: ManifestProblem, d: NonNullable<ManifestProblem['data']>): string {
  switch (d.reason) {
    case 'draft': return `\`$schema\` 必须是 draft-07（"http://json-schema.org/draft-07/schema#"），或者不写；这里是 ${quoted(d.found)}`;
    case 'unknown-keyword': return `\`${String(d.found)}\` 不是 JSON Schema 的关键字；${d.suggestion ? `是不是想写 \`${d.suggestion}\`？` : '删掉它（说明写进 `description`）'}`;
    case 'required-undefined': return `\`${String(d.found)}\` 列在 \`required\` 里，但没有在 \`properties\` 下定义；把它加到 properties，或改正名字`;
    case 'missing-type': return `\`${String(d.found)}\` 只适用于 ${(d.allowed ?? []).map((t) => TYPE_ZH[t] ?? t).join('或')} 类型的值；在它旁边加上 \`type: ${d.allowed?.[0] ?? ''}\``;
    case 'ref-unresolved': return `\`$ref\` ${quoted(d.found)} 在 output_schema 里找不到目标；在 \`definitions\` 下定义它，或改正引用`;
    case 'ref-outside': return `\`$ref\` ${quoted(d.found)} 指向 output_schema 之外，这不受支持；把定义复制到 \`definitions\` 下`;
    case 'invalid-pattern': return `正则表达式 ${quoted(d.found)} 无效${said(d.detail)}`;
    case 'unsafe-pattern': return `正则表达式 ${quoted(d.found)} 被拒绝${said(d.detail)}（正则表达式由线性时间引擎 RE2 执行，不支持反向引用和环视）`;
    default: {
      // A meta-schema error: worded as its keyword's problem would be.
      const code = d.reason as ManifestProblemCode | undefined;
      if (code && code !== 'output-schema-invalid' && code in ZH) return ZH[code](p, d);
      return d.detail ?? p.message.replace(/^output_schema is not a valid JSON Schema: /, '');
    }
  }
}

/** The Chinese message of `p`, or undefined when its code is not one of the manifest checks' own. */
export function problemMessageZh(p: ManifestProblem): string | undefined {
  const zh = Object.prototype.hasOwnProperty.call(ZH, p.code) ? ZH[p.code as ManifestProblemCode] : undefined;
  return zh?.(p, p.data ?? {});
}
