/**
 * Problems of skill.yaml in Chinese, for a VS Code whose UI is Chinese. Built from each problem's
 * code and data (the facts the quick fixes use too), not by translating the English sentence, so
 * the two languages say the same thing. A code without a Chinese wording keeps its English message.
 */
import type { ManifestProblem } from './problems';

const field = (path: string) => (path === '' ? '此文件' : `\`${path.split('/').filter(Boolean).join('.')}\``);
const quoted = (v: unknown) => (typeof v === 'string' ? `“${v}”` : JSON.stringify(v));
const list = (xs: readonly string[] | undefined) => (xs ?? []).map((x) => `\`${x}\``).join('、');

const TYPE_ZH: Record<string, string> = { string: '文本', number: '数字', integer: '整数', boolean: 'true 或 false', object: '映射（键: 值）', array: '列表', null: 'null' };

const PART_ZH = { what: '它做什么（一个动词和对象）', when: '什么时候用它', 'not-for': '什么时候不该用它（例如 “Not for …” 或 “不用于……”）' } as const;

/** The Chinese message of `p`, or undefined when its code has none. */
export function problemMessageZh(p: ManifestProblem): string | undefined {
  const d = p.data ?? {};
  switch (p.code) {
    case 'schema-required':
    case 'manifest-only-required':
      return `${field(p.path)} 缺少必需的键 ${list(d.missing)}；请补上`;
    case 'schema-unknown-key':
      return `${quoted(d.found)} 不是 ${field(p.path.split('/').slice(0, -1).join('/'))} 允许的键${d.suggestion ? `；是不是想写 \`${d.suggestion}\`？` : ''}${d.allowed?.length ? `（允许：${list(d.allowed.slice(0, 12))}）` : ''}`;
    case 'schema-type':
      return `${field(p.path)} 应为${(d.expected ?? '').split(',').filter(Boolean).map((t) => TYPE_ZH[t] ?? t).join('或')}，实际是 ${quoted(d.found)}`;
    case 'schema-enum':
      return `${field(p.path)} 的值 ${quoted(d.found)} 不在允许的取值中${d.allowed?.length ? `：${list(d.allowed)}` : ''}`;
    case 'schema-pattern':
      return `${field(p.path)} 的格式不对：${quoted(d.found)}`;
    case 'schema-range':
      return `${field(p.path)} 超出允许的范围：${quoted(d.found)}`;
    case 'schema-length':
      return `${field(p.path)} 的长度不符合要求：${quoted(d.found)}`;
    case 'schema-unique':
      return `${field(p.path)} 重复列出了 ${quoted(d.found)}；删掉一个`;
    case 'name-folder-mismatch':
      return `\`name\` 必须与技能文件夹同名（${quoted(d.expected)}），这里是 ${quoted(d.found)}`;
    case 'duplicate-skill':
      return `另一个技能也叫 ${quoted(d.found)}；技能名必须唯一，请改名`;
    case 'duplicate-chain':
      return `另一条技能链也叫 ${quoted(d.found)}；名称必须唯一，请改名`;
    case 'action-no-primitive':
      return '这个操作没有指明原语；请以一个原语开头（例如 “- create_note: {…}”）';
    case 'action-many-primitives':
      return `一个操作只能有一个原语，这里有 ${list(d.found as string[])}；请把第二个移到单独的 “- ” 项`;
    case 'keyword-overlap':
      return `关键词 ${quoted(d.found)} 也是技能 ${(d.related ?? []).map((r) => `“${r.name}”`).join('、')} 的关键词，含有它的输入两者都匹配，路由无法据此选择；换一个只属于本技能输入的关键词，或从其中一个删除`;
    case 'description-missing-what':
    case 'description-missing-when':
    case 'description-missing-not-for':
      return `description 没有说明${PART_ZH[d.part ?? 'what']}；模型按描述选择技能，请补上`;
    case 'output-property-no-description':
      return `output_schema 中的 ${quoted(d.found)} 没有 description；模型按描述填写它，请说明这里该放什么`;
    case 'output-property-vague-description':
      return `${field(p.path)} 太笼统，无法指导模型；请说明这里放什么、什么格式`;
    case 'template-unknown-variable':
    case 'template-unknown-field':
    case 'template-out-not-in-schema':
      return `模板变量 ${quoted(d.found)} 在这里没有提供（会渲染为空）${d.suggestion ? `；是不是想写 \`${d.suggestion}\`？` : ''}${d.allowed?.length ? `（可用：${list(d.allowed.slice(0, 10))}）` : ''}`;
    default:
      return undefined;
  }
}
