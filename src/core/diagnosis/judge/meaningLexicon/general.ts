// Meaning lexicon, part of MEANING_LINES (see ../meaningTerms.ts for the format and how it is matched):
// Relations, logic words, magnitude and comparison: what turns a list of terms into a claim.
export const GENERAL_LINES = `
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

`;
