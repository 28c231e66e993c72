/**
 * Chinese for the template engine's error reasons, for a VS Code whose UI is Chinese (the engine
 * writes them in English where they are thrown; the CLI and logs keep that). Each reason by its
 * shape, what the template said (names, values, positions) kept as it was. A reason not known
 * here comes back undefined, to be shown as it is; a unit test reads every reason the engine can
 * throw and fails when one has no Chinese.
 *
 * The shapes are literal text with `{}` holes, matched by plain string search (no regular
 * expressions, as everywhere in the engine): each hole ends at the first place its following text
 * occurs, the last one at the end.
 */

/** The holes of `shape` in `text`, or undefined when `text` does not have that shape. */
function holes(shape: string, text: string): string[] | undefined {
  const parts = shape.split('{}');
  if (parts.length === 1) return text === shape ? [] : undefined;
  const last = parts[parts.length - 1];
  if (!text.startsWith(parts[0]) || !text.endsWith(last) || text.length < parts[0].length + last.length) return undefined;
  const end = text.length - last.length;
  const out: string[] = [];
  let at = parts[0].length;
  for (let i = 1; i < parts.length - 1; i++) {
    const next = text.indexOf(parts[i], at);
    if (next < 0 || next > end) return undefined;
    out.push(text.slice(at, next));
    at = next + parts[i].length;
  }
  if (at > end) return undefined;
  out.push(text.slice(at, end));
  return out;
}

/** What describeType and describeToken say of a value or token, in Chinese. */
const THINGS: Record<string, string> = {
  'an undefined value': '未定义的值', none: 'none', text: '文本', 'a number': '数字', 'a boolean': '布尔值',
  'a function': '函数', 'a list': '列表', 'a mapping': '映射', 'a date': '日期', 'an object': '对象',
  'the end of the template': '模板结尾',
};

function thing(s: string): string {
  if (s in THINGS) return THINGS[s];
  // A quoted token or value, set off from the Chinese before it.
  if (s.startsWith('"')) return ` ${s}`;
  if (s.startsWith('a number ')) return `数字 ${s.slice('a number '.length)}`;
  if (s.startsWith('the text ')) return `文本 ${s.slice('the text '.length)}`;
  return s;
}

/** "3:5" (the engine) or "line 3, column 5" (the editor's rewrite, see manifestChecks) as 第 3 行第 5 列. */
function place(s: string): string {
  const p = holes('line {}, column {}', s) ?? holes('{}:{}', s);
  return p ? `第 ${p[0]} 行第 ${p[1]} 列` : s;
}

/** A name with the engine's " (did you mean "x"?)" after it, as the name and （是不是想写 "x"？）. */
function withSuggestion(s: string): string {
  const at = s.indexOf(' (did you mean ');
  if (at < 0) return s;
  const guess = holes(' (did you mean {}?)', s.slice(at));
  return guess ? `${s.slice(0, at)}（是不是想写 ${guess[0]}？）` : s;
}

/** Why a token was expected (the parser's `what` of expectOp). */
function purposeZh(s: string): string {
  const paren = holes('to close the "{}" at {}', s);
  if (paren) return `来闭合${place(paren[1])}的 "${paren[0]}"`;
  for (const [what, zh] of [['list', '列表'], ['mapping', '映射'], ['arguments', '参数']]) {
    const opened = holes(`to close the ${what} opened at {}`, s);
    if (opened) return `来闭合${place(opened[0])}打开的${zh}`;
  }
  return s === 'between a key and its value' ? '在键和值之间' : s;
}

const kindZh = (k: string) => (k === 'filter' ? '过滤器' : k === 'test' ? '测试' : k);

/** "2 arguments", "1 to 3 arguments" as 2 个参数, 1 到 3 个参数. */
function argumentsZh(s: string): string {
  const range = holes('{} to {} arguments', s) ?? holes('{} to {} argument', s);
  if (range) return `${range[0]} 到 ${range[1]} 个参数`;
  const one = holes('{} arguments', s) ?? holes('{} argument', s);
  return one ? `${one[0]} 个参数` : s;
}

const SET_FILTER_HINT = ': filters on a {% set %} block are not supported; apply them where the variable is used';
const TRUNCATE_HINT = ': the end marker is the third argument, or write end=';
const UNPACK_WHY: Record<string, string> = {
  'each item must be a list such as [key, value]': '每一项都必须是列表，例如 [key, value]',
  'the value must be a list such as [1, 2]': '这个值必须是列表，例如 [1, 2]',
};

type Words = (h: string[]) => string;

/** The engine's reasons by shape, in the order they are tried (a more specific shape first). */
const REASONS: Array<[string, Words]> = [
  // The lexer.
  ['unclosed {% raw %}: add {% endraw %}', () => '{% raw %} 没有闭合：请加上 {% endraw %}'],
  ['unclosed comment {#: add #}', () => '注释 {# 没有闭合：请加上 #}'],
  ['unclosed string: add the closing {}', (h) => `字符串没有闭合：请加上结尾的 ${h[0]}`],
  ['unclosed {} opened at {}: add {}', (h) => `${place(h[1])}打开的 ${h[0]} 没有闭合：请加上 ${h[2]}`],
  ['unexpected character "{}" {}', (h) => {
    const inside = holes('inside {} {}', h[1]);
    return `${h[1] === 'in the expression' ? '表达式' : inside ? `${inside[0]} ${inside[1]} ` : h[1]}里有意外的字符 "${h[0]}"`;
  }],
  ['\\{} needs {} hexadecimal digits', (h) => `\\${h[0]} 后面需要 ${h[1]} 位十六进制数字`],
  ['escape beyond the last Unicode character (\\U0010FFFF)', () => '转义超出了最后一个 Unicode 字符（\\U0010FFFF）'],
  // The parser.
  ['the template is longer than {} characters', (h) => `模板超过了 ${h[0]} 个字符`],
  ['an expression is expected here, such as out.deadline is not none (or that one expression in {{ }}), not a template with text or tags',
    () => '这里需要一个表达式，例如 out.deadline is not none（或只含这一个表达式的 {{ }}），而不是带文字或标签的模板'],
  ['expected "%}" to end {% {} %}, found {}', (h) => `{% ${h[0]} %} 需要以 "%}" 结束，这里是${thing(h[1])}`],
  ['expected "}}" after the expression, found {}', (h) => `表达式后面需要 "}}"，这里是${thing(h[0])}`],
  ['expected "=" and a value after the variable name, or "%}" to start a {% set %} block; found {}', (h) => {
    const hinted = h[0].endsWith(SET_FILTER_HINT);
    const found = hinted ? h[0].slice(0, -SET_FILTER_HINT.length) : h[0];
    return `变量名后面需要 "=" 和一个值，或用 "%}" 开始一个 {% set %} 块；这里是${thing(found)}${hinted ? '：{% set %} 块不支持过滤器，请在使用该变量的地方应用' : ''}`;
  }],
  ['expected "in" after the loop variable, found {}', (h) => `循环变量后面需要 "in"，这里是${thing(h[0])}`],
  ['expected a loop variable name after {}, found {}', (h) => `${h[0]} 后面需要循环变量名，这里是${thing(h[1])}`],
  ['expected a variable name after {}, found {}', (h) => `${h[0]} 后面需要变量名，这里是${thing(h[1])}`],
  ['expected a tag name after "{%", such as if or for; found {}', (h) => `"{%" 后面需要标签名，例如 if 或 for；这里是${thing(h[0])}`],
  ['expected an attribute name after ".", found {}', (h) => `"." 后面需要属性名，这里是${thing(h[0])}`],
  ['expected a filter name after "|", found {}', (h) => `"|" 后面需要过滤器名，这里是${thing(h[0])}`],
  ['expected a test name after "is{}", such as none or defined; found {}', (h) => `"is${h[0]}" 后面需要测试名，例如 none 或 defined；这里是${thing(h[1])}`],
  ['expected an expression, found nothing', () => '需要一个表达式，这里什么也没有'],
  ['expected the end of the expression, found {}', (h) => `表达式应该在这里结束，这里却是${thing(h[0])}`],
  ['expected an expression{}, found {}', (h) => `${h[0].startsWith(' after ') ? `${h[0].slice(' after '.length)} 后面` : '这里'}需要一个表达式，这里是${thing(h[1])}`],
  ['expected "{}" {}, found {}', (h) => `${purposeZh(h[1])}需要 "${h[0]}"，这里是${thing(h[2])}`],
  ['the expression is nested too deeply (more than {} levels): split it up', (h) => `表达式嵌套太深（超过 ${h[0]} 层）：请拆开写`],
  ['empty {{ }}: write an expression between them, such as {{ input.text }}', () => '空的 {{ }}：请在中间写一个表达式，例如 {{ input.text }}'],
  ['{% {} %} is not supported ({} are not part of the template language of skill.yaml); known tags: {}',
    (h) => `不支持 {% ${h[0]} %}（${h[1]} 不属于 skill.yaml 的模板语言）；已知标签：${h[2]}`],
  ['unknown tag {}; known: {}', (h) => `未知标签 ${withSuggestion(h[0])}；已知标签：${h[1]}`],
  ['{% {} %} cannot follow the {% else %} of the {% {} %} opened at {}: close it with {% {} %}',
    (h) => `{% ${h[0]} %} 不能跟在${place(h[2])}打开的 {% ${h[1]} %} 的 {% else %} 后面：请先用 {% ${h[3]} %} 闭合它`],
  ['{% {} %} cannot close or continue the {% {} %} opened at {}: add {% {} %} before it',
    (h) => `{% ${h[0]} %} 不能闭合或接续${place(h[2])}打开的 {% ${h[1]} %}：请在它前面加上 {% ${h[3]} %}`],
  ['{% {} %} without an open {% {} %}: remove it, or add the {% {} … %} it belongs to',
    (h) => `{% ${h[0]} %} 前面没有打开的 {% ${h[1]} %}：删掉它，或加上它所属的 {% ${h[2]} … %}`],
  ['blocks are nested too deeply (more than {} {% if %} / {% for %} / {% set %} inside each other)', (h) => `块嵌套太深（超过 ${h[0]} 层 {% if %} / {% for %} / {% set %} 互相嵌套）`],
  ['"loop" is reserved for loop.index, loop.first and the like: name the loop variable differently', () => '"loop" 已保留给 loop.index、loop.first 等：请给循环变量换个名字'],
  ['"loop" is reserved for loop.index, loop.first and the like: name the variable differently', () => '"loop" 已保留给 loop.index、loop.first 等：请给变量换个名字'],
  ['recursive loops are not supported: loop over each level with its own {% for %}', () => '不支持递归循环：请用各自的 {% for %} 分别循环每一层'],
  ['{% set %} can only assign a variable, not an attribute or item of {} (namespace() is not supported)', (h) => `{% set %} 只能给变量赋值，不能给 ${h[0]} 的属性或元素赋值（不支持 namespace()）`],
  ['a {% set %} block assigns one variable, not several', () => '一个 {% set %} 块只能给一个变量赋值，不能给多个'],
  ['internal: tokens read ahead of {% raw %}', () => '内部错误：在 {% raw %} 之前预读了记号'],
  ['the argument {} of the {} "{}" is given twice (in order and by name)', (h) => `${kindZh(h[1])} "${h[2]}" 的参数 ${h[0]} 给了两次（按位置一次、按名字一次）`],
  ['the argument {} is given twice', (h) => `参数 ${h[0]} 给了两次`],
  ['an argument without a name cannot follow a named one (name=value): put it first', () => '不带名字的参数不能跟在带名字的参数（name=value）后面：请把它放到前面'],
  ['the {} "{}" has no argument named {}; {}', (h) => `${kindZh(h[0])} "${h[1]}" 没有名为 ${withSuggestion(h[2])} 的参数；${h[3] === 'it takes none' ? '它不接受参数' : `它接受 ${h[3].replace('it takes ', '')}`}`],
  ['range takes 1 to 3 arguments (start, stop, step), got {}', (h) => `range 接受 1 到 3 个参数（start、stop、step），这里给了 ${h[0]} 个`],
  ['the {} "{}" takes {}, got {}', (h) => {
    // "2 arguments (a, b)" and "1 (missing b)": the names and what is missing come in parentheses.
    const names = h[2].indexOf(' (');
    const expected = names < 0 ? h[2] : h[2].slice(0, names);
    const listed = names < 0 ? '' : `（${h[2].slice(names + 2, -1)}）`;
    const missing = h[3].indexOf(' (missing ');
    const got = missing < 0 ? h[3] : h[3].slice(0, missing);
    return `${kindZh(h[0])} "${h[1]}" 接受 ${argumentsZh(expected)}${listed}，这里给了 ${got} 个${missing < 0 ? '' : `（缺少 ${h[3].slice(missing + ' (missing '.length, -1)}）`}`;
  }],
  ['unknown filter {}; known: {}', (h) => `未知过滤器 ${withSuggestion(h[0])}；已知过滤器：${h[1]}`],
  ['unknown test {}; known: {}', (h) => `未知测试 ${withSuggestion(h[0])}；已知测试：${h[1]}`],
  ['unexpected {}', (h) => `意外的${thing(h[0])}`],
  // The evaluator.
  ['range needs whole numbers, got {}', (h) => `range 需要整数，这里是${thing(h[0])}`],
  ['range: the step must not be 0', () => 'range：步长不能为 0'],
  ['range would make {} numbers, more than the {} a render may loop over', (h) => `range 会生成 ${h[0]} 个数，超过一次渲染最多能循环的 ${h[1]} 个`],
  ['the output would be longer than {} characters: print less, or shorten the data with truncate', (h) => `输出会超过 ${h[0]} 个字符：少输出一些，或用 truncate 缩短数据`],
  ['cannot unpack {} values into {} names ({})', (h) => `无法把 ${h[0]} 个值拆给 ${h[1]} 个变量（${h[2]}）`],
  ['cannot unpack {} into {}: {}', (h) => `无法把${thing(h[0])}拆给 ${h[1]}：${UNPACK_WHY[h[2]] ?? h[2]}`],
  ['loop.cycle() needs at least one value to cycle through', () => 'loop.cycle() 至少需要一个可轮流使用的值'],
  ['{} takes no named arguments ({}=…): pass the arguments in order', (h) => `${h[0]} 不接受带名字的参数（${h[1]}=…）：请按顺序传参`],
  ['a mapping key must be text or a number, not {}', (h) => `映射的键必须是文本或数字，不能是${thing(h[0])}`],
  ['{} cannot be used as a key', (h) => `${h[0]} 不能用作键`],
  ['unary {} needs a number, got {}', (h) => `一元运算 ${h[0]} 需要数字，这里是${thing(h[1])}`],
  ['{} is not callable (it is {}): only functions the runtime provides, such as now.date(), can be called',
    (h) => `${h[0]} 不能调用（它是${thing(h[1])}）：只能调用运行时提供的函数，例如 now.date()`],
  ['the filter "{}" was declared when the template was compiled but not passed to render', (h) => `过滤器 "${h[0]}" 在编译模板时声明了，但渲染时没有传入`],
  ['the filter "{}" failed: {}', (h) => `过滤器 "${h[0]}" 出错：${h[1]}`],
  ['cannot add {} and {}: use ~ to join values as text', (h) => `不能把${thing(h[0])}和${thing(h[1])}相加：要把值拼接成文本请用 ~`],
  ['text can only be repeated a whole number of times, not {}', (h) => `文本只能重复整数次，不能是${thing(h[0])}`],
  ['"{}" needs two numbers, got {} and {}', (h) => `"${h[0]}" 需要两个数字，这里是${thing(h[1])}和${thing(h[2])}`],
  ['division by zero ("{}")', (h) => `除以零（"${h[0]}"）`],
  // Filters, tests, slices and values.
  ['days_before expects an ISO date such as 2025-03-10 or 2025-03-10T09:30:00Z, got {}', (h) => `days_before 需要 ISO 日期，例如 2025-03-10 或 2025-03-10T09:30:00Z，这里是 ${h[0]}`],
  ['days_before({}) gives a date outside the years 0000-9999', (h) => `days_before(${h[0]}) 得到的日期超出了 0000–9999 年`],
  ['replace needs non-empty text to look for', () => 'replace 要查找的文本不能为空'],
  ['truncate(length) must be at least the length of end ({}), got {}', (h) => `truncate(length) 不能小于 end 的长度（${h[0]}），这里是 ${h[1]}`],
  ['{}({}) must be true or false, got {}', (h) => {
    const at = h[2].indexOf(TRUNCATE_HINT);
    const got = at < 0 ? h[2] : h[2].slice(0, at);
    return `${h[0]}(${h[1]}) 必须是 true 或 false，这里是${thing(got)}${at < 0 ? '' : `：结尾标记是第三个参数，或写成 end=${h[2].slice(at + TRUNCATE_HINT.length)}`}`;
  }],
  ['{}({}) needs a whole number, got {}', (h) => `${h[0]}(${h[1]}) 需要整数，这里是${thing(h[2])}`],
  ['{}({}) must be between {} and {}, got {}', (h) => `${h[0]}(${h[1]}) 必须在 ${h[2]} 到 ${h[3]} 之间，这里是 ${h[4]}`],
  ['{}(attribute) must be text such as "name" or "address.city", got {}', (h) => `${h[0]}(attribute) 必须是文本，例如 "name" 或 "address.city"，这里是${thing(h[1])}`],
  ['{} needs a list of texts or of numbers, and {}', (h) => {
    const held = holes('this one holds {}', h[1]);
    const attribute = holes('the attribute {} of one item is {}', h[1]);
    return `${h[0]} 需要由文本或数字组成的列表，而${held ? `这里有一项是${thing(held[0])}` : attribute ? `其中一项的属性 ${attribute[0]} 是${thing(attribute[1])}` : h[1]}`;
  }],
  ['round(method) must be "common", "ceil" or "floor", got {}', (h) => `round(method) 必须是 "common"、"ceil" 或 "floor"，这里是 ${thing(h[0])}`],
  ['sum(start) must be a number, got {}', (h) => `sum(start) 必须是数字，这里是${thing(h[0])}`],
  ['sum needs numbers, and this list holds {}', (h) => `sum 需要数字，而这个列表里有${thing(h[0])}`],
  ['length expects a list, text or a mapping, got {}', (h) => `length 需要列表、文本或映射，这里是${thing(h[0])}`],
  ['{} expects {}, got {}', (h) => `${h[0]} 需要${thing(h[1])}，这里是${thing(h[2])}`],
  ['"is divisibleby(0)": cannot divide by zero', () => '"is divisibleby(0)"：不能除以零'],
  ['"is {}" needs a whole number, got {}', (h) => `"is ${h[0]}" 需要整数，这里是${thing(h[1])}`],
  ['the step of a slice must not be 0', () => '切片的步长不能为 0'],
  ['the {} of a slice must be a whole number or left out, got {}', (h) => `切片的 ${h[0]} 必须是整数或省略，这里是${thing(h[1])}`],
  ['cannot slice {}: only text and lists can be sliced', (h) => `不能对${thing(h[0])}切片：只有文本和列表可以切片`],
  ['cannot loop over {}', (h) => `不能循环${thing(h[0])}`],
  ['the value is nested too deeply to print (more than {} levels)', (h) => `这个值嵌套太深，无法输出（超过 ${h[0]} 层）`],
  ['the value contains itself, so it cannot be printed', () => '这个值包含它自身，无法输出'],
  ['a function cannot be printed: call it, as in now.date()', () => '函数不能直接输出：请调用它，例如 now.date()'],
  ['the values are nested too deeply to compare (more than {} levels)', (h) => `这些值嵌套太深，无法比较（超过 ${h[0]} 层）`],
  ['cannot compare {} with {}', (h) => `不能比较${thing(h[0])}和${thing(h[1])}`],
  ['"in" text needs text on its left, not {}', (h) => `对文本用 "in" 时左边必须是文本，不能是${thing(h[0])}`],
  ['cannot look inside {} with "in"', (h) => `不能用 "in" 在${thing(h[0])}里查找`],
  // The work limits.
  ['the template does too much work (more than {} steps): loop over less data, or shorten it before it reaches the template',
    (h) => `模板的计算量太大（超过 ${h[0]} 步）：少循环一些数据，或在数据进入模板前先缩短它`],
  ['too many loop iterations (more than {} in one render): loop over less data', (h) => `循环次数太多（一次渲染超过 ${h[0]} 次）：少循环一些数据`],
  ['the text would be longer than {} characters', (h) => `文本会超过 ${h[0]} 个字符`],
  // A runtime function that failed (its own words are kept).
  ['{} failed: {}', (h) => `${h[0]} 出错：${h[1]}`],
];

/** The Chinese of a template error's reason (TemplateError.reason), or undefined when it is not one the engine gives. */
export function templateReasonZh(reason: string): string | undefined {
  for (const [shape, words] of REASONS) {
    const h = holes(shape, reason);
    if (h) return words(h);
  }
  return undefined;
}

/** A TemplateError's message (`name:line:column: reason`) with the reason in Chinese when it is known. */
export function templateErrorZh(err: { reason: string; line: number; column: number; template?: string }): string {
  const reason = templateReasonZh(err.reason) ?? err.reason;
  return `${err.template ? `${err.template}:` : ''}${err.line}:${err.column}: ${reason}`;
}
