/**
 * Chinese for the template engine's error reasons, for a VS Code whose UI is Chinese (the engine
 * writes them in English where they are thrown; the CLI and logs keep that). Each reason by its
 * shape, what the template said (names, values, positions) kept as it was. A reason not known
 * here comes back undefined, to be shown as it is; a unit test reads every reason the engine can
 * throw and fails when one has no Chinese.
 */

/** What describeType and describeToken say of a value or token, in Chinese. */
const THINGS: Record<string, string> = {
  'an undefined value': '未定义的值', none: 'none', text: '文本', 'a number': '数字', 'a boolean': '布尔值',
  'a function': '函数', 'a list': '列表', 'a mapping': '映射', 'a date': '日期', 'an object': '对象',
  'the end of the template': '模板结尾',
};

function thing(s: string): string {
  if (s in THINGS) return THINGS[s];
  const n = /^a number (.+)$/.exec(s);
  if (n) return `数字 ${n[1]}`;
  const t = /^the text (.+)$/.exec(s);
  return t ? `文本 ${t[1]}` : s;
}

/** "3:5" (the engine) or "line 3, column 5" (the editor's rewrite, see manifestChecks) as 第 3 行第 5 列. */
function place(s: string): string {
  const m = /^(\d+):(\d+)$/.exec(s) ?? /^line (\d+), column (\d+)$/.exec(s);
  return m ? `第 ${m[1]} 行第 ${m[2]} 列` : s;
}

/** " (did you mean "x"?)" as （是不是想写 "x"？）. */
function suggestionZh(s: string): string {
  const m = /^ \(did you mean (.+)\?\)$/.exec(s);
  return m ? `（是不是想写 ${m[1]}？）` : s;
}

/** Why a token was expected (the parser's `what` of expectOp). */
function purposeZh(s: string): string {
  const m = /^to close the (?:"(.)" at|list opened at|mapping opened at|arguments opened at) (.+)$/.exec(s);
  if (m) return `来闭合${place(m[2])}的${m[1] ? ` "${m[1]}"` : s.includes('list') ? '列表' : s.includes('mapping') ? '映射' : '参数'}`;
  return s === 'between a key and its value' ? '在键和值之间' : s;
}

const kindZh = (k: string) => (k === 'filter' ? '过滤器' : k === 'test' ? '测试' : k);

const argumentsZh = (s: string) => s.replace(/^(\S+) to (\S+) arguments?$/, '$1 到 $2 个参数').replace(/^(\S+) arguments?$/, '$1 个参数');

const REASONS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  // The lexer.
  [/^unclosed \{% raw %\}: add \{% endraw %\}$/, () => '{% raw %} 没有闭合：请加上 {% endraw %}'],
  [/^unclosed comment \{#: add #\}$/, () => '注释 {# 没有闭合：请加上 #}'],
  [/^unclosed string: add the closing (.+)$/, (m) => `字符串没有闭合：请加上结尾的 ${m[1]}`],
  [/^unclosed (.+) opened at (.+): add (.+)$/, (m) => `${place(m[2])}打开的 ${m[1]} 没有闭合：请加上 ${m[3]}`],
  [/^unexpected character "(.+)" (.+)$/, (m) => {
    const inside = /^inside (\S+) (\S+)$/.exec(m[2]);
    return `${m[2] === 'in the expression' ? '表达式' : inside ? `${inside[1]} ${inside[2]} ` : m[2]}里有意外的字符 "${m[1]}"`;
  }],
  [/^\\(.+) needs (\S+) hexadecimal digits$/, (m) => `\\${m[1]} 后面需要 ${m[2]} 位十六进制数字`],
  [/^escape beyond the last Unicode character \(\\U0010FFFF\)$/, () => '转义超出了最后一个 Unicode 字符（\\U0010FFFF）'],
  // The parser.
  [/^the template is longer than (\S+) characters$/, (m) => `模板超过了 ${m[1]} 个字符`],
  [/^an expression is expected here, such as out\.deadline is not none \(or that one expression in \{\{ \}\}\), not a template with text or tags$/,
    () => '这里需要一个表达式，例如 out.deadline is not none（或只含这一个表达式的 {{ }}），而不是带文字或标签的模板'],
  [/^expected "%\}" to end \{% (.+) %\}, found (.+)$/, (m) => `{% ${m[1]} %} 需要以 "%}" 结束，这里是${thing(m[2])}`],
  [/^expected "\}\}" after the expression, found (.+)$/, (m) => `表达式后面需要 "}}"，这里是${thing(m[1])}`],
  [/^expected "=" and a value after the variable name, or "%\}" to start a \{% set %\} block; found (.+?)(: filters on a \{% set %\} block are not supported; apply them where the variable is used)?$/,
    (m) => `变量名后面需要 "=" 和一个值，或用 "%}" 开始一个 {% set %} 块；这里是${thing(m[1])}${m[2] ? '：{% set %} 块不支持过滤器，请在使用该变量的地方应用' : ''}`],
  [/^expected "in" after the loop variable, found (.+)$/, (m) => `循环变量后面需要 "in"，这里是${thing(m[1])}`],
  [/^expected "(.+?)" (.+), found (.+)$/, (m) => `${purposeZh(m[2])}需要 "${m[1]}"，这里是${thing(m[3])}`],
  [/^the expression is nested too deeply \(more than (\S+) levels\): split it up$/, (m) => `表达式嵌套太深（超过 ${m[1]} 层）：请拆开写`],
  [/^expected an expression, found nothing$/, () => '需要一个表达式，这里什么也没有'],
  [/^expected the end of the expression, found (.+)$/, (m) => `表达式应该在这里结束，这里却是${thing(m[1])}`],
  [/^empty \{\{ \}\}: write an expression between them, such as \{\{ input\.text \}\}$/, () => '空的 {{ }}：请在中间写一个表达式，例如 {{ input.text }}'],
  [/^expected a tag name after "\{%", such as if or for; found (.+)$/, (m) => `"{%" 后面需要标签名，例如 if 或 for；这里是${thing(m[1])}`],
  [/^\{% (.+) %\} is not supported \((.+) are not part of the template language of skill\.yaml\); known tags: (.+)$/,
    (m) => `不支持 {% ${m[1]} %}（${m[2]} 不属于 skill.yaml 的模板语言）；已知标签：${m[3]}`],
  [/^unknown tag (.+?)((?: \(did you mean .+\?\))?); known: (.+)$/, (m) => `未知标签 ${m[1]}${suggestionZh(m[2])}；已知标签：${m[3]}`],
  [/^\{% (.+) %\} cannot follow the \{% else %\} of the \{% (.+) %\} opened at (.+): close it with \{% (.+) %\}$/,
    (m) => `{% ${m[1]} %} 不能跟在${place(m[3])}打开的 {% ${m[2]} %} 的 {% else %} 后面：请先用 {% ${m[4]} %} 闭合它`],
  [/^\{% (.+) %\} cannot close or continue the \{% (.+) %\} opened at (.+): add \{% (.+) %\} before it$/,
    (m) => `{% ${m[1]} %} 不能闭合或接续${place(m[3])}打开的 {% ${m[2]} %}：请在它前面加上 {% ${m[4]} %}`],
  [/^\{% (.+) %\} without an open \{% (.+) %\}: remove it, or add the \{% (.+) … %\} it belongs to$/,
    (m) => `{% ${m[1]} %} 前面没有打开的 {% ${m[2]} %}：删掉它，或加上它所属的 {% ${m[3]} … %}`],
  [/^blocks are nested too deeply \(more than (\S+) \{% if %\} \/ \{% for %\} \/ \{% set %\} inside each other\)$/,
    (m) => `块嵌套太深（超过 ${m[1]} 层 {% if %} / {% for %} / {% set %} 互相嵌套）`],
  [/^expected a loop variable name after (.+), found (.+)$/, (m) => `${m[1]} 后面需要循环变量名，这里是${thing(m[2])}`],
  [/^"loop" is reserved for loop\.index, loop\.first and the like: name the (loop )?variable differently$/,
    (m) => `"loop" 已保留给 loop.index、loop.first 等：请给${m[1] ? '循环' : ''}变量换个名字`],
  [/^recursive loops are not supported: loop over each level with its own \{% for %\}$/, () => '不支持递归循环：请用各自的 {% for %} 分别循环每一层'],
  [/^expected a variable name after (.+), found (.+)$/, (m) => `${m[1]} 后面需要变量名，这里是${thing(m[2])}`],
  [/^\{% set %\} can only assign a variable, not an attribute or item of (.+) \(namespace\(\) is not supported\)$/,
    (m) => `{% set %} 只能给变量赋值，不能给 ${m[1]} 的属性或元素赋值（不支持 namespace()）`],
  [/^a \{% set %\} block assigns one variable, not several$/, () => '一个 {% set %} 块只能给一个变量赋值，不能给多个'],
  [/^internal: tokens read ahead of \{% raw %\}$/, () => '内部错误：在 {% raw %} 之前预读了记号'],
  [/^expected an expression(.*?), found (.+)$/, (m) => `${m[1] ? `${m[1].replace(/^ after /, '')} 后面` : '这里'}需要一个表达式，这里是${thing(m[2])}`],
  [/^expected an attribute name after "\.", found (.+)$/, (m) => `"." 后面需要属性名，这里是${thing(m[1])}`],
  [/^the argument (.+) of the (\S+) "(.+)" is given twice \(in order and by name\)$/,
    (m) => `${kindZh(m[2])} "${m[3]}" 的参数 ${m[1]} 给了两次（按位置一次、按名字一次）`],
  [/^the argument (.+) is given twice$/, (m) => `参数 ${m[1]} 给了两次`],
  [/^an argument without a name cannot follow a named one \(name=value\): put it first$/, () => '不带名字的参数不能跟在带名字的参数（name=value）后面：请把它放到前面'],
  [/^the (\S+) "(.+)" takes (.+?)((?: \([^)]*\))?), got (\S+?)((?: \(missing .+\))?)$/,
    (m) => `${kindZh(m[1])} "${m[2]}" 接受 ${argumentsZh(m[3])}${m[4] ? `（${m[4].slice(2, -1)}）` : ''}，这里给了 ${m[5]} 个${m[6] ? `（缺少 ${m[6].slice(10, -1)}）` : ''}`],
  [/^the (\S+) "(.+)" has no argument named (.+?)((?: \(did you mean .+\?\))?); (.+)$/,
    (m) => `${kindZh(m[1])} "${m[2]}" 没有名为 ${m[3]} 的参数${suggestionZh(m[4])}；${m[5] === 'it takes none' ? '它不接受参数' : `它接受 ${m[5].replace(/^it takes /, '')}`}`],
  [/^expected a filter name after "\|", found (.+)$/, (m) => `"|" 后面需要过滤器名，这里是${thing(m[1])}`],
  [/^unknown filter (.+?)((?: \(did you mean .+\?\))?); known: (.+)$/, (m) => `未知过滤器 ${m[1]}${suggestionZh(m[2])}；已知过滤器：${m[3]}`],
  [/^expected a test name after "is(.*?)", such as none or defined; found (.+)$/, (m) => `"is${m[1]}" 后面需要测试名，例如 none 或 defined；这里是${thing(m[2])}`],
  [/^unknown test (.+?)((?: \(did you mean .+\?\))?); known: (.+)$/, (m) => `未知测试 ${m[1]}${suggestionZh(m[2])}；已知测试：${m[3]}`],
  [/^unexpected (.+)$/, (m) => `意外的${thing(m[1])}`],
  // The evaluator.
  [/^range takes 1 to 3 arguments \(start, stop, step\), got (\S+)$/, (m) => `range 接受 1 到 3 个参数（start、stop、step），这里给了 ${m[1]} 个`],
  [/^range needs whole numbers, got (.+)$/, (m) => `range 需要整数，这里是${thing(m[1])}`],
  [/^range: the step must not be 0$/, () => 'range：步长不能为 0'],
  [/^range would make (\S+) numbers, more than the (\S+) a render may loop over$/, (m) => `range 会生成 ${m[1]} 个数，超过一次渲染最多能循环的 ${m[2]} 个`],
  [/^the output would be longer than (\S+) characters: print less, or shorten the data with truncate$/, (m) => `输出会超过 ${m[1]} 个字符：少输出一些，或用 truncate 缩短数据`],
  [/^cannot unpack (\S+) values into (\S+) names \((.+)\)$/, (m) => `无法把 ${m[1]} 个值拆给 ${m[2]} 个变量（${m[3]}）`],
  [/^cannot unpack (.+) into (.+): (.+)$/, (m) => {
    const why = m[3] === 'each item must be a list such as [key, value]' ? '每一项都必须是列表，例如 [key, value]' : m[3] === 'the value must be a list such as [1, 2]' ? '这个值必须是列表，例如 [1, 2]' : m[3];
    return `无法把${thing(m[1])}拆给 ${m[2]}：${why}`;
  }],
  [/^loop\.cycle\(\) needs at least one value to cycle through$/, () => 'loop.cycle() 至少需要一个可轮流使用的值'],
  [/^(.+) takes no named arguments \((.+)=…\): pass the arguments in order$/, (m) => `${m[1]} 不接受带名字的参数（${m[2]}=…）：请按顺序传参`],
  [/^a mapping key must be text or a number, not (.+)$/, (m) => `映射的键必须是文本或数字，不能是${thing(m[1])}`],
  [/^(.+) cannot be used as a key$/, (m) => `${m[1]} 不能用作键`],
  [/^unary (\S+) needs a number, got (.+)$/, (m) => `一元运算 ${m[1]} 需要数字，这里是${thing(m[2])}`],
  [/^(.+) is not callable \(it is (.+)\): only functions the runtime provides, such as now\.date\(\), can be called$/,
    (m) => `${m[1]} 不能调用（它是${thing(m[2])}）：只能调用运行时提供的函数，例如 now.date()`],
  [/^the filter "(.+)" was declared when the template was compiled but not passed to render$/, (m) => `过滤器 "${m[1]}" 在编译模板时声明了，但渲染时没有传入`],
  [/^the filter "(.+?)" failed: (.+)$/, (m) => `过滤器 "${m[1]}" 出错：${m[2]}`],
  [/^cannot add (.+) and (.+): use ~ to join values as text$/, (m) => `不能把${thing(m[1])}和${thing(m[2])}相加：要把值拼接成文本请用 ~`],
  [/^text can only be repeated a whole number of times, not (.+)$/, (m) => `文本只能重复整数次，不能是${thing(m[1])}`],
  [/^"(.+)" needs two numbers, got (.+) and (.+)$/, (m) => `"${m[1]}" 需要两个数字，这里是${thing(m[2])}和${thing(m[3])}`],
  [/^division by zero \("(.+)"\)$/, (m) => `除以零（"${m[1]}"）`],
  // Filters, tests, slices and values.
  [/^days_before expects an ISO date such as 2025-03-10 or 2025-03-10T09:30:00Z, got (.+)$/, (m) => `days_before 需要 ISO 日期，例如 2025-03-10 或 2025-03-10T09:30:00Z，这里是 ${m[1]}`],
  [/^days_before\((.+)\) gives a date outside the years 0000-9999$/, (m) => `days_before(${m[1]}) 得到的日期超出了 0000–9999 年`],
  [/^replace needs non-empty text to look for$/, () => 'replace 要查找的文本不能为空'],
  [/^truncate\(length\) must be at least the length of end \((\S+)\), got (\S+)$/, (m) => `truncate(length) 不能小于 end 的长度（${m[1]}），这里是 ${m[2]}`],
  [/^(\S+)\((\S+)\) must be true or false, got (.+?)(?:: the end marker is the third argument, or write end=(.+))?$/,
    (m) => `${m[1]}(${m[2]}) 必须是 true 或 false，这里是${thing(m[3])}${m[4] ? `：结尾标记是第三个参数，或写成 end=${m[4]}` : ''}`],
  [/^(\S+)\((\S+)\) needs a whole number, got (.+)$/, (m) => `${m[1]}(${m[2]}) 需要整数，这里是${thing(m[3])}`],
  [/^(\S+)\((\S+)\) must be between (\S+) and (\S+), got (\S+)$/, (m) => `${m[1]}(${m[2]}) 必须在 ${m[3]} 到 ${m[4]} 之间，这里是 ${m[5]}`],
  [/^(\S+)\(attribute\) must be text such as "name" or "address\.city", got (.+)$/, (m) => `${m[1]}(attribute) 必须是文本，例如 "name" 或 "address.city"，这里是${thing(m[2])}`],
  [/^(\S+) needs a list of texts or of numbers, and (.+)$/, (m) => {
    const held = /^this one holds (.+)$/.exec(m[2]);
    const attribute = /^the attribute (.+) of one item is (.+)$/.exec(m[2]);
    return `${m[1]} 需要由文本或数字组成的列表，而${held ? `这里有一项是${thing(held[1])}` : attribute ? `其中一项的属性 ${attribute[1]} 是${thing(attribute[2])}` : m[2]}`;
  }],
  [/^round\(method\) must be "common", "ceil" or "floor", got (.+)$/, (m) => `round(method) 必须是 "common"、"ceil" 或 "floor"，这里是 ${thing(m[1])}`],
  [/^sum\(start\) must be a number, got (.+)$/, (m) => `sum(start) 必须是数字，这里是${thing(m[1])}`],
  [/^sum needs numbers, and this list holds (.+)$/, (m) => `sum 需要数字，而这个列表里有${thing(m[1])}`],
  [/^length expects a list, text or a mapping, got (.+)$/, (m) => `length 需要列表、文本或映射，这里是${thing(m[1])}`],
  [/^(\S+) expects (text|a list|a number|a mapping), got (.+)$/, (m) => `${m[1]} 需要${thing(m[2])}，这里是${thing(m[3])}`],
  [/^"is (\S+)" needs a whole number, got (.+)$/, (m) => `"is ${m[1]}" 需要整数，这里是${thing(m[2])}`],
  [/^"is divisibleby\(0\)": cannot divide by zero$/, () => '"is divisibleby(0)"：不能除以零'],
  [/^the (\S+) of a slice must be a whole number or left out, got (.+)$/, (m) => `切片的 ${m[1]} 必须是整数或省略，这里是${thing(m[2])}`],
  [/^the step of a slice must not be 0$/, () => '切片的步长不能为 0'],
  [/^cannot slice (.+): only text and lists can be sliced$/, (m) => `不能对${thing(m[1])}切片：只有文本和列表可以切片`],
  [/^cannot loop over (.+)$/, (m) => `不能循环${thing(m[1])}`],
  [/^the value is nested too deeply to print \(more than (\S+) levels\)$/, (m) => `这个值嵌套太深，无法输出（超过 ${m[1]} 层）`],
  [/^the value contains itself, so it cannot be printed$/, () => '这个值包含它自身，无法输出'],
  [/^a function cannot be printed: call it, as in now\.date\(\)$/, () => '函数不能直接输出：请调用它，例如 now.date()'],
  [/^the values are nested too deeply to compare \(more than (\S+) levels\)$/, (m) => `这些值嵌套太深，无法比较（超过 ${m[1]} 层）`],
  [/^cannot compare (.+) with (.+)$/, (m) => `不能比较${thing(m[1])}和${thing(m[2])}`],
  [/^"in" text needs text on its left, not (.+)$/, (m) => `对文本用 "in" 时左边必须是文本，不能是${thing(m[1])}`],
  [/^cannot look inside (.+) with "in"$/, (m) => `不能用 "in" 在${thing(m[1])}里查找`],
  // The work limits.
  [/^the template does too much work \(more than (\S+) steps\): loop over less data, or shorten it before it reaches the template$/,
    (m) => `模板的计算量太大（超过 ${m[1]} 步）：少循环一些数据，或在数据进入模板前先缩短它`],
  [/^too many loop iterations \(more than (\S+) in one render\): loop over less data$/, (m) => `循环次数太多（一次渲染超过 ${m[1]} 次）：少循环一些数据`],
  [/^the text would be longer than (\S+) characters$/, (m) => `文本会超过 ${m[1]} 个字符`],
  // A runtime function that failed (its own words are kept).
  [/^(.+?) failed: (.+)$/, (m) => `${m[1]} 出错：${m[2]}`],
];

/** The Chinese of a template error's reason (TemplateError.reason), or undefined when it is not one the engine gives. */
export function templateReasonZh(reason: string): string | undefined {
  for (const [re, zh] of REASONS) {
    const m = re.exec(reason);
    if (m) return zh(m);
  }
  return undefined;
}

/** A TemplateError's message (`name:line:column: reason`) with the reason in Chinese when it is known. */
export function templateErrorZh(err: { reason: string; line: number; column: number; template?: string }): string {
  const reason = templateReasonZh(err.reason) ?? err.reason;
  return `${err.template ? `${err.template}:` : ''}${err.line}:${err.column}: ${reason}`;
}
