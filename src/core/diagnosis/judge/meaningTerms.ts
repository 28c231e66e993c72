// Bilingual meaning lexicon of the offline judge: the actions, objects, properties and relations
// that interview answers use to state a claim ("validate", "execute", "send back", "before",
// "idempotent", "at-least-once"...), each with the ways people say it in Chinese and English,
// formal and spoken ("塞回去", "扔给模型", "kick off", "bump the limit"). It is finer-grained than the
// topic lexicon of the knowledge base (src/core/diagnosis/knowledge/conceptTerms.ts): a key point and an answer
// sentence are both reduced to these ids, so they meet even when they share no word or language.
// Written from the domain and the knowledge base, not from any evaluation set.
//
// Format: one synset per line, `id: term | term | ...`; `#` lines are comments. Matching is done
// by the judge's lexicon matcher: Chinese terms match anywhere in the text; an English term matches
// at the start of a word and may end inside one (so stems such as "validat" or "retriev" cover their
// inflections), except terms of three letters or fewer, which must be whole words ("run" is not in
// "runtime"). Everything is lower case. A term belongs to several synsets only when it truly means
// each of them; the two directions of a relation (increase/decrease, allow/block, before/after,
// cheap/expensive, keep/delete, split/merge...) are separate synsets.
export const MEANING_LINES = `
# ---- Relations and logic words that carry meaning in a claim ----
instead-of: instead of | rather than | in place of | as opposed to | 而不是 | 而非 | 与其 | 不是直接 | 不直接
replace: replac | substitut | 替换 | 替代 | 代替 | 取代 | 换成 | 换掉 | 改用 | 换用 | 顶替
switch-over: switch | failover | fail over | fails over | cut over | cut-over | cutover | 切换 | 切到 | 切过去 | 换到 | 转到备用 | 主备切换 | 主从切换 | 换模型 | switching models | switch models
before: before | prior to | ahead of | beforehand | in advance | up front | upfront | first | 之前 | 以前 | 事先 | 事前 | 提前 | 预先 | 先 | 前置 | 执行前 | 调用前 | 发送前 | 写入前 | 上线前 | 返回前 | 入库前 | 处理前 | 进入上下文前 | start with | start simple | begin with
after: after | afterwards | afterward | then | 之后 | 以后 | 事后 | 然后 | 再 | 随后 | 接着 | 完成后 | 成功后 | 处理完 | 处理后 | 执行后 | 上线后 | 返回后 | 结束后 | 过后 | after processing
only-if: only if | only when | only after | unless | as long as | provided that | on condition | 只有当 | 只有在 | 仅当 | 仅在 | 除非 | 前提是 | 条件是 | 的前提下 | 满足条件 | 才能 | 才会 | 才执行 | 才放行 | 才允许
only: only | solely | exclusively | nothing but | nothing else | 只 | 仅 | 仅仅 | 单纯 | 光靠 | 唯独
each: each | every time | every step | every item | per | 每 | 逐条 | 逐一 | 挨个 | 分别 | respectively | individually | 单独 | one by one | 一个个
per-user: per user | per-user | each user | every user | by user | per account | user-level | user id | userid | 每个用户 | 按用户 | 用户级 | 用户维度 | 分用户 | 每位用户 | 每个人 | 用户 id | 按账号
per-request: per request | per-request | each request | every request | per call | each call | every call | request-level | 每次请求 | 每个请求 | 每条请求 | 按请求 | 每次调用 | 请求级 | 单次请求 | 单次调用
end-to-end: end-to-end | end to end | e2e | whole pipeline | entire pipeline | full pipeline | whole flow | 端到端 | 全链路 | 全流程 | 整条链路 | 整个流程 | 从头到尾 | 整体
offline: offline | off-line | precomput | ahead of time | batch job | 离线 | 线下 | 预先计算 | 提前算好 | 预计算 | 离线管道
online: online | in production | production | live traffic | real traffic | real users | 线上 | 在线 | 生产环境 | 真实流量 | 真实用户 | 上线后 | 现网
realtime: real-time | realtime | real time | instantly | immediately | live | 实时 | 即时 | 秒级 | 立即 | 马上 | 立刻
async: async | asynchron | background | non-blocking | nonblocking | fire and forget | fire-and-forget | 异步 | 后台 | 非阻塞 | 不阻塞 | 稍后通知 | 回头再
blocking: synchronous | synchronously | wait for | waits for | waiting for | 阻塞 | 同步调用 | 同步等待 | 同步发送 | 同步返回 | 干等 | 等它返回 | 等结果 | blocking call | blocking wait | blocks the thread | blocks the request
independent: independent | no dependency | no dependencies | unrelated | decoupl | 独立 | 互不依赖 | 没有依赖 | 无依赖 | 互不影响 | 解耦 | 不相干
dependency: depend | prerequisite | upstream | downstream | dag | topolog | 依赖 | 先决 | 前置步骤 | 上游 | 下游 | 拓扑 | 有向无环 | 需要前一步 | 依赖关系
distributed: distributed | 分布式 | across nodes | multiple instances | multi-instance | cluster-wide | 多实例 | 多节点 | 多台机器 | 跨节点
trade-off: trade-off | tradeoff | trade off | trades off | at the cost of | at the expense of | in exchange | sacrific | weighs | weigh up | 权衡 | 取舍 | 折中 | 两难 | 代价是 | 换来 | 牺牲 | 以牺牲 | 此消彼长
cause: because | caus | due to | leads to | lead to | led to | results in | resulting in | stems from | comes from | root cause | 因为 | 由于 | 导致 | 造成 | 引起 | 原因 | 根因 | 源于 | 引发 | 归因 | attribution
prevent: prevent | avoid | protect | defen | safeguard | guard against | protect against | mitigat | keep from | keeps from | stop it from | 防止 | 避免 | 杜绝 | 防 | 规避 | 缓解 | 防住 | 免得 | 以免 | 不让 | 保护
ensure: ensure | guarantee | make sure | makes sure | enforce | 保证 | 确保 | 保障 | 强制 | 兜住 | 一定能
must: must | required | require | mandatory | have to | has to | needs to | obligat | 必须 | 必填 | 务必 | 一定要 | 得要 | 强制要求 | required field | required fields | 必填项 | 必传
optional: optional | not required | nice to have | opt-in | 可选 | 选填 | 非必须 | 不强制 | 可有可无 | default | defaults | out of the box | 默认 | 缺省 | 默认值 | 开箱即用
missing: missing | lack | lacks | lacking | omit | omission | left out | leaves out | miss | misses | missed | 缺少 | 缺失 | 遗漏 | 漏掉 | 漏了 | 漏判 | 漏步骤 | 没覆盖 | 缺了 | 少了
insufficient: not enough | insufficient | too few | too little | scarce | 不够 | 不足 | 太少 | 偏少 | 不充分 | 数据少 | 稀少 | 很少
too-many: too many | too much | excessive | overly | redundant | bloat | blow up | blows up | explod | 太多 | 过多 | 过量 | 过度 | 冗余 | 膨胀 | 爆炸 | 塞太多 | 一大堆 | 太杂 | 太满 | 塞满
combine: combin | together | hybrid | along with | in combination | plus | alongside | 结合 | 组合 | 配合 | 搭配 | 一起用 | 叠加 | 混合 | 加上 | 并用 | 两者结合 | 两路
separate: separat | distinguish | delimit | apart | split out | tell apart | 区分 | 分开 | 隔开 | 分离 | 分隔 | 区别对待 | 分别处理 | 拆开 | 分隔符 | 划清
compare: compar | versus | vs | side by side | head-to-head | head to head | pairwise | against the baseline | against a baseline | 对比 | 比较 | 比对 | 相比 | 对照 | 两两比较 | 前后对比 | 跟基线比 | 和基线比 | 比一比
same: same | identical | verbatim | byte-for-byte | exact same | 相同 | 一样 | 同一个 | 同样 | 完全一样 | 逐字 | 一模一样 | 原样
unchanged: unchanged | no change | doesn't change | does not change | stays the same | invariant | no drop | no loss | no measurable | not affected | 不变 | 不改变 | 保持不变 | 不受影响 | 不变量 | 没有下降 | 没下降 | 持平 | 不降
different: differ | varies | vary | variation | diverg | distinct | 不同 | 差异 | 区别 | 不一样 | 各异 | 因模型而异 | 因任务而异 | 不一致的 | depends on the task | depends on task | task-dependent
weakness: limitation | limitations | weakness | weaknesses | shortcoming | drawback | drawbacks | downside | downsides | limits of | 局限 | 局限性 | 缺点 | 短板 | 弊端 | 劣势 | 不足之处 | 天然不擅长 | not good at | bad at
automatic: automat | without a human | without human | no human | unattended | programmatic | 自动 | 无人值守 | 程序自动 | 脚本自动 | 自动跑 | 自动化
manual: manual | by hand | human | humans | people | a person | operator | 人工 | 人来 | 人为 | 手动 | 手工 | 人审 | 真人 | 人类 | 人去
rule-based: rule | rules | rule-based | regex | regular expression | hard rule | if-else | hard-cod | hardcod | deterministic code | in code | 规则 | 正则 | 关键词表 | 硬规则 | 规则引擎 | 写死 | 硬编码 | 代码保证 | 程序保证 | 用代码
explicit: explicit | clearly | clear instructions | clear criteria | clear definition | clear boundar | spell out | spells out | spelled out | make it clear | 显式 | 明确 | 写清楚 | 写清 | 说清楚 | 写明 | 明示 | 讲清楚 | 清晰 | clear error | clear errors | clear message
implicit: implicit | implied | tacit | unspoken | 隐式 | 隐含 | 暗含 | 没明说 | 言外之意
indirect: indirect | second-hand | via a document | through a document | 间接 | 借道 | 藏在文档 | 藏在网页 | 藏在工具返回
global: global | globally | whole corpus | across the whole | big picture | 全局 | 整体性 | 全貌 | 宏观 | 汇总性
early: early | earlier | sooner | as soon as | 提早 | 尽早 | 及早 | 尽快 | 早点 | 提前终止 | early stop | stop early | give up early
on-demand: on demand | on-demand | as needed | when needed | only when needed | just in time | just-in-time | lazily | 按需 | 需要时 | 用到时 | 用的时候再 | 随用随取 | 临时拉取 | only what is relevant | only relevant | only the relevant
at-least-once: at-least-once | at least once | 至少一次 | 至少投递一次 | 至少消费一次
exactly-once: exactly-once | exactly once | effectively once | once and only once | only once | just once | 恰好一次 | 精确一次 | 仅一次 | 只处理一次 | 有且仅有一次 | 效果上的一次 | 只执行一次 | 只扣一次 | 只生效一次
at-least: at least | minimum of | no fewer than | no less than | 至少 | 起码 | 不少于 | 不低于 | 保底 | 最低限度
cap: cap | caps | capped | capping | limit | upper bound | upper limit | ceiling | at most | no more than | not exceed | max | maximum | bounded | 上限 | 封顶 | 最多 | 不超过 | 至多 | 最大步数 | 最大轮数 | 最大输出 | 最大长度 | 最大次数 | 最大值 | 最大并发 | 限制 | 限额 | 设上限 | 卡住上限 | 兜底上限 | 限流 | limiting
exceed: exceed | overrun | overflow | over budget | over the limit | blow through | go over | goes over | 超出 | 超过 | 超支 | 超限 | 溢出 | 爆掉 | 超预算 | 用超
threshold: threshold | cutoff score | pass mark | 阈值 | 门槛 | 门限 | 分数线 | 及格线 | 达标线 | 临界值 | 卡线

# ---- Magnitude, direction and comparison ----
increase: increas | rais | grow | grew | higher | bump | boost | go up | goes up | went up | gone up | climb | spike | scale up | ramp up | improv | 提升 | 提高 | 增加 | 增大 | 增长 | 上升 | 上涨 | 变多 | 变大 | 变高 | 加大 | 调高 | 调大 | 拉高 | 拉长 | 放大 | 翻倍 | 飙升 | 暴涨 | 激增 | 更高 | 更多 | 加码 | 往上调 | 放宽 | doubles | doubled | doubling | multiplied | multiplies
decrease: decreas | reduc | lower | lowered | cut | cuts | cutting | drop | dropped | dropping | halv | shrink | shrank | fewer | go down | goes down | went down | fell to | fell by | minimi | 降低 | 减少 | 下降 | 降到 | 降了 | 降为 | 减小 | 缩小 | 缩短 | 变少 | 变小 | 变低 | 调低 | 调小 | 压低 | 压到 | 拉低 | 减半 | 砍掉 | 砍到 | 更少 | 更低 | 降本 | 少用 | 收紧 | 往下调 | 最小化 | shorter | shorten | shortening
improve: improv | better | enhanc | optimiz | optimise | optimised | optimising | optimises | fine-tune the prompt | tune up | polish | 改进 | 改善 | 优化 | 变好 | 更好 | 更准 | 提升 | 效果更好 | 进步 | 调优 | 打磨 | 迭代优化
worsen: worse | worsen | deteriorat | accuracy loss | quality loss | quality drop | hurts | hurt quality | 变差 | 退化 | 劣化 | 变坏 | 掉点 | 掉分 | 精度损失 | 质量下降 | 效果下降 | 变弱 | 不如 | 下滑 | 拉胯
large: large | larger | big | bigger | huge | massive | enormous | giant | millions | thousands | 大量 | 巨大 | 很大 | 太大 | 大规模 | 海量 | 庞大 | 几百万 | 上百万 | 千万级 | 成千上万 | 几万 | 大批 | 大块 | 大文件 | 大结果
small: small | smaller | tiny | minimal | minimum | compact | lightweight | a few | handful | 少量 | 很小 | 较小 | 更小 | 最少 | 轻量 | 少数 | 几十条 | 小块 | 小模型 | 小样本 | 小流量 | 一小部分 | 精简版
long: long | longer | lengthy | verbose | wordy | 很长 | 太长 | 超长 | 更长 | 变长 | 较长 | 过长 | 冗长 | 啰嗦 | 长文本 | 长文档 | 长上下文 | 长对话 | 长回答 | 长期 | 长任务 | 长时间 | 越聊越长 | 拉长
short: short | shorter | shorten | brief | concise | succinct | terse | 简短 | 简洁 | 更短 | 很短 | 太短 | 较短 | 缩短 | 短期 | 短文本 | 言简意赅
fast: fast | faster | fastest | quick | speed up | speeds up | sped up | rapid | snappy | low latency | lower latency | 更快 | 很快 | 快速 | 加快 | 提速 | 加速 | 变快 | 够快 | 快很多 | 快得多 | 速度快 | 响应快 | 低延迟 | 秒回 | 迅速
slow: slow | sluggish | lag | laggy | takes too long | take too long | high latency | higher latency | 卡顿 | 高延迟 | 太久 | 耗时长 | 等很久 | 拖慢 | 变慢 | 延迟高 | 半天才 | 龟速 | 很慢 | 太慢 | 慢了 | 比较慢 | 更慢 | 慢得多 | 响应慢 | 速度慢 | 跑得慢 | 慢思考
cheap: cheap | inexpensive | affordable | low cost | lower cost | low-cost | cost-effective | save money | saves money | saving money | cost saving | save cost | 便宜 | 省钱 | 低成本 | 成本低 | 划算 | 省成本 | 节约 | 省下 | 省 token | 廉价 | 性价比 | discount | discounted | cheaper rate | 折扣 | 打折 | 优惠 | 便宜一半 | 节省成本 | 节省费用 | 节省开销
expensive: expensive | costly | pricey | high cost | higher cost | burn money | burns money | cost a lot | costs a lot | 很贵 | 太贵 | 更贵 | 比较贵 | 挺贵 | 贵很多 | 贵得多 | 昂贵 | 成本高 | 高成本 | 费钱 | 烧钱 | 开销大 | 代价高 | 代价大 | 成本翻倍 | 倍增 | 成本暴涨 | multiplied

# ---- Tool calling: calling, checking, running, returning, errors ----
validate: validat | verif | check | sanity-check | sanity check | double-check | assert | 校验 | 检查 | 验证 | 核验 | 核对 | 查验 | 合不合法 | 是否合法 | 合法性 | 检验 | 把关 | 断言 | 验一下 | 对一下 | 可判定 | checkable
execute: execut | run | runs | running | ran | carry out | carries out | carried out | kick off | kicks off | 执行 | 运行 | 跑 | 调用执行 | 去跑 | 跑一下 | 跑起来 | 落地执行 | 实际执行
invoke: call | invok | trigger | fire off | hit the api | hit the endpoint | 调用 | 调接口 | 调工具 | 调 api | 调api | 调一下 | 去调 | 触发 | 发起调用 | 发起请求 | 请求一下
propose-call: propose | proposes | emit | emits | emitted | decides to call | decide to call | picks a tool | chooses a tool | 提出调用 | 输出调用 | 生成调用 | 给出调用 | 决定调用 | 调用意图 | 只是生成 | 只输出
host-app: the host | host code | host program | host side | host process | host application | host app | harness | orchestration code | your code | our code | application code | the app | client code | 宿主 | 宿主程序 | 宿主应用 | 应用层 | 应用程序 | 我们的代码 | 业务代码 | 框架层 | 外层程序 | 由应用 | 应用执行 | 应用来执行 | 应用负责 | 宿主执行
send-back: return | send back | sends back | sent back | feed back | feeds back | fed back | feed it back | feeding back | pass back | passes back | passed back | hand back | back to the model | back into the context | append the result | 回填 | 返回 | 返回给 | 塞回 | 塞回去 | 喂回 | 喂给模型 | 传回 | 回传 | 送回 | 交还 | 扔回 | 丢回 | 扔给模型 | 丢给模型 | 反馈给模型 | 放回上下文 | 拼回 | 回灌 | 回给模型 | 再给模型 | output back | result back | results back | it back | them back | value back | answer back | back into the | back to the llm | back to the agent | 回给
result: result | output | outputs | return value | observation | 结果 | 返回值 | 输出 | 出参 | 回包 | 返回结果 | 观察结果 | 执行结果 | 产物
argument: argument | arg | args | parameter | param | 参数 | 入参 | 实参 | 形参 | 传参 | 参数值 | 字段值
schema: schema | json schema | signature | type definition | typed | field definition | 模式定义 | 结构定义 | 参数定义 | 类型定义 | 字段定义 | 表结构 | 签名 | 类型约束 | 字段类型 | 数据结构 | enum | enumerat | allowed values | fixed set | 枚举 | 可选值 | 取值范围 | 固定取值 | 候选值
field: field | fields | key-value | attribute | property | properties | column | columns | 字段 | 属性 | 键值 | 表头 | 列名
structured: structured | json | json mode | xml | yaml | well-formed | machine-readable | typed object | 结构化 | 固定格式 | 格式化输出 | 机器可读 | 结构清晰 | 键值对
format: format | formatting | formatted | 格式 | 排版 | 样式 | 输出格式 | 格式要求
parse: pars | deserializ | decode the json | read the json | 解析 | 反序列化 | 解出来 | 拆出 | 拿出来解析 | 解不开 | 解析失败
malformed: malformed | invalid | ill-formed | broken json | half a json | truncated json | not valid | bad argument | bad arguments | wrong argument | garbage | 不合法 | 非法 | 格式错误 | 格式不对 | 半截 | 残缺 | 解析不了 | 错的参数 | 参数错 | 参数不对 | 传错 | 填错 | 乱填
description: description | describ | docstring | doc string | documentation | 描述 | 工具说明 | 功能说明 | 用途说明 | 文档字符串 | 介绍 | 注释 | naming | tool names | clear names | name it | tool name | function name | clear name | verb-noun | 名称 | 命名 | 名字 | 起名
when-to-use: when to use | when not to use | when to call | when it should | use it when | 何时用 | 何时不用 | 什么时候用 | 什么时候不用 | 什么时候调用 | 适用场景 | 使用时机 | 不该用
example: example | examples | few-shot | few shot | demonstration | sample answer | 示例 | 例子 | 样例 | 少样本 | 举例 | 范例 | 示范 | 正例 | 反例
atomic: atomic | atomicity | single purpose | single-purpose | single responsibility | one thing | does one thing | 原子 | 原子化 | 原子性 | 单一职责 | 职责单一 | 只做一件事
wrap: wrap | wrapper | encapsulat | facade | task-level | high-level | higher-level | 封装 | 包一层 | 包装 | 高层 | 任务级 | 聚合成 | 合成一个
side-effect: side effect | side-effect | side effects | write operation | write action | mutat | state-changing | 副作用 | 写操作 | 会改数据 | 改状态 | 有写入 | 改动数据 | 修改数据
read-only: read-only | read only | readonly | no side effect | query only | 只读 | 只查询 | 只能读 | 不改数据 | 无副作用 | 查询类
irreversible: irreversible | destructive | can't be undone | cannot be undone | permanent | one-way | 不可逆 | 不能撤销 | 无法撤销 | 收不回 | 覆水难收 | 无法恢复 | 破坏性
reversible: reversible | undo | undoable | revert | can be undone | roll it back | 可逆 | 可撤销 | 撤销 | 撤回 | 可以回滚 | 能恢复 | 可恢复
error: error | errors | err | exception | traceback | stack trace | 报错 | 错误 | 异常 | 出错 | 错误信息 | 报错信息 | 抛错 | 抛异常 | misus | 例外
error-code: error code | status code | error type | structured error | http code | 4xx | 5xx | 429 | 503 | 错误码 | 状态码 | 返回码 | 错误类型 | 结构化错误 | 错误编号
failure: fail | failure | crash | broken | goes wrong | go wrong | went wrong | blew up | 失败 | 挂了 | 挂掉 | 崩溃 | 崩了 | 出问题 | 不成功 | 没成功 | 翻车 | 跑挂 | 报废
transient: transient | temporar | intermittent | flaky | retryable | recoverable | network blip | 暂时性 | 临时性 | 瞬时 | 偶发 | 短暂 | 可恢复 | 可重试 | 网络抖动 | 一会儿就好
permanent-error: unrecoverable | non-retryable | nonretryable | permanent error | fatal | never succeed | won't succeed | will not succeed | no point retrying | 不可恢复 | 永久性 | 致命 | 不可重试 | 重试也没用 | 重试多少次都不会成功 | 重试没用 | 不会成功
retry: retry | retries | retried | retrying | re-try | try again | tries again | resend | redeliver | re-run | rerun | 重试 | 再试 | 重新尝试 | 再调一次 | 再来一次 | 再跑一次 | 重新调用 | 重发 | 重新发送 | 重投 | 重跑 | 重新执行
backoff: back off | backoff | backs off | backing off | exponential | jitter | retry-after | retry after | wait longer | 退避 | 指数退避 | 间隔递增 | 逐渐拉长 | 越等越久 | 抖动 | 随机延迟 | 等一会再 | 等一等再
timeout: timeout | time out | times out | timed out | time-out | deadline | time limit | wall-clock | wall clock | 超时 | 时限 | 时间限制 | 限时 | 时间上限 | 等待上限 | 最长等待
fix-repair: fixes | fixing | fix it | fix bugs | fix the bug | fix the error | fix errors | fix the argument | repair | corrects | corrected | correction | self-correct | correct it | correct the | correct itself | amend | 修复 | 修正 | 纠正 | 改正 | 修好 | 修补 | 自我纠正 | 自行修正 | 改对 | fixed cases | fixed bugs | once fixed | 修复后 | hint | suggestion | suggest | guidance | how to fix | recovery hint | 修复提示 | 错误提示 | 建议 | 修复建议 | 怎么改 | 指引 | 引导
loop: loop | loops | looping | cycle | cycles | iterate | iterat | 循环 | 死循环 | 来回 | 循环调用 | 兜圈子 | 反复调用 | 重复调用 | 迭代 | stuck | hang | hangs | hung | frozen | freeze | unresponsive | spinning | 卡住 | 卡死 | 卡在 | 停滞 | 没反应 | 无响应 | 原地打转 | 绕圈 | 转圈
repeat: repeat | repetit | duplicat | twice | again and again | same arguments | same call | 重复 | 两次 | 一遍又一遍 | 相同参数 | 同样的参数 | 反复 | 同一个调用 | 多次执行
step: step | steps | iteration | iterations | rounds | round of | each round | per round | turn limit | max turns | 步骤 | 步数 | 每一步 | 下一步 | 多步 | 几步 | 每步 | 单步 | 分步 | 轮数 | 轮次 | 每轮 | 几轮 | 一轮 | round limit | round limits
dialog-turn: a turn | each turn | per turn | the turn | turns | multi-turn | follow-up | follow up | conversation turn | earlier turns | previous turn | 多轮 | 上一轮 | 下一轮 | 轮对话 | 多轮对话 | 追问 | 后续提问 | 上文 | 前文
stop: stop | halt | terminat | exit | give up | gives up | end the run | ends the run | final answer | abort the loop | 终止 | 停止 | 停下 | 结束 | 收手 | 退出 | 放弃 | 最终回答 | 最终答案 | 停掉 | 叫停
done-criteria: stop condition | done condition | definition of done | success criteria | success criterion | exit criteria | acceptance criteria | when it is done | when to stop | 终止条件 | 完成条件 | 停止条件 | 结束条件 | 完成标准 | 验收标准 | 成功判定 | 判定标准 | 什么时候算完成 | 达标
detect: detect | notice | catch | catches | identify | recogni | flag | flags | flagged | 检测 | 发现 | 识别 | 察觉 | 探测 | 识别出 | 抓出 | 揪出 | 标记出 | scan | scans | scanning
complete-task: complete | completes | completed | completion | finish | finished | done | accomplish | got the job done | job done | 完成 | 做完 | 办完 | 搞定 | 完工 | 达成
claim-done: claims done | claims it is done | claims success | pretends | says it did | reports success | 声称完成 | 自称完成 | 谎称 | 假装完成 | 说做完了 | 以为完成

# ---- Common objects and general actions answers use across areas ----
model: model | models | llm | llms | 模型 | 大模型 | 语言模型
user: user | users | end user | end-user | customer | customers | 用户 | 使用者 | 终端用户
data: data | 数据 | 资料数据
answer: answer | answers | answered | answering | response | responses | reply | replies | respond | responds | 回答 | 答案 | 回复 | 响应 | 作答 | 答复
request: request | requests | requested | 请求 | 请求体 | 调用请求
service-server: server | servers | backend | back-end | service | services | microservice | 服务器 | 后端 | 服务 | 微服务
detail: detail | details | detailed | fine detail | specifics | 细节 | 细小 | 具体信息 | 明细
language: language | languages | 语言 | 语种 | multilingual | cross-lingual
chinese-lang: chinese | mandarin | 中文 | 汉语 | 简体
english-lang: english | 英文 | 英语
keep: keep the original | keep both | keep completed | retain | retains | preserve | preserves | hold on to | 保留 | 留着 | 保持 | 留下 | 不删 | keeping
merge: merge | merges | merged | merging | consolidat | fold into | 合并 | 归并 | 并到一起 | 合成一个 | 整合到
generate: generat | produces | produced | synthesiz | write out | 生成 | 自动生成 | 产生 | 输出一段
transform: transform | convert | converts | converted | turn into | turns into | map to | maps to | mapping | 转换 | 转成 | 映射 | 变成 | 转化成
classify: classif | categoriz | label it as | 分类 | 分类器 | 归为 | 判别 | 归类 | classify errors | error classes | 错误分类 | 按错误类型 | 分类处理
reuse: reuse | re-use | reusable | write once | use everywhere | 复用 | 重用 | 一次实现 | 到处可用 | 通用化
integrate: integrat | connect to | connects to | plug into | plugs into | hook up | wire up | 集成 | 对接 | 打通 | 接进来 | 接上
discover: discover | discovery | list the tools | enumerate tools | list_tools | 发现 | 服务发现 | 列出工具 | 自动发现
expose: expose | exposes | exposed | declare | declares | declared | advertise | advertises | 暴露 | 声明 | 对外提供 | 开放出来 | exposure
unify: unified | uniform | standardiz | one api | single interface | common interface | same interface | 统一 | 标准化 | 统一接口 | 一套接口
explainable: explain | explains | explainab | interpretab | traceable answer | why it answered | 可解释 | 解释 | 讲出原因
style-tone: style | tone | voice | register | 风格 | 语气 | 口吻 | 文风 | behavio | 行为 | 行为模式 | 表现
knowledge: knowledge | know-how | 知识 | 知识点 | 领域知识
length: length | lengths | how long | word count | token count | 长度 | 字数 | 篇幅 | 多长 | 字符数
scale: at scale | the scale | scale of | data scale | size | sizes | sized | volume | volumes | 规模 | 量级 | 体量 | 大小 | 数据量 | by scale | by size
frequency: frequency | frequent | frequently | how often | call volume | high-volume | 频率 | 频繁 | 高频 | 调用量 | 请求量 | 调用频率
narrow-task: narrow | narrow task | specific task | single task | well-defined task | vertical | 窄任务 | 单一任务 | 特定任务 | 垂直 | 固定任务
general-purpose: general-purpose | general purpose | general tasks | broad tasks | open-domain | open domain | 通用 | 开放域 | 泛化 | 各种任务
complex: complex | complicated | sophisticated | harder | difficult | tricky | intricate | 复杂 | 困难 | 棘手 | 繁琐 | 难度大
simple: simple | simpler | simplest | easy | easier | straightforward | trivial | basic | 简单 | 容易 | 轻松 | 基础 | 直接了当
periodic: schedule | scheduled | cron | periodic | periodically | regularly | nightly | daily | weekly | 定时 | 定期 | 周期性 | 每天 | 每周
continuous: continuous | continuously | ongoing | constantly | keep adding | keep improving | 持续 | 不断 | 持续地 | 长期运营 | 持续迭代
add-to-evalset: add to the eval set | added to the eval set | join the eval set | into the test set | into the eval set | add them to the set | 加入评测集 | 补进评测集 | 放进测试集 | 沉淀为用例 | 加进评测集 | 加入回归集
collect: collect | collects | collected | collecting | gather | gathers | gathering | harvest | 收集 | 汇集 | 搜集 | 积累 | 攒下来
clean: clean | cleans | cleaning | cleanse | boilerplate | strip html | main content | 清洗 | 去噪 | 正文提取 | 去掉广告 | 洗数据
paginate: paginat | page through | next page | cursor | offset and limit | 分页 | 下一页 | 翻页 | 游标
handle-ref: a handle | file handle | handle to | handles to | pointer | reference id | file id | 句柄 | 指针 | 引用 id | 只返回 id
capability: capability | capabilities | agent card | capability card | skills | 能力 | 能力卡片 | 能力描述 | 技能
owner: owner | owners | ownership | owns | responsible person | 所有权 | 归属 | 负责人 | 责任人 | 属主
maintain: maintain | maintains | maintained | maintenance | upkeep | keep up to date | 维护 | 运维 | 保养 | 更新维护
abstraction: abstraction | abstractions | abstract away | black box | black-box | magic | 抽象 | 抽象泄漏 | 黑盒 | 封装过度 | leaky abstraction | leaky abstractions
roi: roi | return on investment | cost-benefit | cost benefit | worth it | pays off | pay off | 投入产出 | 值不值得 | 收益 | 回报 | gain | gains | benefit
unstructured: unstructured | free text | free-form | freeform | messy | 非结构化 | 自由文本 | 杂乱 | 不规范
midway: midway | mid-run | mid-way | halfway | while it runs | while it is running | in the middle of | 中途 | 执行中 | 运行过程中 | 半路 | 执行过程中 | during execution | during the run
fast-path: fast path | fast-path | shortcut | short circuit | short-circuit | early exit | cheap path | 快速路径 | 捷径 | 短路 | 快速通道
sensitive-category: health | medical | religion | sexual orientation | political | biometric | 健康 | 医疗 | 宗教 | 政治 | 性取向 | 生物特征 | 敏感类别
critical-fact: amount | amounts | dosage | dose | doses | statute | statutes | figures | 金额 | 剂量 | 数额 | 法条 | 关键事实 | 关键数字
independent-reviewer: another model | second model | separate model | different model | independent review | independent reviewer | reviewer model | 另一个模型 | 独立审查 | 另一个 agent | 第三方复核 | 交叉审查

# ---- Backend engineering: storage, caching, databases ----
store: store | stored | storing | storage | save it | save the | save to | saves to | saved | persist | write to | written to | writes to | 存储 | 存到 | 存进 | 存下 | 存起来 | 保存 | 落库 | 落盘 | 持久化 | 记下来 | 存一份 | 留存 | durable | durability | flush to disk | fsync | on disk | survive a restart | survives restarts | 刷盘 | 不丢 | 重启不丢 | 磁盘上 | 可靠存储
load-read: reads | reading | read from | read it | read the | read back | readback | load from | loads from | loaded | loading | look up | looks up | lookup | pull from | pulls from | 读取 | 读出 | 读出来 | 加载 | 取出 | 取出来 | 拉取 | 查出来 | 读库 | 读缓存 | 捞出来 | 拿出来 | fetch | 抓取
write: insert | upsert | append | add to | adds to | put into | 写入 | 插入 | 新增 | 追加 | 写库 | 写一条 | 加进 | 放进 | 塞进 | 存入 | writes to | write path | write operation | write api | write action | writes are | reviewed writes | memory write | memory writes | write-back | write | writes | writing | written | 写到 | 写进
update: updat | upsert | modify | modifies | modified | overwrite | overwrit | refresh | refreshes | edit | edits | 更新 | 修改 | 覆盖写 | 覆盖旧值 | 刷新 | 变更 | 改一下 | 改掉 | 增删
delete: delet | remov | drop table | drop it | purge | erase | wipe | evict | 删除 | 删掉 | 删 | 移除 | 清除 | 清掉 | 清理 | 抹掉 | 剔除 | 去掉 | 淘汰 | 踢掉 | 去除
cache: cache | caches | cached | caching | memoiz | 缓存 | 缓存起来 | 缓存住 | 走缓存 | 放缓存 | 缓存层 | redis 里
cache-hit: cache hit | hit rate | hits the cache | hit the cache | served from cache | 命中 | 命中率 | 缓存命中 | 命中缓存 | 打到缓存 | false hit | false hits | 误命中
cache-miss: cache miss | misses the cache | miss the cache | not in the cache | 未命中 | 没命中 | 缓存未命中 | 缓存穿透 | 击穿
invalidate: invalidat | evict | bust the cache | cache busting | delete the cache | delete the cache entry | clear the cache | purge the cache | 失效 | 删缓存 | 删除缓存 | 清缓存 | 淘汰缓存 | 让缓存失效 | 缓存失效 | 作废 | double delete | delayed double delete | 延迟双删 | 双删 | delete cache | deleting the cache | delete the cached | 删掉缓存 | 缓存删掉 | 删了缓存 | 把缓存删 | 淘汰掉缓存
expire: expir | ttl | time to live | time-to-live | expiry | stale after | 过期 | 过期时间 | 有效期 | 到期 | 生存时间 | 自动过期 | 老化
stale: stale | outdated | out of date | out-of-date | old value | old data | obsolete | 旧值 | 旧数据 | 脏数据 | 过时 | 陈旧 | 读到旧 | 老数据 | 旧版本
fresh: fresh | freshness | up to date | up-to-date | latest | newest | current data | recency | 新鲜 | 最新 | 时效 | 时效性 | 及时 | 实时更新 | 新近 | 更新频率 | update frequency
database: database | databases | db | mysql | postgres | postgresql | sql table | database table | 数据库 | 库表 | 数据表 | 表里 | 主库 | 落到库 | mysql 里 | 关系库 | 更新库 | 先更新库 | 读库 | 写库
transaction: transaction | transactional | atomic write | rollback the transaction | acid | 事务 | 事务性 | 原子提交 | 一起提交 | 同一个事务
unique-constraint: unique constraint | unique index | unique key | primary key | uniqueness | unique | 唯一索引 | 唯一约束 | 唯一键 | 主键 | 唯一性 | 唯一 id | 唯一id | 不能重复
key-id: cache key | lock key | redis key | primary key | unique key | id | ids | identifier | request id | idempotency key | dedup key | order id | session id | task id | call id | tool_call_id | uuid | 主键 | 请求 id | 请求id | 幂等键 | 订单号 | 流水号 | 会话 id | 任务 id | 调用 id
hash: hash | hashes | hashed | hashing | checksum | fingerprint | digest | md5 | sha | 哈希 | 散列 | 校验和 | 指纹 | 摘要值
version: version | versioned | versioning | revision | v1 | v2 | 版本 | 版本号 | 版本化 | 版本管理 | 版本库
version-column: version column | version field | version number | optimistic lock | optimistic locking | optimistic concurrency | compare-and-set | compare and set | compare-and-swap | cas | 乐观锁 | 版本号 | 比较并交换 | cas 更新 | 乐观并发
lock: lock | locks | locked | locking | mutex | lease | leases | acquire | 加锁 | 锁 | 锁住 | 上锁 | 互斥 | 租约 | 抢锁 | 拿锁 | 持锁 | 分布式锁
release-lock: release the lock | releases the lock | released the lock | release it | unlock | unlocks | free the lock | 释放 | 解锁 | 释放锁 | 放锁 | release | releases | released
renew: renew | renewal | extend the lease | extend the ttl | keep alive | keepalive | heartbeat | watchdog | 续期 | 续约 | 看门狗 | 心跳 | 保活 | 延长过期 | heartbeats | keep-alive | ping | 心跳包
atomic-op: atomic | atomically | atomicity | in one step | single command | lua script | lua | setnx | set nx | nx px | 原子 | 原子性 | 原子地 | 一步完成 | 一条命令 | lua 脚本
race: race | race condition | racing | concurrent write | concurrent writers | concurrent update | lost update | reorder | 竞态 | 竞争条件 | 并发写 | 同时修改 | 同时写 | 同时更新 | 并发修改 | 写覆盖 | 覆盖更新 | 时序问题 | 乱序 | 抢着改 | 并发不一致 | 并发下 | race window | 互相覆盖 | 被覆盖 | 覆盖掉
parallel: parallel | concurren | simultaneous | fan out | fans out | multithread | multi-thread | asyncio.gather | promise.all | 并行 | 并发 | 同时执行 | 同时发 | 同时跑 | 同时运行 | 同时处理 | 同时请求 | 一起发出去 | 多线程 | 多路并发 | 同时调用
serial: serial | sequential | one after another | one at a time | in sequence | in turn | single-threaded | single writer | 串行 | 串行化 | 顺序执行 | 依次 | 逐个 | 一个接一个 | 排队执行 | 单线程 | 单写者
ordering: ordering | reorder | out of order | the order of | same order | both orders | swap the order | in what order | order them | 顺序 | 先后 | 次序 | 时序 | 有序 | 保序 | 排列顺序 | 交换顺序 | 调换顺序 | random order | randomize the order | randomise the order | randomised order | in random order
state-machine: state machine | state transition | transition | status field | 状态机 | 状态流转 | 状态转移 | 流转 | 跳转 | 状态字段
state: state | states | stateful | status | 状态 | 状态对象 | 当前状态 | 有状态 | sandbox state | final state | end state | world state | 最终状态 | 终态 | 环境状态
stateless: stateless | no state | 无状态 | 不存状态 | 不保存状态
idempotent: idempoten | same effect | safe to retry | safe to repeat | 幂等 | 幂等性 | 执行多次效果一样 | 重复执行也一样 | 重试安全 | 多次调用结果相同
dedupe: dedup | de-dup | deduplicat | remove duplicates | drop duplicates | collapse duplicates | 去重 | 排重 | 判重 | 防重 | 重复的去掉 | 合并重复 | 去掉重复
double-charge: charged twice | charge twice | double charge | double charging | duplicate charge | duplicate payment | sends twice | send twice | 重复扣款 | 扣两次 | 重复付款 | 重复发送 | 发两次 | 重复下单 | 重复提交
first-response: first response | first result | stored response | cached response | same response | original response | previous result | 返回第一次 | 返回首次 | 首次结果 | 第一次的结果 | 之前的结果 | 原来的结果 | 直接返回
consistency: consisten | in sync | agree | agreement | coheren | 一致 | 一致性 | 同步一致 | 对得上 | 吻合
inconsistency: inconsisten | out of sync | mismatch | diverge | drift apart | conflict | conflicting | 不一致 | 对不上 | 冲突 | 矛盾 | 打架 | 不同步
strong-consistency: strong consistency | strongly consistent | linearizab | read your writes | 强一致 | 强一致性 | 严格一致
eventual-consistency: eventual consistency | eventually consistent | 最终一致 | 最终一致性 | 弱一致
sync-data: sync | synchroniz | keep in sync | mirror | replicate changes | 同步 | 拉齐 | 同步过去 | 增量同步 | 数据同步
cdc: cdc | change data capture | binlog | change log | changelog | canal | debezium | change event | change events | 变更事件 | 订阅 binlog | 变更日志 | 增量日志
index: index | indexes | indices | indexed | indexing | b+ tree | b-tree | b+树 | covering index | secondary index | clustered | 索引 | 建索引 | 二级索引 | 聚簇 | 覆盖索引 | 联合索引 | leftmost prefix | 最左前缀 | 索引失效 | 回表 | implicit cast | implicit conversion | type conversion | wraps the column | function on the column | leading wildcard | 隐式转换 | 类型转换 | 对列做函数 | 前导模糊
full-scan: full scan | full table scan | table scan | brute force | brute-force | scan everything | linear scan | 全表扫描 | 全扫描 | 暴力 | 暴力检索 | 逐条比对 | 线性扫描

# ---- Backend engineering: queues, messaging, rate limits, streaming, long tasks ----
queue: queue | queued | queues | queueing | queuing | enqueu | message queue | task queue | job queue | mq | kafka | rabbitmq | rocketmq | sqs | 队列 | 入队 | 排队 | 丢到队列 | 扔进队列 | 放进队列 | 消息队列 | 任务队列 | 塞进队列 | 进队列
message: message | messages | event | events | payload | 消息 | 事件 | 消息体 | 报文
produce-publish: producer | producers | produce | publish | publishes | publisher | emit an event | send a message | sends a message | 生产者 | 生产端 | 发送消息 | 发消息 | 投递 | 发布消息 | 推送消息 | 发到队列
consume: consume | consumer | consumes | consumed | consuming | subscriber | subscribe | worker | workers | 消费者 | 消费端 | 消费消息 | 重复消费 | 消费成功 | 消费失败 | 订阅 | 拉取消息 | 工作进程
ack: ack | acks | acked | acking | acknowledg | acks=all | delivery receipt | 确认消息 | ack 确认 | 回执 | 应答 | 确认机制 | 发送确认
offset-commit: offset | offsets | commit | commits | committed | auto-commit | auto commit | manual commit | commit after | 提交位移 | 提交 offset | 手动提交 | 自动提交 | 位移 | 提交偏移
replica: replica | replicas | replicat | copies | backup copy | follower | 副本 | 多副本 | 主从 | 复制 | 备份 | 从库 | 备库
dead-letter: dead letter | dead-letter | dlq | poison message | parking queue | retry queue | 死信 | 死信队列 | 重试队列 | 毒消息
lose-lost: lost message | lose messages | message loss | lost | lose | loses | losing | dropped messages | 丢消息 | 消息丢失 | 丢失 | 丢了 | 丢掉 | 弄丢 | 丢数据 | 丢
rate-limit: rate limit | rate-limit | rate limiting | rate limited | throttl | too many requests | requests per second | per minute | rpm | tpm | qps limit | 限流 | 限速 | 限频 | 流控 | 节流 | 削峰 | 被限流 | 频率限制
quota: quota | quotas | allotment | usage limit | credits | entitlement | 配额 | 额度 | 用量上限 | 限额 | 份额
budget: budget | budgets | spending limit | spend limit | spending cap | cost cap | 预算 | 花费上限 | 消费上限 | 费用上限 | 成本上限 | 预算上限 | 钱包
usage: usage | consumption | tokens used | spend | spending | metering | meter | 用量 | 消耗 | 使用量 | 消费量 | 计量 | 花了多少 | 烧了多少 | 消费告警 | 消费异常
bill: bill | billing | billed | invoice | charge | charges | charged | price | pricing | 账单 | 计费 | 收费 | 扣费 | 扣款 | 价格 | 付费 | 按量付费
cost: cost | costs | 成本 | 费用 | 花费 | 开销 | 花钱 | 代价 | money | 钱
latency: latency | latencies | response time | wait time | time to first token | ttft | first token | p50 | p90 | p95 | p99 | percentile | tail latency | how long it takes | 延迟 | 时延 | 耗时 | 响应时间 | 等待时间 | 首 token | 首token | 首字 | 首包 | 分位 | 分位数 | 长尾延迟 | delay | delays | delayed
perceived-latency: perceived latency | perceived | feels faster | feel faster | user waits | 感知延迟 | 体感延迟 | 体感 | 感觉更快 | 用户感受 | 等待感
throughput: throughput | qps | tps | rps | requests per second | capacity | heavy load | high load | under load | peak load | handle more | 吞吐 | 吞吐量 | 并发量 | 处理能力 | 每秒 | 扛住 | 扛得住 | 承载 | 容量 | 高负载 | 负载能力
load-test: load test | load-test | load testing | stress test | benchmark it | pressure test | 压测 | 压力测试 | 负载测试 | 性能测试 | 跑压测
scale-out: scale out | scale-out | autoscal | horizontal | add more machines | add replicas | more instances | spin up | spins up | 扩容 | 扩缩容 | 弹性伸缩 | 水平扩展 | 加机器 | 多开实例 | 自动扩缩 | 起实例
stream: stream | streams | streamed | streaming | sse | server-sent | event-stream | websocket | token by token | incremental output | 流式 | 流式输出 | 打字机 | 边生成边 | 边出边显示 | 一个字一个字 | 长连接 | 逐字输出 | 逐字显示
buffer: buffer | buffers | buffering | buffered | proxy_buffering | accumulat | collect the chunks | 缓冲 | 缓冲区 | 攒 | 累积 | 拼接起来 | 攒齐 | 积累
chunk-stream: delta | deltas | fragment | fragments | partial json | pieces | 分片 | 半截 | 增量块 | 一块一块 | 碎片 | chunked transfer
render: render | renders | rendering | rendered | display | displays | show the user | 渲染 | 展示 | 显示 | 呈现 | 前端显示 | 前端渲染
reconnect: reconnect | reconnection | resume the stream | disconnect | dropped connection | connection drops | 重连 | 断线 | 断开 | 断线重连 | 掉线
cancel: cancel | cancels | cancelled | canceled | cancellation | abort | aborts | aborted | interrupt | interrupted | stop generation | kill | 取消 | 中止 | 中断 | 打断 | 停止生成 | 终止请求 | 掐掉 | 叫停 | 撤掉
propagate: propagat | pass down | pass through | passes through | forward | forwards | forwarded | relay | 传播 | 传递 | 透传 | 往下传 | 转发 | 向下游 | 一路传下去 | 传导 | message passing | pass messages | passes messages
upstream-call: upstream request | upstream call | the provider | provider | providers | vendor | vendors | model api | llm api | 上游请求 | 上游接口 | 供应商 | 厂商 | 模型服务商 | 模型接口 | 服务商
task-job: task | tasks | job | jobs | 任务 | 作业 | 工单 | 长任务 | 后台任务
progress: progress | status update | status updates | percent done | progress bar | 进度 | 进度条 | 进展 | 状态更新 | 正在查询 | 跑到哪一步 | visible | transparen | show the steps | show progress | show what it is doing | 可见 | 透明 | 展示过程 | 看到过程 | 展示步骤
poll: poll | polls | polling | 轮询 | 隔一会查 | 定时查
push-notify: push | pushes | pushed | notify | notification | callback | webhook | webhooks | 推送 | 通知 | 回调 | 主动推 | 推给前端
checkpoint: checkpoint | checkpoints | checkpointing | snapshot | snapshots | save progress | 检查点 | 断点 | 快照 | 存档 | 保存进度
resume: resum | pick up where | continue from | recover | recovery | restart from | 恢复 | 续跑 | 断点续跑 | 断点续传 | 接着跑 | 从断点 | 重新接上 | 继续执行 | restart | restarts | reboot | redeploy | crash and restart | 重启 | 重新启动 | 重启后
pause: pause | paused | pauses | suspend | wait for approval | on hold | 暂停 | 挂起 | 等待确认 | 停下来等 | 先停住
shard: shard | shards | sharding | partition | partitions | partitioned | split the data | slice | 分片 | 分区 | 分库分表 | 分批
batch: batch | batches | batched | batching | bulk | in bulk | batch api | 批量 | 批处理 | 一批 | 分批 | 攒批 | 打包请求 | 成批

# ---- Operations: observability, release, deployment, gateways ----
log: log | logs | logged | logging | logger | record every | 日志 | 记日志 | 打日志 | 记录下来 | 记录 | 留痕 | 落日志 | 埋点
trace: trace | traces | tracing | span | spans | trajectory | trajectories | call chain | 链路 | 追踪 | 链路追踪 | 轨迹 | 调用链 | 每一步记录 | 可追溯 | 溯源 | traceab
monitor: monitor | monitoring | watch the | watch for | keep watching | keep an eye | dashboard | dashboards | observab | 监控 | 观测 | 可观测 | 盯着 | 看板 | 大盘 | 巡检 | 盯盘
alert: alert | alerts | alerting | alarm | page someone | notify on-call | on-call | 告警 | 报警 | 预警 | 通知值班 | 发告警
anomaly: anomal | spike | unusual | abnormal | outlier | suspicious | 异常 | 突增 | 异常检测 | 可疑 | 反常 | 离群
measure: measur | metric | metrics | track | tracks | tracking | quantif | instrument | counts | count the | count how | 度量 | 统计 | 指标 | 测量 | 衡量 | 计数 | 算一下 | 数据说话 | 量化结果 | 量化指标 | 可量化 | 量化效果
deploy: deploy | deployment | ship | ships | shipped | shipping | release | releases | go live | goes live | launch | 部署 | 上线 | 发布 | 发版 | 交付上线 | 推上线
canary: canary | gradual rollout | staged rollout | roll out | rolls out | rollout | percentage of traffic | small slice of traffic | ramp | 灰度 | 灰度发布 | 金丝雀 | 放量 | 逐步放量 | 小流量 | 分批上线 | 部分流量 | pilot | piloting
rollback: rollback | roll back | rolls back | rolled back | revert | reverts | reverted | undo the release | 回滚 | 回退 | 撤回版本 | 切回旧版本 | undo
shadow: shadow | shadow test | shadow traffic | dark launch | mirror traffic | 影子 | 影子测试 | 影子流量 | 旁路测试 | 后台跑不返回
pin-version: pin | pins | pinned | pinning | lock the version | lock version | fixed version | 锁定版本 | 固定版本 | 锁版本 | 钉死版本
backward-compat: backward compat | backwards compat | compatib | breaking change | breaking changes | non-breaking | deprecat | 兼容 | 向后兼容 | 不兼容 | 破坏性变更 | 废弃 | 平滑过渡
migrate: migrat | cut-over | 迁移 | 切换过去 | 搬迁 | 平滑迁移 | 迁过去
rebuild: rebuild | rebuilt | re-embed | reembed | reindex | re-index | regenerate | full rebuild | from scratch | 重建 | 重建索引 | 全量重建 | 重新向量化 | 重新生成 | 重新建 | 推倒重来
dual-write: dual write | dual-write | double write | write to both | both indexes | 双写 | 同时写两份 | 新旧并行
config: config | configur | settings | parameterize | feature flag | 配置 | 配置中心 | 配置项 | 开关 | 参数化 | 可配置
template: template | templates | templat | 模板 | 模版 | 模板化
review: review | reviews | reviewed | reviewer | code review | inspect | 评审 | 审查 | 审核 | 复核 | 把关 | 人审 | 看一遍 | 过一遍 | moderat
provider-multi: multiple providers | several providers | multi-provider | multi-vendor | secondary provider | backup provider | another vendor | 多供应商 | 多个供应商 | 多家模型 | 多厂商 | 备用供应商 | 多模型
fallback: fallback | fall back | falls back | falling back | fell back | backup | degrad | graceful | plan b | safety net | 降级 | 兜底 | 备用 | 备选 | 退而求其次 | 保底方案 | 托底 | 备胎
circuit-breaker: circuit breaker | circuit-breaker | circuit break | trip the breaker | stop calling | 熔断 | 熔断器 | 断路器 | 快速失败 | fail fast
availability: availability | uptime | outage | downtime | unavailable | sla | high availability | 可用性 | 高可用 | 宕机 | 不可用 | 服务挂了 | 挂掉 | 停服 | 故障
reliability: reliab | robust | resilien | stable | stability | fault toleran | 可靠 | 可靠性 | 稳定 | 稳定性 | 健壮 | 鲁棒 | 容错 | 稳不稳 | unreliab
self-host: self-host | self host | on-prem | on prem | on-premise | private deployment | local deployment | run it ourselves | 私有化 | 私有化部署 | 本地部署 | 自己部署 | 自建 | 内网部署 | 自托管
gpu: gpu | gpus | a100 | h100 | 4090 | 显卡 | 算力 | 张卡 | 块卡
tenant: tenant | tenants | multi-tenant | per tenant | per-tenant | namespace | namespaces | organization | org | 租户 | 多租户 | 每个租户 | 按租户 | 命名空间 | 企业客户
identity: identity | identities | who the user is | user's identity | account | accounts | service account | 身份 | 用户身份 | 账号 | 服务账号 | 代理身份
authenticate: authenticat | authn | auth check | auth header | auth token | login | log in | sign in | api key check | 认证 | 鉴权 | 登录 | 身份验证 | 校验身份 | 验签 | auth, | auth and
authorize: authoriz | grant | granted | consent | 授权 | 授予 | 赋权 | 同意授权 | 用户授权
revoke: revok | revocation | take back access | disconnect the account | 撤销授权 | 吊销 | 收回权限 | 解除授权 | 注销 | 可撤销
short-lived: short-lived | short lived | expires quickly | temporary credential | temporary token | scoped token | 短期令牌 | 临时凭证 | 临时令牌 | 短时效 | 很快过期 | access token | refresh token | 访问令牌 | 刷新令牌

# ---- Safety and security ----
permission: permission | permissions | permitted | privilege | privileges | access right | access rights | scope | scopes | entitlement | 权限 | 访问权限 | 授权范围 | 权限范围 | 作用域 | 无权
least-privilege: least privilege | least-privilege | minimal permission | minimum permission | only the permissions | narrow scope | minimal scope | least scope | 最小权限 | 最小授权 | 最小必要 | 权限最小化 | 只给必要的权限 | 只给需要的
over-permission: over-permission | over-privileged | excessive permission | too much access | admin rights | admin privileges | more access than | 过度授权 | 权限过大 | 越权 | 管理员权限 | 超出权限 | 给太多权限
allowlist: allowlist | allow-list | whitelist | white-list | allowed list | approved list | allowed domains | 白名单 | 允许列表 | 放行名单 | 准入名单
denylist: denylist | deny-list | blacklist | black-list | blocklist | block list | banned words | 黑名单 | 禁止列表 | 屏蔽词 | 敏感词 | 违禁词
allow: allow | allows | allowed | permit | approve | 允许 | 放行 | 准许 | 可以执行 | 放过
block: block | blocks | blocked | blocking it | deny | denies | denied | forbid | forbidden | prohibit | disallow | reject | rejects | rejected | intercept | intercepts | ban | 拦截 | 阻止 | 禁止 | 拒绝 | 封禁 | 屏蔽 | 挡住 | 拦下 | 不放行 | 驳回 | 打回
refuse: refus | decline to answer | declines to answer | abstain | say no | won't answer | i don't know | i do not know | don't know | do not know | not know | can't answer | 拒答 | 拒绝回答 | 不回答 | 说不知道 | 承认不知道 | 不知道 | 无法回答 | 答不了 | 婉拒
over-blocking: over-blocking | overblocking | over-refus | false positive | false positives | false refusal | false block | wrongly blocked | 误杀 | 误拦 | 误拒 | 误报 | 错杀 | 过度拦截 | 过度拒答
under-blocking: miss rate | misses | false negative | false negatives | slips through | let through | 漏放 | 漏报 | 漏检 | 漏过 | 放过去
confirm: confirm | confirms | confirmed | confirmation | approv | sign-off | sign off | double-check with the user | ask the user first | human in the loop | human-in-the-loop | 确认 | 二次确认 | 人工确认 | 用户确认 | 审批 | 批准 | 同意后 | 点头 | 人在回路 | 先问用户
escalate: escalat | handoffs to a human | hand-offs to humans | handoff rate | hand over to a person | hand off to a human | hand over to a human | hands off to a human | transfer to a human | route to a human | human agent | ask a human | 转人工 | 人工介入 | 人工接管 | 升级给 | 交给人 | 转给人工 | 求助 | 上报 | 找人 | 升级比例 | 升级率
clarify: clarif | ask the user | asks the user | ask a question | follow-up question | ask back | 澄清 | 追问 | 反问 | 问清楚 | 问用户 | 先问 | 确认需求 | 问一句
ambiguous: ambigu | vague | unclear | underspecified | under-specified | open to interpretation | 歧义 | 模糊 | 不清楚 | 不明确 | 含糊 | 说不清 | 意图不明 | 缺少信息
assumption: assum | presum | 假设 | 假定 | 默认认为 | 先当作 | 预设 | hypothetical
risk: risk | risks | risky | danger | dangerous | hazard | threat | high-stakes | high stakes | 风险 | 高风险 | 危险 | 隐患 | 威胁 | 高危 | 风险分级
risk-tier: risk tier | risk tiers | risk level | risk levels | by risk | severity | 风险分级 | 风险等级 | 按风险 | 严重程度
sandbox: sandbox | sandboxed | container | containers | docker | gvisor | firecracker | virtual machine | vm | microvm | 沙箱 | 沙盒 | 容器 | 虚拟机 | 隔离环境 | 隔离的环境
isolate: isolat | segregat | wall off | walled off | partition off | keep apart | 隔离 | 隔开 | 互相隔离 | 物理隔离 | 逻辑隔离 | 分开存
network-control: no network | network access | network off | egress | outbound | allowlisted network | firewall | 断网 | 网络白名单 | 禁止外网 | 出网 | 不能联网 | 网络隔离 | 防火墙 | 外网访问
resource-limit: resource limit | resource limits | cpu limit | memory limit | cgroup | quota on cpu | time and memory | 资源限制 | 资源上限 | cpu 限制 | 内存限制 | 限制资源 | 资源配额
untrusted: untrusted | not trusted | don't trust | do not trust | never trust | treat as data | treated as data | as data | third-party content | external content | 不可信 | 不信任 | 不受信 | 当作数据 | 当成数据 | 外部内容 | 不能当指令 | 不是指令
trusted: trusted | trustworthy | authoritative | reputable | vetted | official source | 可信 | 受信任 | 权威 | 官方 | 可靠来源 | 经过审查 | credib
instruction: instruction | instructions | command | commands | directive | system prompt | 指令 | 命令 | 系统提示 | 系统提示词 | 指示
user-input: user input | user inputs | user message | user's message | what the user types | user-supplied | user content | 用户输入 | 用户消息 | 用户的问题 | 用户发的 | 用户提供
external-content: web page | web pages | webpage | email | emails | retrieved text | retrieved content | tool output | tool result | tool results | 网页 | 邮件 | 外部文档 | 检索内容 | 检索到的内容 | 工具返回 | 工具结果 | 外部数据
inject: inject | injection | injected | smuggl | hidden instruction | hidden instructions | embedded instruction | hides instructions | 注入 | 藏指令 | 藏着指令 | 暗藏 | 夹带 | 埋指令 | 恶意指令 | 植入
override: override | overrides | ignore previous | ignore the previous | ignore all previous | ignore your instructions | supersede | hijack | 覆盖指令 | 忽略之前 | 忽略以上 | 忽略前面 | 劫持 | 篡改指令 | 改写指令 | 指令覆盖
leak: leaks | leaked | leakage | exfiltrat | steal | stole | disclos | reveal | 泄露 | 泄漏 | 外泄 | 窃取 | 偷走 | 透露 | 套出 | 套取 | 带出去 | leaking | leak data | leak the | leak secrets | leak private | can be extracted | be extracted
secret: secret | secrets | credential | credentials | api key | api keys | password | passwords | private key | connection string | internal address | 密钥 | 凭证 | 凭据 | 密码 | 口令 | 私钥 | api 密钥 | 内部地址 | 连接串 | central keys | provider keys | keys centrally
server-side: server-side | server side | on the server | backend holds | stay on the server | never in the prompt | not in the prompt | kept out of the context | 服务端 | 服务器端 | 后端持有 | 放在服务端 | 不进 prompt | 不进上下文 | 不放进提示词 | 后端保管
encrypt: encrypt | encrypted | encryption | kms | vault | at rest | in transit | tls | 加密 | 加密存储 | 密文 | 传输加密 | 静态加密
pii: pii | personal data | personal information | personally identifiable | phone number | id number | id card | bank card | email address | home address | faces | 个人信息 | 敏感信息 | 隐私数据 | 手机号 | 身份证 | 银行卡 | 住址 | 人脸 | 个人隐私
redact: redact | mask | masked | masking | anonymi | pseudonymi | scrub | placeholder | placeholders | de-identif | 脱敏 | 掩码 | 打码 | 匿名化 | 遮盖 | 占位符 | 替换成占位 | 抹去 | 去标识
restore-placeholder: restore | restored | restores | put back | map back | swap back | 还原 | 恢复原值 | 替换回来 | 换回去
retention: retention | retain | retained | retention period | keep for | delete after | data residency | residency | 保留期限 | 留存期限 | 数据驻留 | 驻留 | 保存期限 | 定期删除
consent: consent | opt in | opt-in | opt out | opt-out | permission from the user | notice and consent | 同意 | 告知同意 | 用户同意 | 授权同意 | 关闭记忆
privacy: privacy | private | confidential | sensitive | sensitivity | 隐私 | 私密 | 机密 | 敏感 | 保密 | 涉密
audit: audit | audits | audited | auditab | audit log | audit trail | paper trail | accountab | 审计 | 审计日志 | 留痕 | 可审计 | 追责 | 操作记录
harmful: harmful | harm | toxic | toxicity | unsafe | illegal | violent | violence | hate | abusive | nsfw | self-harm | 有害 | 违规 | 违法 | 毒性 | 不良 | 暴力 | 色情 | 仇恨 | 自残 | 危害
disclaimer: disclaimer | disclaim | not professional advice | see a doctor | consult a professional | 免责声明 | 免责 | 提示就医 | 咨询专业人士 | 不构成建议 | 仅供参考
boundary: boundary | boundaries | scope of | out of scope | out-of-scope | off-topic | guardrail on topics | 边界 | 能力边界 | 能力范围 | 业务范围 | 服务范围 | 不做什么 | 超出范围 | 越界 | 题外 | capability limits
escape-output: escap | sanitiz | html-escape | csp | content security policy | parameterized | parameterised | prepared statement | 转义 | 过滤输出 | 清洗输出 | 参数化查询 | 预编译 | 内容安全策略 | xss | cross-site | 跨站 | 外链 | markdown image | 图片链接
splice-command: splic | string concatenation | interpolate into | shell command | shell | 拼进命令 | 直接拼 | 字符串拼接 | 拼 sql | 拼命令 | 命令行
counterfactual: counterfactual | paired test | paired tests | swap the name | only change | change only | minimal pair | 反事实 | 成对测试 | 成对 | 只改变 | 只改 | 替换姓名

# ---- RAG: ingestion, chunking, embedding, retrieval, ranking, grounding ----
document: document | documents | doc | docs | file | pdf | page | pages | article | handbook | knowledge base | corpus | 文档 | 文件 | 资料 | 文章 | 手册 | 知识库 | 语料 | 页面
ingest: ingest | ingestion | imports | import the | import data | load documents | data source | data sources | connector | crawl | 接入 | 导入 | 数据接入 | 数据源 | 入库 | 采集 | 抓取 | 爬取 | multiple sources | several sources | 多源 | fetch
parse-doc: parse the document | document parsing | extract text | text extraction | layout | reading order | ocr | scanned | 版面 | 版面分析 | 阅读顺序 | 扫描件 | 提取文本 | 文本抽取 | 解析文档 | 文档解析
table: table | tables | tabular | rows and columns | header row | spreadsheet | excel | csv | 表格 | 行列 | 表头 | 单元格 | 电子表格
image-chart: image | images | picture | chart | charts | diagram | screenshot | screenshots | 图片 | 图像 | 图表 | 截图 | 示意图 | 配图
chunk: chunk | chunks | chunking | chunked | passage | passages | snippet | snippets | 切块 | 分块 | 切片 | 片段 | 段落块 | 文本块 | 小块 | 大块 | 父子块
split: split | splits | splitting | cut into | break into | breaks into | 切分 | 切开 | 拆分 | 拆成 | 切成 | 分割 | 分段 | 切一下 | 一刀切
structure-aware: by heading | by headings | heading | headings | section | sections | paragraph | paragraphs | title | titles | outline | table of contents | by structure | semantic split | semantic chunking | 标题 | 章节 | 段落 | 目录 | 按结构 | 按标题 | 语义切分 | 按段落
overlap: overlap | overlapping | overlaps | 重叠 | 交叠 | 重合
sliding-window: sliding window | sliding-window | rolling window | last n turns | most recent turns | 滑动窗口 | 滑窗 | 最近几轮 | 最近 n 轮 | slide the window | slides the window | fixed window | 固定窗口
chunk-size: chunk size | block size | size of the chunk | chunk length | how big the chunks | 块大小 | 切块大小 | 块的大小 | 块太大 | 块太小 | 切得太碎 | 切太大
parent-child: parent-child | parent child | parent document | small-to-big | small to big | child chunk | parent chunk | 父子块 | 父块 | 子块 | 小块检索大块返回 | 父文档
metadata: metadata | meta data | tags | tag | attribute filter | source field | page number | timestamp | 元数据 | 标签 | 页码 | 来源字段 | 时间戳 | 属性
embed: embed | embedding | embeddings | embedded | vectoriz | encode | encodes | encoder | encoding | 向量化 | 嵌入 | 编码 | 转成向量 | 算向量 | 编码成
vector: vector | vectors | dense | dense vector | 向量 | 稠密 | 稠密向量 | 向量空间
similarity: similar | similarity | cosine | dot product | inner product | distance | nearest | closeness | 相似 | 相似度 | 余弦 | 点积 | 内积 | 距离 | 最近邻 | 最相近 | 语义相近
normalize: normaliz | normalis | unit length | l2 | 归一化 | 标准化 | 规范化 | 统一格式
dimension: dimension | dimensions | dimensional | dims | 维度 | 维数 | 多少维
exact-match: exact match | exact-match | exact matching | exact term | identifier | identifiers | error code | product code | sku | part number | proper noun | proper nouns | 精确匹配 | 完全匹配 | 专有名词 | 型号 | 产品编号 | 错误码 | 原词 | 逐字一致 | 完全一致
keyword-search: keyword | keywords | bm25 | full-text | full text | lexical | sparse retrieval | sparse vector | inverted index | term match | 关键词 | 关键字 | 全文检索 | 稀疏检索 | 倒排 | 字面匹配 | 词面
semantic: semantic | semantically | meaning | by meaning | 语义 | 含义 | 语义上
fusion: fusion | fuse | fused | rrf | reciprocal rank | merge the results | merge the lists | weighted sum | 融合 | 倒数排名 | 结果合并 | 加权求和 | 加权融合 | 合并结果
search: search | searches | searching | retriev | recall stage | look for | 检索 | 搜索 | 召回 | 查找 | 搜 | 查一下 | 找到 | 捞 | 去查 | 查询 | recall
query: query | queries | question | questions | search term | user question | 查询 | 提问 | 用户问题 | 查询语句 | 搜索词 | 检索词 | 原问题 | 原始问题
rewrite: rewrit | reformulat | rephrase | paraphras | expand the query | query expansion | hyde | hypothetical answer | multi-query | multiple phrasings | several phrasings | 改写 | 重写 | 扩写 | 换个说法 | 多个说法 | 查询扩展 | 假设答案 | 多查询 | 补全问题 | standalone | self-contained | stand-alone | resolve references | coreference | pronoun | 独立问题 | 指代 | 指代消解 | 补全指代 | 代词 | 脱离上下文也能懂
top-k: top-k | top k | topk | top-n | top n | top few | top results | top 5 | top 10 | top 20 | top 50 | top 100 | candidates | candidate | shortlist | 前几条 | 前 k | 候选 | 候选集 | 候选数 | 前几个
rank: rank | ranks | ranked | ranking | sorted | sorting | sort by | order by | 排序 | 排名 | 排第几 | 排在前 | 排到前面 | 排前面 | mrr | ndcg | map@k | reciprocal rank | 排序指标 | 平均倒数排名
rerank: rerank | re-rank | reranker | reranking | re-ranking | cross-encoder | cross encoder | second stage | second-stage | two-stage | two stage | 重排 | 重排序 | 精排 | 交叉编码器 | 二阶段 | 两阶段 | 二次排序
bi-encoder: bi-encoder | bi encoder | two-tower | dual encoder | encode separately | encoded separately | precomputed | 双塔 | 独立编码 | 分别编码 | 预先算好
relevance: relevan | irrelevant | pertinent | on-topic | 相关 | 相关性 | 相关度 | 不相关 | 无关 | 对题 | 沾边
filter: filter | filters | filtered | filtering | pre-filter | prefilter | post-filter | screen out | weed out | 过滤 | 筛选 | 筛掉 | 过滤掉 | 剔除 | 预过滤 | 后过滤 | 筛一遍
metadata-filter: metadata filter | metadata filtering | filter by metadata | filter on | where clause | acl filter | permission filter | 元数据过滤 | 按元数据 | 权限过滤 | 按权限过滤 | 按标签过滤 | acl 过滤
noise: noise | noisy | distract | distraction | clutter | junk | 噪声 | 噪音 | 干扰 | 杂乱 | 太杂 | 垃圾信息 | 无关内容
context-assembly: put into the prompt | into the context | stuff into | assemble | assembly | concatenate the chunks | 拼进 | 放进上下文 | 塞进上下文 | 塞进 prompt | 组装 | 拼到 prompt | 放到提示词
position-middle: lost in the middle | middle of the context | middle of the prompt | buried in the middle | beginning | at the start | at the end | position bias | 中间信息 | 放在中间 | 中间的内容 | 中间位置 | 开头 | 结尾 | 放在前面 | 放在最后 | 位置偏差 | 首尾
cite: cite | cites | cited | citation | citations | source | sources | attribution | footnote | link to | 引用 | 出处 | 来源 | 标注来源 | 引证 | 脚注 | 参考来源 | 附上来源 | 链接 | 资料
number-label: numbered | number each | numbering | label each | id for each | [1] | 编号 | 标号 | 序号 | 带编号
ground: grounded | grounding | supported by | backed by | evidence | only from | answer only from | from the sources | from the given | 依据 | 基于资料 | 有依据 | 证据 | 只依据 | 根据资料 | 以资料为准 | 有据可查 | 支撑
support-claim: supported by | supports the claim | entail | entailment | nli | backs up | consistent with the source | 蕴含 | 能推出 | 有原文支持 | 原文支持 | 得到支撑
claim: claim | claims | statement | statements | per claim | each claim | sentence-level | per sentence | 论断 | 陈述 | 每句 | 句子级 | 每个论断 | 每个结论
conflict-sources: conflicting sources | sources disagree | contradict | contradiction | contradictory | 资料冲突 | 来源冲突 | 矛盾 | 说法不一 | 互相矛盾
no-answer: no answer | no relevant | nothing relevant | no results | not found | can't find | cannot find | not in the documents | knowledge gap | 没有答案 | 无答案 | 查不到 | 找不到 | 无结果 | 没有相关 | 搜不到 | 资料里没有 | 知识缺口
hallucinate: hallucinat | make up | makes up | made up | making up | fabricat | confabulat | invent | invents | invented | plausible but | 幻觉 | 编造 | 胡编 | 瞎编 | 捏造 | 乱编 | 一本正经地胡说 | 张冠李戴 | 凭空
faithful: faithful | faithfulness | unfaithful | groundedness | stick to the source | stays true | 忠实 | 忠实度 | 不忠实 | 贴合原文 | 不歪曲 | 歪曲
coverage: coverage | covers | covered | comprehensive | completeness | key points | 覆盖 | 覆盖度 | 覆盖率 | 全面 | 完整性 | 要点 | 涵盖
incremental-update: incremental | increment | only what changed | changed documents | changed parts | partial update | delta update | 增量 | 增量更新 | 只更新变化 | 变化的部分 | 变更部分 | 差量
full: full rebuild | full reindex | full re-embed | full load | full sync | full refresh | entire | whole | wholesale | all of it | 全量 | 全部 | 整个 | 完整 | 从头 | 一次性全部
partial: partial | partially | incomplete | half-done | half done | 部分失败 | 部分结果 | 部分完成 | 部分成功 | 不完整
multi-hop: multi-hop | multihop | multi hop | hop | hops | traverse | traversal | chain of lookups | 多跳 | 跳转检索 | 关系遍历 | 遍历 | 顺着关系
semantic-layer: semantic layer | metric definition | metric definitions | business definitions | 语义层 | 口径 | 指标定义 | 指标口径 | 业务口径 | 字段含义

# ---- Model capability: generation, decoding, training, adaptation, serving ----
next-token: next token | next-token | autoregress | token by token | one token at a time | predict the next | predicts the next | 下一个 token | 下一个词 | 自回归 | 逐 token | 逐个 token | 续写 | 预测下一个
attention: attention | self-attention | attend | attends | transformer | quadratic | 注意力 | 自注意力 | 平方 | 二次方 | 平方复杂度
probability: probabilit | probable | likelihood | logit | logits | softmax | 概率 | 概率分布 | 可能性 | 输出分布 | 分布尖锐 | 分布更平 | probability distribution | output distribution | token distribution | the distribution
sample-decode: sampling | sampler | sampling parameters | decod | temperature | top-p | top_p | top-k sampling | nucleus | greedy | argmax | beam search | 采样 | 解码 | 温度 | 核采样 | 贪心 | 束搜索 | 取最大
randomness: random | randomly | randomness | stochastic | nondetermin | non-determin | variance | varies between runs | 随机 | 随机性 | 不确定 | 不稳定 | 每次不一样 | 波动 | 方差
deterministic: deterministic | determinism | reproducib | reproduc | repeatable | seed | same output | same answer | 确定性 | 确定的 | 可复现 | 可重复 | 种子 | 固定种子 | 结果一致 | 稳定输出
tail: tail | long tail | long-tail | rare cases | rare facts | edge case | edge cases | corner case | corner cases | 长尾 | 尾部 | 冷门 | 罕见 | 边界情况 | 边缘情况 | 极端情况
token: token | tokens | tokeniz | subword | sub-word | bpe | sentencepiece | vocabulary | vocab | 词元 | 分词器 | 子词 | 词表 | token 数 | 令牌
character-level: characters | character-level | character level | letter | letters | spelling | char-level | count the letters | 字符 | 字母 | 字符级 | 数字母 | 拼写 | 汉字
compute: computation | compute cost | compute budget | more compute | compute-bound | computational | flops | 计算 | 计算量 | 算力 | 计算开销
date-time: date | dates | today | current date | current time | timestamp | calendar | 日期 | 当前日期 | 今天 | 当前时间 | 时间戳 | 日历
context-window: context window | context length | max context | context limit | token limit | 128k | 32k | 1m tokens | 上下文窗口 | 上下文长度 | 上下文上限 | 塞不下 | 装不下 | 放不下
context: context | prompt context | 上下文 | 语境 | 背景信息
history: history | conversation history | chat history | transcript | past turns | earlier messages | previous messages | 历史 | 对话历史 | 聊天记录 | 历史消息 | 之前的对话 | 前面聊的
prompt: prompt | prompts | prompting | 提示词 | 提示 | prompt 里 | 咒语 | 写 prompt | 改 prompt
role-goal: role | roles | personas | a persona | the persona | audience | responsibilit | 角色 | 受众 | 职责 | 分工
restate: restate | repeat the constraint | remind | reminder | reiterat | put it at the end | prominent | 重申 | 再强调 | 提醒 | 放在最后 | 显眼 | 醒目 | 强调一遍
constraint: constraint | constraints | constrain | restriction | requirement | requirements | 约束 | 限制条件 | 硬性要求 | 格式要求 | 规定
follow-instruction: follows the | follow the instructions | follow instructions | following instructions | obey | comply | compliance rate | adhere | instruction following | 遵循 | 遵守 | 听话 | 照做 | 按要求 | 遵循率 | 服从
ignore: ignore | ignores | ignored | disregard | overlook | skip | skips | skipped | 忽略 | 无视 | 不理 | 跳过 | 没看 | 不看
train: train | trains | trained | training | pre-train | pretrain | post-train | learn | learns | learned | 训练 | 预训练 | 后训练 | 学到 | 学习 | 练出来
fine-tune: fine-tun | finetun | fine tun | sft | supervised fine | instruction tuning | instruction-tun | 微调 | 监督微调 | 指令微调 | 精调 | 调模型
lora: lora | qlora | peft | adapter | adapters | low-rank | parameter-efficient | parameter efficient | 低秩 | 适配器 | 参数高效 | 旁路矩阵
weights: weights | model weights | parameters of the model | model parameters | total parameters | active parameters | checkpoint file | 权重 | 模型参数 | 总参数 | 激活参数 | 参数量 | 全参
full-finetune: full fine-tun | full-parameter | full parameter | all parameters | 全参微调 | 全量微调 | 全参数
training-data: training data | training set | train set | training examples | instruction pairs | 训练数据 | 训练集 | 训练样本 | 语料 | 数据对 | 指令对
synthetic-data: synthetic | generated data | model-generated | teacher-generated | generate data | data augmentation | 合成数据 | 生成数据 | 模型生成的数据 | 造数据 | 数据增强
distill: distill | distil | teacher | student | soft label | soft labels | 蒸馏 | 教师 | 学生 | 老师模型 | 学生模型 | 软标签
quantize: quantiz | quantis | int8 | int4 | fp16 | bf16 | fp8 | 4-bit | 8-bit | 4bit | 8bit | awq | gptq | gguf | bit width | bits | 量化 | 位宽 | 低比特 | 低精度 | 半精度
calibrate: calibrat | calibration set | calibration data | 校准 | 校准集 | 标定
prune: prune | pruning | pruned | sparsif | drop layers | 剪枝 | 裁剪模型 | 稀疏化 | discard | 丢弃 | 淘汰候选 | 砍掉分支
memory-footprint: memory footprint | footprint | bandwidth | fits on | fit on one | 显存 | 内存占用 | 带宽 | 放得下 | 单卡 | gpu memory | vram | 占显存 | 爆显存 | oom | out of memory | 内存 | ram | in-memory | memory estimate | memory estimates | estimate memory | save memory | saves memory
align: align | aligned | alignment | safety-aligned | safety training | 对齐 | 安全对齐 | 价值对齐
self-consistency: self-consistency | self consistency | majority vote | majority voting | sample several | multiple samples | 自洽 | 自一致 | 多次采样 | 多数投票 | 投票
expert-human: domain expert | domain experts | expert | experts | specialist | professional | 专家 | 领域专家 | 资深 | 专业人士
extrapolate: extrapolat | interpolat | extend the context | context extension | continued training | continue training | 外推 | 插值 | 扩展上下文 | 继续训练 | 长度扩展
effective-length: effective length | effective context | needle in a haystack | needle-in-a-haystack | ruler benchmark | 有效长度 | 大海捞针 | 实际有效 | 真正能用的长度
kv-cache: kv cache | kv-cache | key-value cache | kv | past key values | 键值缓存 | kv 缓存
prefix: prefix | prefixes | shared prefix | common prefix | same prefix | identical prefix | prefix cach | 前缀 | 公共前缀 | 相同前缀 | 前缀缓存 | 开头部分
stable-content: stable content | static content | static part | stable part | unchanging | stable prefix | 稳定内容 | 静态内容 | 不变的部分 | 固定部分 | 放前面 | 放在前面
large-model: large model | larger model | big model | bigger model | frontier model | strongest model | stronger model | 大模型 | 更大的模型 | 强模型 | 更强的模型 | 旗舰模型
small-model: small model | smaller model | tiny model | cheap model | cheaper model | fast model | faster model | mini model | lightweight model | 小模型 | 轻量模型 | 便宜的模型 | 快速模型 | 小一点的模型
route-model: route | routes | routed | routing | router | dispatch | dispatches | cascade | cascading | escalate to a larger | 路由 | 分流 | 分发 | 级联 | 升级到大模型 | 派给 | 转给
open-model: open-source model | open source model | open-weight | open weight | open model | llama | qwen | mistral | deepseek | 开源模型 | 开源 | 开放权重
closed-model: closed model | proprietary | api model | hosted model | gpt-4 | claude | gemini | 闭源 | 闭源模型 | 商用模型 | 商业 api
plausible: plausible | sounds right | looks right | confident | confidently | fluent | convincing | 看起来合理 | 似是而非 | 自信 | 信心满满 | 流畅 | 像真的
sample-data: sample | samples | sampled | subsample | spot check | spot-check | spot checks | sample size | 样本 | 抽样 | 抽检 | 抽查 | 样本量 | 采样

# ---- Agents: control flow, planning, reflection, multi-agent ----
decide: decide | decides | decided | decision | choose | chooses | chose | picks | pick | select | selects | selection | 决定 | 决策 | 选择 | 挑选 | 选哪个 | 拍板 | 自己选 | 判断要不要 | 判断是否
fixed-path: fixed | predetermined | predefined | pre-defined | scripted | known steps | known in advance | static flow | hard-wired | 固定 | 预先定义 | 预定义 | 写死的流程 | 固定流程 | 固定步骤 | 步骤已知 | 事先知道
predictable: predictab | controllab | controlled | under control | testable | debuggable | 可预测 | 可控 | 受控 | 可测试 | 好调试 | 好排查 | 可调试 | testab
unpredictable: unpredictab | uncontrollab | non-deterministic behaviour | erratic | surprising | 不可预测 | 不可控 | 失控 | 难以预测 | 行为不稳定
observe: observe | observes | observation | observations | look at the result | see the result | feedback from the environment | 观察 | 观测结果 | 看结果 | 环境反馈
plan: plan | plans | planned | planning | planner | 规划 | 计划 | 规划器 | 做计划 | 列计划 | 排步骤 | 定方案
replan: replan | re-plan | revise the plan | adjust the plan | update the plan | change the plan | plan again | 重新规划 | 重规划 | 调整计划 | 改计划 | 修订计划 | 再规划
decompose: decompos | break down | breaks down | break it down | broken down | break up | subtask | sub-task | subtasks | sub-goal | subgoal | 拆解 | 分解 | 拆成 | 拆分 | 子任务 | 子目标 | 拆小 | 拆开来
aggregate: aggregat | combine the results | merge the results | roll up | synthesiz | collect the results | 汇总 | 聚合 | 合并结果 | 整合 | 收拢
delegate: delegat | assign | assigns | dispatch to | hand the task | send it to a sub | 分派 | 派发 | 委派 | 分配 | 指派 | 派给 | 交给子
handoff: handoff | handoffs | hand-off | hand off | hands off | handover | hand over | pass control | transfer control | 交接 | 移交 | 转交 | 交棒 | 交接点
single-agent: single agent | single-agent | one agent | start simple | 单 agent | 单个 agent | 单智能体 | 一个 agent | 先用一个
as-tool: as a tool | as tools | wrap it as a tool | exposed as a tool | 作为工具 | 当成工具 | 当作工具 | 包装成工具
debate: debate | debates | argue | critique each other | rebut | rebuttal | 辩论 | 反驳 | 互相批评 | 互相质疑 | 争论
conformity: conformity | conform | herd | groupthink | persuade | persuaded | correlated errors | same mistake | 从众 | 被说服 | 相关错误 | 同一个错误 | 一起错
diversity: diversity | diverse | different models | heterogeneous | variety | 多样性 | 多样 | 不同模型 | 异构 | 差异化
reflect: reflect | reflection | reflexion | self-reflect | self-critique | critique | critic model | critic agent | introspect | look back | lessons learned | lesson | 反思 | 自我反思 | 自我批评 | 自省 | 复盘 | 总结教训 | 吸取教训 | 教训
external-signal: external signal | external feedback | unit test result | test result | ground-truth signal | environment signal | compiler error | 外部信号 | 外部反馈 | 测试结果 | 编译报错 | 真实反馈 | 客观信号
overcorrect: overcorrect | over-correct | flip | flips | flipped | talk itself out of | second-guess | 改错 | 过度修改 | 把对的改错 | 改来改去 | 越改越错
backtrack: backtrack | back track | go back | undo a step | 回溯 | 回退 | 退回上一步 | 换条路
branch: branch | branches | branching | alternatives | candidate plans | paths | 分支 | 多条路径 | 多个候选 | 备选方案 | 岔路
bfs-dfs: breadth-first | depth-first | bfs | dfs | beam | beam width | search depth | tree depth | max depth | width and depth | 广度优先 | 深度优先 | 搜索深度 | 宽度和深度 | 束宽 | 宽度深度
evaluate-score: score | scores | scoring | grade | grades | grading | rating | judge | 打分 | 评分 | 分数 | 评价 | 打个分 | 分档 | 评委 | judges
precondition: precondition | preconditions | postcondition | pre-condition | prerequisite | 前置条件 | 后置条件 | 前提条件 | 先决条件 | 前提
feasible: feasib | viable | executable | valid plan | 可行 | 可执行 | 行得通 | 合理性
remaining: remaining | remainder | rest of | left over | what's left | 剩余 | 剩下 | 其余 | 还剩
completed-work: completed steps | already done | finished steps | work done so far | keep the results | 已完成 | 已经完成 | 做完的 | 已有结果 | 保留结果
allocate: allocat | split the budget | apportion | per subtask | per step | 分配 | 划分预算 | 分摊 | 每个子任务 | 每一步分
explore: explor | exploratory | open-ended search | try things | trial and error | 探索 | 探索性 | 试错 | 摸索
goal: goal | goals | intent | intention | objective | what the user wants | 目标 | 意图 | 用户意图 | 诉求 | 真实需求
infer: infers | inferred | infer from | infer it | infer the | deduce | guess | guesses | read between the lines | 推断 | 推测 | 猜测 | 推理出 | 猜出
interrupt-user: interrupt | interrupting | bother | annoy | over-asking | ask too often | too many questions | 打扰 | 打断 | 过度询问 | 问太多 | 烦人
computer-ui: screenshot | on the screen | screens | click | clicks | type into | keyboard | mouse | coordinates | accessibility tree | dom | ui element | 截图 | 屏幕 | 点击 | 坐标 | 键盘 | 鼠标 | 可访问性树 | 页面元素 | 输入框
compounding: compound | compounding | errors accumulate | accumulated error | snowball | error propagation | propagate errors | 误差累积 | 错误累积 | 滚雪球 | 错误传播 | 层层放大 | 累积错误 | 累积误差 | 错误会累积 | 误差会累积
patch-edit: patch | diffs | a diff | the diff | unified diff | edit | edits | replace lines | apply a change | search and replace | 补丁 | 修改 | 精确替换 | 改代码 | 局部修改
test-run: test | tests | testing | unit test | unit tests | run the tests | compile | the build | build fails | lint | linter | type check | 测试 | 单元测试 | 跑测试 | 编译 | 静态检查 | 类型检查

# ---- Memory ----
remember: remember | remembers | remembered | recall it | recalls | memoriz | retain | keep in mind | 记住 | 记得 | 记下 | 想起来 | 还记得
forget: forget | forgets | forgot | forgotten | forgetting | decay | decays | fade | lose track | 遗忘 | 忘记 | 忘了 | 忘掉 | 记不住 | 衰减 | 淡忘
long-term: long-term | long term | persistent memory | across sessions | cross-session | between sessions | next session | next conversation | later conversation | 长期 | 长期记忆 | 跨会话 | 下次对话 | 下一次对话 | 以后还记得 | 持久记忆 | 多会话 | multi-session
short-term: short-term | short term | working memory | within the session | current conversation | this conversation | 短期 | 短期记忆 | 工作记忆 | 当前会话 | 本轮会话 | 会话内
session: session | sessions | conversation | conversations | conversation id | session id | 会话 | 会话 id | 一次对话 | 对话
summarize: summar | recap | condense | tl;dr | 摘要 | 总结 | 概括 | 归纳 | 提炼要点 | 浓缩 | 缩写成 | conclusion | conclusions | 结论
rolling-summary: rolling summary | running summary | incremental summary | update the summary | summary so far | 滚动摘要 | 滚动总结 | 增量摘要 | 前情提要
compress: compress | compression | compact | compaction | squeeze | 压缩 | 瘦身 | 压一压
truncate: truncat | cut off | clip | clipped | drop the oldest | cut the tail | 截断 | 截掉 | 砍掉 | 只保留最近 | 丢掉最早 | cut-off
trim: trim | trimmed | trimming | prune the context | slim down | strip | leaner | 裁剪 | 删减 | 精简 | 修剪 | 去掉无关 | 瘦身 | compact
verbatim: verbatim | word for word | raw text | original text | exact wording | 原文 | 逐字 | 原话 | 原始文本
extract: extract | extraction | pull out | distill facts | 抽取 | 提取 | 提炼 | 抽出 | 摘出来 | 挖出 | distilled information | distilled facts
fact: fact | facts | factual | 事实 | 事实性 | 实情 | 关键信息
profile: profile | profiles | user profile | persona of the user | 画像 | 用户画像 | 个人资料 | 档案
personal: personal | per person | individual | private to | 个人 | 个体 | 专属
shared: shared | shared across | team-wide | organisation | organization-wide | 共享 | 公共 | 团队 | 全员 | 组织级 | 共用 | teams | a team | the team | our team | team members
static: static | rarely changes | seldom changes | stable knowledge | 静态 | 很少变 | 不常变 | 相对稳定
dynamic: dynamic | changes often | changes frequently | frequently updated | keeps changing | 动态 | 经常变 | 频繁变化 | 随时变
importance: importance | salien | priority | weight it | 重要性 | 重要程度 | 优先级 | 权重 | 分量
recency: recency | recent | most recent | latest | newer | older | 新近 | 最近 | 最新的 | 时间衰减 | 越新越
confidence: confidence | certainty | uncertain | uncertainty | probability score | 置信度 | 置信 | 把握 | 确信度 | 不确定性
decide-to-write: whether to save | whether to store | what to remember | worth remembering | write decision | memory write | 是否保存 | 是否写入 | 值不值得记 | 写入判断 | 该不该存 | write decisions
supersede: contradicts | supersede | overrides the old | newer fact | update the old | 覆盖旧的 | 新的覆盖旧的 | 更新旧记忆 | 以新为准
archive: archive | archived | archiving | cold storage | move out | 归档 | 存档 | 冷存储 | 下沉
retrieve-memory: retrieve memories | memory retrieval | recall relevant | inject into the prompt | inject relevant | pull in | 检索记忆 | 召回记忆 | 按需注入 | 注入上下文 | 拉进上下文 | 回注
client-side: client | client-side | frontend | front-end | browser | the client sends | 前端 | 客户端 | 浏览器 | 前端传
tamper: tamper | tampered | forged | forgery | spoof | manipulat | 篡改 | 伪造 | 改掉 | 造假 | 操纵
user-data-rights: view their data | see what is stored | delete their data | right to be forgotten | export their data | 导出 | 可删除 | 被遗忘权 | 随时删 | 查看和删除

# ---- Evaluation ----
evaluate: evaluat | eval | evals | assess | assessment | benchmark | 评测 | 评估 | 测评 | 评价 | 考核 | 跑评测 | 打榜
dataset: dataset | datasets | data set | test set | eval set | evaluation set | golden set | gold set | test cases | test case | benchmark set | 数据集 | 测试集 | 评测集 | 黄金集 | 用例 | 测试用例 | 评测用例 | 题库
held-out: held-out | held out | holdout | hold-out | hidden test | blind set | never tune on | 保留集 | 留出集 | 盲测 | 不看的测试集 | 隐藏集
overfit: overfit | over-fit | overfitting | tune to the test | teaching to the test | 过拟合 | 对着评测集调 | 刷分 | 应试
label: label | labels | labeled | labelled | labeling | labelling | annotat | tag the data | human grades | human labels | 标注 | 打标 | 打标签 | 标签 | 人工标注 | 标注数据 | 标注员
guideline: guideline | guidelines | rubric | rubrics | criteria | scoring guide | 规范 | 标注规范 | 评分标准 | 打分标准 | 评分细则 | 准则
agreement: agreement | agree | inter-annotator | inter-rater | kappa | krippendorff | alpha | spearman | correlation | qwk | 一致性 | 一致率 | 相关系数 | 吻合度
adjudicate: adjudicat | arbitrat | tie-break | resolve disagreements | senior annotator | 仲裁 | 裁决 | 分歧 | 争议 | 拍板
reference-answer: reference answer | reference answers | gold answer | ground truth | ground-truth | expected answer | expected output | answer key | 参考答案 | 标准答案 | 金标准 | 期望输出 | 真值
baseline: baseline | baselines | previous version | current version | control group | 基线 | 对照组 | 对照 | 旧版本 | 当前版本 | 上一版
regression: regress | regression test | regression suite | regression set | non-regression | 回归 | 回归测试 | 回归集 | 防回归 | 退步
record-replay: record | recorded | recording | replay | replays | replayed | cassette | vcr | mock | mocks | mocked | stub | 录制 | 回放 | 重放 | 打桩 | 模拟返回 | 录下来
run-multiple: run several times | multiple runs | repeated runs | repeat each | several runs | run it n times | pass@k | pass^k | 多次运行 | 跑多次 | 重复运行 | 跑几遍 | 多跑几次
variance: variance | variability | standard deviation | confidence interval | error bar | noise level | 方差 | 波动 | 置信区间 | 标准差 | 误差范围
significance: significan | statistically | p-value | sample size | power analysis | enough samples | 显著性 | 显著 | 统计显著 | 样本量 | 足够样本
ab-test: a/b | ab test | a/b test | split test | experiment | experiments | treatment group | randomly split | random split | 实验 | 实验组 | ab 测试 | a/b 测试 | 随机分流 | 分流
accuracy: accuracy | accurate | correctness | correctly | correct answer | is correct | right answer | exact-match accuracy | 准确率 | 准确 | 正确率 | 正确性 | 答对 | 准不准
precision-metric: precision | false positive rate | 精确率 | 查准率 | 精准率
recall-metric: recall | recall@k | recall at k | hit rate | hit@k | false negative rate | 召回率 | 查全率 | 命中率 | 召回
confusion-matrix: confusion matrix | confusion | confused with | mix up | mixes up | 混淆矩阵 | 搞混 | 分不清 | 混淆对
imbalance: imbalance | imbalanced | skewed | minority class | rare class | majority class | 不平衡 | 不均衡 | 少数类 | 偏斜 | 样本不均
business-metric: business metric | business outcome | kpi | conversion rate | user retention | satisfaction | csat | nps | what users care | user value | 业务指标 | 转化率 | 用户留存 | 满意度 | 业务结果 | 用户价值 | 用户满意
user-feedback: thumbs up | thumbs down | thumbs | like and dislike | rating from users | complaint | complaints | 用户反馈 | 点赞 | 点踩 | 投诉 | 举报 | 差评 | user feedback | feedback from users | 反馈数据
implicit-signal: repeated question | asks again | rephrases | abandon | abandons | session length | escalation rate | 重复提问 | 再问一遍 | 放弃 | 会话长度 | 转人工率 | 流失
bad-case: bad case | bad cases | failure case | failure cases | failed cases | error analysis | failure mode | failure modes | 坏案例 | 坏例 | 失败案例 | 失败模式 | 错误分析 | 翻车案例
cluster: clusters | clustering | group similar | categori | taxonomy | 聚类 | 归类 | 分组 | 分类统计 | 分桶 | 归纳类型 | cluster them | cluster the | cluster failures | cluster similar | grouping
attribution-stage: which stage | per stage | by stage | locate | locating | pinpoint | isolate the failure | root-cause | 分段 | 分阶段 | 哪个环节 | 哪一步出错 | 找出问题在哪 | 两段 | 定位问题 | 定位到 | 定位哪 | 定位出 | 定位最早
reasons-first: reasons first | reason before | reasoning before the score | explain then score | justification | rationale | 先给理由 | 先理由后打分 | 理由 | 给出理由 | 说明原因
coverage-strata: stratif | stratum | strata | by scenario | by difficulty | cover all intents | typical and edge | 按场景 | 按难度 | 分层抽样 | 典型和边界 | 分层覆盖
distribution-shift: distribution shift | distribution mismatch | drift | data drift | real traffic differs | out of distribution | out-of-distribution | ood | 分布偏移 | 分布不一致 | 分布外 | 漂移 | 数据漂移 | 真实流量不一样
misaligned-metric: misaligned | proxy metric | goodhart | metric gaming | wrong metric | 错位 | 指标错位 | 代理指标 | 刷指标 | 指标和用户价值不一致
hierarchical: hierarch | layered | layers | multi-level | two-level | two-tier | tiered | 分层 | 层级 | 多层 | 两级 | 逐层 | 分级 | 分级路由
`;
