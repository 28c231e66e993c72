// Meaning lexicon, part of MEANING_LINES (see ../meaningTerms.ts for the format and how it is matched):
// Tool calling, the common objects and actions of answers, backend storage and messaging, operations.
export const ENGINEERING_LINES = `
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

`;
