// The concept lexicon of the knowledge base's concept channel: each line is a concept and the
// ways people say it, in Chinese and English, formal and colloquial. A query and an entry that
// share a concept match even when they share no word ("省钱" and "token cost", "写死的流程" and
// "fixed workflow"). Written by us from the domain, not from any eval query.
//
// Format: `id: term | term | ...`. Chinese terms match anywhere; an English term matches at the
// start of a word and may end inside one ("retriev" covers retrieve, retrieval and retrieving),
// except terms of three letters or fewer, which must be whole words ("ci" is not in "circuit").
// A term may belong to several concepts ("限流" is rate limiting and resilience).
export const CONCEPT_LINES = `
agent: agent | 智能体 | 代理 | 自主体
llm: llm | 大模型 | 大语言模型 | 语言模型 | language model | gpt | chatgpt | foundation model | 基座模型 | 基础模型
llm-app: llm app | llm application | 大模型应用 | ai 应用 | ai app | 模型应用 | chatbot | 聊天机器人 | 对话机器人 | copilot | assistant | 助手 | 助理
workflow: workflow | 工作流 | 固定流程 | 写死 | 硬编码 | hard-cod | hardcod | 预设流程 | 流程编排 | pipeline | 流水线 | deterministic flow | fixed sequence | scripted | 规则流程 | if-else
autonomy: autonom | 自主 | 自己决定 | 自己判断 | 自行决定 | decide for itself | on its own | open-ended | 开放式
rpa: rpa | 机器人流程自动化 | 流程自动化 | robotic process | 脚本自动化 | 自动化脚本 | macro
component: component | 组件 | 模块 | 组成 | 构成 | building block | 架构组成 | module | 部分
use-case: use case | 场景 | scenario | 业务 | business | 适合 | 落地 | suited | 应用场景
failure: fail | 失败 | 出错 | 错误 | 挂了 | 崩溃 | 不工作 | go wrong | goes wrong | break | broken | 坏了 | 翻车 | 踩坑 | pitfall
computer-use: computer use | computer-use | 操作电脑 | 操作浏览器 | 浏览器 | browser | 桌面 | desktop | gui | 界面操作 | 点击 | click | 截图 | screenshot | 鼠标 | mouse | 网页操作 | rpa
coding: coding | 代码 | code | 编程 | programming | 写代码 | 改代码 | 修 bug | bug | debug | 调试 | repository | 仓库 | 代码库 | codebase | patch | diff | pull request
context: context | 上下文 | 语境 | 背景信息 | 提示窗口
context-window: context window | 上下文窗口 | 上下文长度 | context length | 窗口长度 | 窗口大小 | 最大长度 | token limit | 长度限制 | 装不下 | 放不下 | 塞不下 | doesn't fit | does not fit | too long | 太长 | 超长 | 超出 | overflow
long-context: long context | long-context | 长上下文 | 长文本 | 长窗口 | 百万 token | million token | 128k | 1m token | 长输入 | long input | million-token | million tokens | 1m | 窗口越来越大 | windows keep growing | bigger context | larger context windows | 百万级上下文 | 上下文百万 | 百万 tokens
prompt: prompt | 提示词 | 提示 | 指令 | instruction | 系统提示 | system prompt | 咒语
system-prompt: system prompt | 系统提示 | 系统提示词 | system message | 系统消息 | 人设 | persona | 角色设定 | instructions you give | up front | upfront | standing instructions | 开头的指令 | 预置指令
prompt-technique: few-shot | few shot | 少样本 | 示例 | example | 角色扮演 | role play | 分隔符 | delimiter | 模板 | template | 技巧 | technique | tips | 写法
ux: ux | 交互 | 体验 | user experience | 用户体验 | 界面 | interface | 产品设计 | 前端展示 | 展示 | 进度 | progress | 反馈 | feedback | 透明 | transparen
framework: framework | 框架 | langchain | langgraph | llamaindex | autogen | crewai | semantic kernel | dify | coze | sdk | library | 自研 | 自己写 | build your own | from scratch | 手写
tool: tool | 工具 | 插件 | plugin | 函数 | function | api | 接口 | action | 动作 | 能力
tool-call: tool call | tool-call | tool use | function call | function-call | 函数调用 | 工具调用 | 调用工具 | 调工具 | 调接口 | 调用接口 | 调 api | call tools | call a tool | calling tools | invoke
tool-schema: schema | json schema | 参数 | argument | parameter | 参数格式 | 入参 | 出参 | 签名 | signature | 描述 | description | 定义 | definition
tool-selection: 选错 | 选工具 | 工具选择 | 挑工具 | wrong tool | pick the wrong | picks the wrong | picking tools | tool selection | select tools | choose tools | 工具太多 | 很多工具 | many tools | too many tools | hundreds of tools | 几百个工具 | 工具检索 | tool retrieval | 路由 | routing | route | 乱调 | 调错工具 | 用错工具 | 选哪个工具 | which tool | dozens of tools | 几十个工具 | 一堆工具 | mixes up | mix up | 搞混 | 混淆 | 调错 | 用错 | wrong one | the wrong tool
tool-granularity: 粒度 | granular | 原子 | atomic | 拆分 | 合并 | 细粒度 | 粗粒度 | coarse | fine-grained | 职责单一 | single responsib | 命名 | naming
tool-error: 报错 | 错误处理 | error handling | exception | 异常 | 参数错 | 传错 | bad argument | wrong argument | invalid argument | 校验 | validat | 重试 | retry | retries | 兜底 | fallback | 填错 | 参数不对 | malformed argument | hallucinated argument
mcp: mcp | model context protocol | 模型上下文协议 | mcp server | mcp 服务
protocol: protocol | 协议 | 规范 | spec | 互操作 | interop | a2a | 通用接口 | 统一接口 | 标准化 | 行业标准 | 开放标准 | open standard | industry standard | standardi
structured-output: json | 结构化输出 | structured output | 固定结构 | 固定格式 | 格式化输出 | schema | 结构化 | structured | 合法 | valid | 解析失败 | parse error | 格式错误 | malformed | xml | yaml | constrained decoding | 约束解码 | grammar
sandbox: sandbox | 沙箱 | 沙盒 | 隔离 | isolat | 容器 | container | docker | firecracker | gvisor | 虚拟机 | vm | 代码解释器 | code interpreter | 执行代码 | run code | runs code | execute code | 运行代码 | 代码执行 | code execution | 在哪里运行 | 跑代码 | 执行生成的代码 | untrusted code | 不可信代码 | 运行生成的代码 | 执行模型写的代码 | run the code | runs the code | run python | runs python | python 代码 | 跑 python | 执行 python | code execute | 代码在哪 | executes it
parallel: parallel | 并行 | 并发 | concurren | 同时 | at once | at the same time | simultaneous | 一起 | 批量 | 多个调用
latency: latency | 延迟 | 时延 | 响应慢 | 太慢 | 很慢 | 慢 | slow | 卡顿 | 等待 | wait | 速度 | speed | fast | 首字 | 首 token | ttft | time to first | 响应时间 | response time | 跑得慢 | 太久 | takes too long | sluggish | first word | first token | 第一个字 | 第一个 token | feel faster | feels slow | make it faster | 快一点
large-output: 太大 | 很大 | 巨大 | 几万行 | 大量数据 | huge | large result | big result | 日志 | log | 整页 | whole page | 截断 | truncat | 分页 | paginat | 摘要 | summar | dump | -line | lines of log | thousands of lines | 塞进提示 | 几万条 | web page | 网页内容 | entire page | tens of thousands | 几万 | 好几万 | too much text | too big | too large | massive | enormous | 整个网页 | raw html | 原始 html | 返回太多
web-search: 联网 | 搜索引擎 | 网络搜索 | web search | search engine | 上网 | internet | 爬 | crawl | scrap | bing | google | serp | 网页
auth: 授权 | 认证 | 鉴权 | oauth | auth | 登录 | login | token 过期 | 凭证 | credential | 令牌 | 代表用户 | on behalf | act for | acts for | 第三方账号 | 邮箱 | 日历 | mail | calendar | gmail | outlook | on their behalf | someone's account | their account | 用户账号 | 代替用户 | 替用户
rest-api: rest | openapi | swagger | http 接口 | 现有接口 | 已有接口 | existing api | 几百个接口 | hundreds of | endpoint | 接口文档 | api doc | catalogue | catalog | internal api | 内部接口 | 接口目录 | 接口清单
versioning: version | 版本 | 改了 | 变更 | 升级 | upgrade | 兼容 | compatib | breaking | 迁移 | migrat | 向后兼容 | 回归 | regress | changed
memory: memory | memories | 记忆 | 记住 | remember | 记得 | 忘 | forget | recall | 回忆 | 记不住 | 忘记 | 遗忘 | 记性
long-term-memory: 长期记忆 | long-term memory | long term memory | 持久记忆 | 跨会话 | across sessions | cross-session | 永久 | 长期 | 下次还记得 | 以后还记得 | persist | between chats | between sessions | next conversation | 下次对话 | 下一次对话
short-term-memory: 短期记忆 | short-term memory | 工作记忆 | working memory | 对话历史 | conversation history | chat history | 聊天记录 | 历史消息 | 多轮 | multi-turn | 上一轮 | earlier turns | 越聊越长 | 聊得越久 | 对话变长 | 聊久了 | long conversation | longer conversation
summary: summar | 摘要 | 总结 | 压缩 | compress | 概括 | 归纳 | 精简 | condense | recap
memory-kinds: 情景记忆 | episodic | 语义记忆 | semantic memory | 程序记忆 | procedural | 记忆类型 | kinds of memory | types of memory | 记忆分类
session: session | 会话 | 对话状态 | state | 状态 | 有状态 | stateful | 无状态 | stateless | redis | 存储 | storage | store
user-profile: 用户画像 | 画像 | profile | 偏好 | preference | 喜好 | 习惯 | habit | 个性化 | personaliz | 用户信息 | user data | 口味
privacy: privacy | 隐私 | 个人信息 | personal data | pii | 敏感信息 | sensitive | 脱敏 | mask | redact | 匿名 | anonymi | gdpr | 个保法 | 数据保护 | data protection
sharing: 共享 | 共用 | share | shared | 团队 | 成员 | member | 多人 | 协作 | collaborat | whole team
permission: permission | 权限 | 越权 | 授权 | 访问控制 | access control | acl | rbac | 最小权限 | least privilege | 白名单 | allowlist | whitelist | 黑名单 | 看不到 | 不能看 | 能看到 | 可见 | visible | entitle | 租户 | tenant | who can see | 谁能看 | 只能看 | see only | 不该看到 | should not see
dangerous-action: 危险操作 | 危险 | dangerous | 删除 | delete | 删库 | drop table | 转账 | 付款 | payment | 退款 | refund | 不可逆 | irreversible | destructive | 高风险操作 | 写操作 | write action | side effect | 副作用 | 发邮件 | send email | rm -rf | cancel all | cancel every | 取消所有 | 全部取消 | 批量删除 | bulk delete | mass delete | wipe | 清空
confirmation: 确认 | confirm | 审批 | approv | 人工 | human | 人类 | 人来 | 求助 | ask a human | 介入 | 接管 | take over | handoff | hand off | 转人工 | escalat | 人在回路 | human-in-the-loop | human in the loop
ambiguity: 模糊 | vague | 不清楚 | unclear | 歧义 | ambigu | 澄清 | clarif | 追问 | 反问 | ask first | 先问 | 需求不明确 | 意图不明 | underspecified
rag: rag | 检索增强 | retrieval-augmented | retrieval augmented | 知识库问答 | 知识库 | knowledge base | 外挂知识 | 文档问答 | document q&a | 私有知识 | private data | 企业知识 | at query time | feed the relevant | 查询时检索 | 检索出来再回答
retrieval: retriev | 检索 | 召回 | recall | 搜索 | search | 查找 | 查询 | lookup | look up | 找到 | 找不到 | 搜不到 | 查不到 | 命中 | hit | pull back | pulls back | pulling back | pulled back | fetch the right | 捞回 | 捞出来 | 拉回来
vector: vector | 向量 | embedding | 嵌入 | 稠密 | dense | 语义检索 | semantic search | 相似度 | similarity | cosine | 余弦 | 距离 | distance | 语义相似 | semantic similar | 意思相近 | 意思相同 | similar meaning
vector-db: 向量数据库 | 向量库 | vector database | vector db | vector store | milvus | faiss | pinecone | qdrant | weaviate | chroma | pgvector | elasticsearch | 选型 | 索引库
ann: ann | 近似最近邻 | approximate nearest | nearest neighbo | 最近邻 | hnsw | ivf | pq | 乘积量化 | product quantiz | 图索引 | graph index | knn | top-k | topk
chunking: chunk | 切块 | 分块 | 切片 | 切分 | 分段 | split | 块大小 | chunk size | overlap | 重叠 | 段落 | paragraph | 窗口切 | 切得 | into pieces | each piece | pieces of a document | piece of text | 每一块 | 每块 | 切成 | 切多大 | 切多长 | 每段多长
rerank: rerank | re-rank | 重排 | 重排序 | 精排 | 排序 | rank | cross-encoder | cross encoder | bi-encoder | 交叉编码 | 双塔 | 太多太杂 | 筛选 | filter | 过滤 | 噪声 | noise | 不相关 | irrelevant
query-rewrite: 查询改写 | query rewrit | 改写 | rewrite | 扩写 | 查询扩展 | query expansion | hyde | 多查询 | multi-query | 问题改写 | 重写问题 | 补全问题 | 指代 | coreference | 子问题 | sub-question
hybrid-search: 混合检索 | hybrid search | hybrid retrieval | bm25 | 关键词 | keyword | 全文检索 | full-text | 稀疏 | sparse | 精确匹配 | exact match | 倒排 | inverted index | 错误码 | error code | 编号 | 型号 | 产品编号 | 专有名词 | id 号 | rrf | 融合 | fusion | 合并结果
embedding-model: embedding model | 嵌入模型 | 向量模型 | 向量化模型 | bge | e5 | text-embedding | mteb | 维度 | dimension
document-parsing: pdf | 表格 | table | 图片 | image | 扫描件 | scan | ocr | 版面 | layout | 解析 | pars | 复杂文档 | word 文档 | docx | ppt | excel | 图表 | chart
citation: citation | cite | 引用 | 出处 | 来源 | source | 参考 | reference | 溯源 | 标注来源 | 脚注 | footnote | 依据 | grounded | grounding | attribution
index-update: 更新 | update | 同步 | sync | 增量 | incremental | 重建索引 | reindex | re-index | 删除文档 | 过期 | stale | 新鲜 | fresh | 变更 | 经常变 | change often | cdc | 版本号 | out of date | out-of-date | 旧版本 | old version | 文档更新 | 文档变了 | 文档改了 | 文档过时 | 旧的文档 | 旧数据 | old data | policy changed | document changed | docs change
no-answer: 没有答案 | 无答案 | no answer | 查不到 | 找不到 | 不知道 | i don't know | 拒答 | refuse | 兜底回复 | 答不上 | 不相关 | 没有相关 | nothing relevant | 阈值 | threshold | 编造 | make up | made up | makes up | 资料里没有 | 知识库里没有 | 文档里没有 | 不在知识库 | 没有覆盖 | not in the docs | not in the documents | not in the knowledge base | isn't covered | not covered | out of scope | 超出范围 | doesn't know the answer
agentic-rag: agentic rag | 智能体检索 | 自主检索 | 多步检索 | multi-step retriev | 迭代检索 | iterative retriev | 多跳 | multi-hop | self-rag | 按需检索 | many documents | multiple documents | across documents | several documents | 跨文档 | 多篇文档 | 多个文档
graph-rag: graphrag | graph rag | 知识图谱 | knowledge graph | 图谱 | 实体关系 | entity | 实体 | 关系抽取 | relation | 社区摘要 | community | 全局问题 | global question | neo4j
text-to-sql: sql | text-to-sql | text2sql | nl2sql | 数据库查询 | 查数据库 | 自然语言查询 | 报表 | 数据分析 | query the database | database query | 取数 | data warehouse | warehouse | 数仓 | 数据仓库 | spreadsheet | 电子表格 | revenue | 营收 | 销售额 | chatbi | 问数 | 查数 | analytics question | 数据问答
multilingual: 多语言 | multilingual | 中英文 | 中英混合 | 跨语言 | cross-lingual | cross-language | 翻译 | translat | chinese and english | mixed language | 双语 | bilingual
long-document: 长文档 | long document | 几百页 | hundreds of pages | 整本书 | 合同 | contract | 报告 | report | 论文 | paper | map-reduce | 分段总结
routing: 路由 | rout | 分发 | dispatch | 意图识别 | intent | 分类 | classif | 去哪 | 哪个知识库 | 多个知识库 | 多个数据源 | multiple sources | data source | 数据源 | which source
prompt-assembly: 拼接 | 组织 | arrange | 顺序 | order | 放在前面 | lost in the middle | 中间丢失 | 位置 | position | 格式 | 模板 | template | 拼进 | 塞进 | 放进 | put into | stuff it | stuff the | stuffing | stuffed
hallucination: hallucinat | 幻觉 | 胡说 | 胡编 | 编造 | 瞎编 | 乱编 | 一本正经 | 捏造 | make things up | makes things up | making things up | make stuff up | making stuff up | made-up | fabricat | confabulat | 不真实 | 虚构 | 事实错误 | factual error | 不靠谱 | 乱说 | 瞎说 | 胡言乱语 | 张冠李戴 | 不存在的 | nonexistent | invent | isn't true | not true | untrue | false information | wrong facts | confidently wrong | says things that | 说错 | 假信息 | 错误信息 | 瞎扯 | 硬编 | 编出 | 编一个 | 自信地
fact-check: 事实核查 | fact-check | 校验事实 | verify | verif | 核对 | 验证 | 自洽 | self-consistency | 一致性检查 | 交叉验证 | cross-check | check the facts
finetune: fine-tun | finetun | 微调 | sft | lora | qlora | 训练 | train | 指令微调 | instruction tuning | 全参 | adapter | peft
training-pipeline: 预训练 | pre-train | pretrain | 后训练 | post-train | 对齐 | align | rlhf | dpo | ppo | 奖励模型 | reward model | 人类反馈 | human feedback | 偏好数据 | preference data | grpo
generation: autoregress | 自回归 | next token | next-token | next word | 下一个词 | 下一个 token | 一个字一个字 | 一个词一个词 | word by word | one token at a time | one word at a time | 生成文本 | generate text | generates text | 吐字 | 解码过程 | decoding
sampling: temperature | 温度 | top-p | top_p | top-k | 采样 | sampling | 随机 | random | 每次都不一样 | 每次不一样 | 不确定 | nondetermin | non-determin | 确定性 | determin | 可复现 | reproduc | seed | 种子 | 多样性 | diversity | 创造性 | creativ | 输出不稳定 | 不稳定 | inconsistent | different every time | different answers
token: token | 词元 | 分词 | tokeniz | tokenizer | bpe | 字节对 | 词表 | vocabulary | 计费单位 | 消耗多少 | 多少 token | how many tokens | 字符数 | 字数换算
cost: cost | 成本 | 费用 | 花费 | 省钱 | 便宜 | 贵 | 太贵 | expens | cheap | bill | 账单 | 预算 | budget | spend | price | pricing | 价格 | 钱 | money | 降本 | 开销 | 计费 | billing
model-selection: 选模型 | 模型选型 | 选型 | choose a model | choosing a model | pick a model | model selection | 哪个模型 | which model | 开源模型 | open-source model | 闭源 | closed model | 评估模型 | benchmark | 排行榜 | leaderboard
small-model: 小模型 | small model | smaller model | 轻量 | lightweight | 7b | 端侧 | on-device | 大小模型 | 大模型和小模型 | cascade | 级联 | 路由到小模型
quantization: 量化 | quantiz | int8 | int4 | fp16 | bf16 | gptq | awq | gguf | 精度损失 | precision | 低比特 | low-bit | 压缩模型 | 4bit | 8bit | 4-bit | 8-bit | 4 bit | 8 bit | 压到 | 低精度 | lower precision | squeez | shrink the model | shrinking the model | 缩小模型 | 模型压缩 | memory footprint | 压小
distillation: 蒸馏 | distill | 教师模型 | teacher model | 学生模型 | student model | 用大模型生成数据 | synthetic data | 合成数据 | teach a small | teaches a small | teach the small | 教小模型 | 让小模型学 | 小模型模仿 | learn from a larger | learn from a bigger | mimic the large | 小模型学大模型
reasoning-model: 推理模型 | reasoning model | o1 | o3 | r1 | deepseek-r1 | 深度思考 | 慢思考 | thinking model | extended thinking | 思考模式 | 长思考 | test-time compute | 推理能力 | 更聪明 | smarter | think longer | 思考更久 | 想得更久 | 更强的推理
chain-of-thought: chain-of-thought | chain of thought | cot | 思维链 | 逐步思考 | step by step | 一步一步 | 推理步骤 | reasoning steps | think step | 中间步骤 | scratchpad
multimodal: 多模态 | multimodal | multi-modal | 图像 | image | 视觉 | vision | 语音 | speech | audio | 音频 | 视频 | video | 看图 | 识图 | vlm
moe: moe | 混合专家 | mixture of experts | mixture-of-experts | 专家路由 | expert routing | 稀疏激活 | sparse activation | 激活参数 | active parameters | gating
cutoff: 知识截止 | 截止时间 | knowledge cutoff | cutoff | 时效 | 最新 | latest | 实时 | real-time | realtime | 过时 | outdated | 新闻 | news | 训练数据截止 | 不知道最近 | recent events
prompt-cache: prompt cach | 提示缓存 | 前缀缓存 | prefix cach | kv cache | kv 缓存 | 缓存命中 | cache hit | 命中缓存 | 相同前缀 | same prefix | 静态内容放前面 | 重复的系统提示 | 同样的系统提示
instruction-following: 指令遵循 | instruction following | 不听话 | 不遵守 | 不按要求 | ignore | 忽略要求 | 字数 | word count | length limit | 格式要求 | 违反 | disobey | doesn't follow | does not follow | 遵循 | 答非所问 | 不按格式 | rules | 规则 | blow past | blows past | doesn't listen | does not listen | won't listen | doesn't stick to | 无视 | 不照做 | 没按要求 | word limit | 字数限制 | ignores what
context-extension: rope | 位置编码 | positional encoding | position embedding | 外推 | extrapolat | 插值 | interpolat | yarn | alibi | 注意力 | attention | 长度扩展 | context extension | 滑动窗口 | sliding window | flash attention
reliability-limits: 算数 | 算术 | arithmetic | 计数 | counting | 数数 | 数学 | math | 精确计算 | exact calculation | 逻辑推理 | logic | 不可靠 | unreliable | 天然不擅长 | 日期计算 | 拼写 | spelling | 字母 | letters
multi-agent: multi-agent | multi agent | multiagent | 多智能体 | 多 agent | 多个 agent | 多个智能体 | several agents | multiple agents | 子 agent | sub-agent | subagent | 子智能体 | agent 团队 | team of agents | swarm | crew
supervisor: supervisor | 主管 | 主 agent | 主智能体 | 调度者 | orchestrat | 编排 | 协调者 | coordinator | manager agent | 管理者 | 派任务 | 分派 | delegat | 委派 | 指挥
communication: communicat | 通信 | 沟通 | 消息传递 | message passing | 共享状态 | shared state | 黑板 | blackboard | 传递信息 | 交接 | handoff | 上下文传递 | pass context | 发消息
debate: debate | 辩论 | 讨论 | discuss | 投票 | vote | voting | 多数 | majority | 互相批评 | critique | 评审 | 共识 | consensus | 更准 | 争论 | argue | arguing | 吵架 | 互相反驳 | argue with each other
roles: 角色 | role | 分工 | 人设 | persona | 职责 | responsibilit | 专家 agent | specialist
conflict: 冲突 | conflict | 同时修改 | 竞态 | race condition | 加锁 | lock | 并发写 | concurrent write | 覆盖 | overwrite | 乐观锁 | optimistic | 事务 | transaction | 互斥 | mutex
planning: plan | 规划 | 计划 | 规划器 | planner | 先后顺序 | 先做什么 | 步骤 | step | 安排 | 路线
react: react | thought-action | 思考-行动 | 边想边做 | 边做边想 | 交替 | interleav | 观察 | observation
plan-execute: plan-and-execute | plan and execute | 先规划后执行 | 先计划再执行 | 先写计划 | 照着执行 | 执行器 | executor | 计划再执行
decomposition: 拆解 | 拆分 | 分解 | decompos | break down | break a | 子任务 | subtask | sub-task | 分步 | 复杂任务 | complex task | 大任务 | big task | dag | 依赖 | dependenc
loop-control: 死循环 | 无限循环 | infinite loop | loop | 循环 | 轮数 | 最大步数 | max steps | max iteration | 迭代次数 | 步数上限 | 次数上限 | 停不下来 | 一直调用 | endless | 绕圈 | 重复调用 | repeated calls | 终止条件 | stop condition | 熔断 | circuit break | how many steps | number of steps | 执行次数 | 最多执行 | cap the number | limit the number | iteration limit | runaway | 失控 | 卡住 | 卡死 | 原地打转 | 来回调用 | in circles | round and round | over and over | again and again | keeps calling | keep calling | 没完没了 | 一直重复 | 反复调用 | 重复调 | 兜圈子 | never stops | won't stop | loops forever | loop forever | runs forever | run forever | going forever
reflection: reflect | 反思 | 自我反思 | self-reflection | 自我批评 | self-critique | 自我纠正 | self-correct | 总结教训 | 吸取教训 | lesson | 复盘 | retrospect | 自我检查 | self-check | reflexion | 反省 | 自省 | critique its own | check its own | look back at | 检查自己 | 回头检查
replanning: 重新规划 | 重规划 | replan | re-plan | 调整计划 | 计划失败 | 某一步失败 | step fails | 改计划 | 动态调整 | adapt the plan
sop: sop | 标准作业流程 | 标准流程 | 操作手册 | 操作规范 | runbook | playbook | standard operating procedure | 业务流程 | 规章
tree-search: tree of thought | tree-of-thought | tot | 树搜索 | tree search | mcts | 蒙特卡洛 | monte carlo | 搜索树 | beam search | 束搜索 | 回溯 | backtrack | 多条路径 | multiple paths | branch
plan-check: 可行 | feasib | 验证计划 | 检查计划 | 计划校验 | verify the plan | validate the plan | 前置条件 | precondition | 模拟执行 | simulat | dry run | 校验
time-budget: 有限时间 | 时间限制 | time limit | deadline | 超时 | timeout | 截止 | 预算内 | within budget | 资源限制 | 配额 | quota | 限时
evaluation: evaluat | 评估 | 评测 | 评价 | 测评 | 衡量 | measure | 效果怎么样 | 好不好 | 做得好不好 | 指标 | metric | benchmark | 基准 | 打分 | score | scoring
eval-dataset: 评测集 | 测试集 | test set | eval set | evaluation set | 数据集 | dataset | golden set | 黄金集 | 标准答案 | ground truth | 用例 | test case | 题目 | 样本 | sample | gold | 测试题 | 评测题 | test questions | 覆盖哪些 | 哪些类型
llm-judge: llm-as-a-judge | llm as a judge | llm-as-judge | 大模型当评委 | 模型打分 | 大模型打分 | 自动打分 | 评委 | judge | grader | 裁判 | 评分模型 | auto-grad | 自动评估 | automatic evaluation
judge-bias: 偏差 | bias | 位置偏差 | position bias | 长度偏差 | verbosity | length bias | 自我偏好 | self-preference | 校准 | calibrat | 一致性 | agreement | agree | kappa | 和人工一致 | 不一致 | disagree
human-labeling: 人工标注 | human | 人类 | 人工 | 标注 | annotat | label | 标注员 | labeler | annotator | 人工评估 | human evaluation | human rating | 人工打分 | 评分标准 | rubric | 标注指南 | guideline | 人工审核 | 众包 | crowdsourc
rag-metrics: faithfulness | 忠实度 | 答案相关性 | answer relevance | context precision | context recall | 上下文精确率 | 召回率 | recall@ | mrr | ndcg | ragas | 命中率 | hit rate | 检索质量 | retrieval quality
classification: 分类 | classif | 意图识别 | intent | 准确率 | accuracy | 精确率 | precision | 召回率 | f1 | 混淆矩阵 | confusion matrix | 类别不平衡 | imbalanc | 打标签 | 标签 | label
ab-test: a/b | ab 测试 | a/b 测试 | ab test | 灰度 | canary | 分流 | 实验组 | 对照组 | control group | 线上实验 | online experiment | 线上评估 | online evaluation | 埋点 | 用户反馈 | user feedback | 点赞 | thumbs | roll out | rollout | gradual | 逐步放量 | 小流量 | after launch | new version | 新版本 | users like | people like | 用户喜不喜欢
offline-online: 离线评测 | offline eval | 离线分数 | offline score | 线上效果 | online result | 线下 | 不一致 | gap | 分布偏移 | distribution shift | 数据漂移 | drift | 提高了却 | 没变好
summarization: 摘要质量 | 总结质量 | summary quality | 摘要评估 | rouge | 覆盖度 | coverage | 忠实 | faithful | 信息遗漏 | omission | 生成的摘要 | 总结得好不好
nonfunctional: 延迟 | latency | 成本 | cost | 吞吐 | throughput | 稳定性 | stability | 可用性 | availability | 安全性 | 非功能 | non-functional | 用户满意度 | satisfaction
regression: 回归测试 | regression test | 回归 | regress | 持续集成 | ci | ci/cd | 流水线 | pipeline | 每次改动 | every change | 自动跑 | 门禁 | gate | 对比基线 | baseline
testing: 测试 | test | 单元测试 | unit test | 断言 | assert | mock | 自动化测试 | automated test | 快照 | snapshot | 不确定的输出 | 输出不确定 | non-deterministic output | flaky | 不稳定的测试
observability: observab | 可观测 | 监控 | monitor | 日志 | logging | log | trace | tracing | 链路追踪 | 追踪 | 埋点 | langfuse | langsmith | 告警 | alert | dashboard | 看板 | 排查 | troubleshoot
failure-analysis: 定位 | 排查 | debug | 诊断 | diagnos | 哪个环节 | which stage | 根因 | root cause | 错误分析 | error analysis | bad case | badcase | 坏例 | 归因
data-flywheel: 数据飞轮 | flywheel | 持续改进 | continuous improvement | 线上数据 | production data | 反馈数据 | 回流 | 迭代优化 | 闭环 | feedback loop | 用户反馈
prompt-injection: prompt injection | 提示注入 | prompt 注入 | 注入 | inject | 间接注入 | indirect injection | 恶意指令 | malicious instruction | 藏着指令 | hidden instruction | 忽略之前的指令 | ignore previous | 覆盖指令 | hidden text | hide instructions | hides instructions | hidden in the | 隐藏的指令 | 藏了指令 | 藏指令 | 夹带 | instructions in the email | instructions in a document | instructions inside | embedded instruction | 嵌入的指令 | 文档投毒 | poisoned | 篡改指令 | override the instructions
jailbreak: jailbreak | 越狱 | 绕过限制 | bypass | 诱导 | 套话 | 角色扮演攻击 | 奶奶漏洞 | 违规内容 | 有害内容 | harmful content | 不该说的 | trick | 欺骗 | manipulat | 操纵 | circumvent | get around | 骗过 | 绕过规则
data-leak: 泄露 | 泄漏 | leak | exfiltrat | 外泄 | 数据外传 | 泄密 | 窃取 | steal | 敏感数据 | sensitive data | 机密 | confidential
secrets: 密钥 | secret | api key | api 密钥 | 口令 | password | 密码 | 凭据 | credential | token 泄露 | 内部信息 | internal detail | 放在提示词里 | in the system prompt
red-team: 红队 | red team | red-team | 攻击测试 | 对抗测试 | adversarial | 安全评测 | safety eval | 安全测试 | security test | 渗透 | penetration | 攻击样本 | attack
moderation: 内容安全 | content safety | 内容审核 | moderation | 审核 | 敏感词 | 违规 | 有害 | harmful | toxic | 毒性 | 过滤 | filter | 护栏 | guardrail | 安全策略 | safety policy | nasty | offensive | inappropriate | 不当言论 | 脏话 | 骂人 | 色情 | 暴力 | hate speech | 仇恨言论 | nsfw | profan
third-party-risk: 第三方 | third-party | third party | 插件市场 | 不可信 | untrusted | 供应链 | supply chain | 恶意插件 | malicious plugin | 工具投毒 | tool poisoning | rug pull
high-stakes: 医疗 | medical | 医生 | health | 法律 | legal | law | 律师 | 金融 | financ | 投资 | 高风险 | high-stakes | high stakes | 高风险领域 | 免责声明 | disclaimer | 专业建议 | professional advice | 医院 | hospital | 问诊 | 病人 | 患者 | patient | clinic | 诊所 | 用药 | 处方 | prescription | 银行 | bank | 保险 | insurance | 理财 | 贷款 | loan | 券商 | lawyer | 法务
abuse: 恶意刷 | 刷接口 | 刷量 | 滥用 | abuse | 薅羊毛 | denial of wallet | denial-of-wallet | 巨额费用 | huge bill | 盗刷 | 机器人流量 | bot traffic | 限额 | 配额 | quota | 验证码 | captcha | thousands of requests | 大量请求 | 恶意请求 | bill spike | bill blew up | 账单暴涨 | 费用暴涨 | spam | 脚本刷 | bot attack | run up a bill | running up a bill | run up the bill | runs up the bill
compliance: 合规 | complian | 备案 | 监管 | regulat | 法规 | 算法备案 | 生成式人工智能服务管理 | 标识 | watermark | 水印 | 审计 | audit | 内容标识 | ai act | 网信办
output-safety: xss | 渲染 | render | html | markdown | 注入下游 | 下游系统 | downstream | 转义 | escap | sql 注入 | sql injection | 命令注入 | command injection | 输出校验 | output validation | 不可信输出 | untrusted output
fairness: 公平 | 偏见 | bias | 歧视 | discriminat | 刻板印象 | stereotyp | 性别 | gender | 种族 | 地域 | 群体 | demographic | fairness | unfair | treat users differently | 区别对待
cache: cache | 缓存 | 命中 | hit rate | 失效 | invalidat | ttl | 过期时间
semantic-cache: 语义缓存 | semantic cach | 相似问题缓存 | 相似问题 | similar question | 缓存答案 | cache answers | 命中错误 | 误命中 | false hit
consistency: 一致性 | consisten | 最终一致 | eventual | 强一致 | strong consistency | 双写 | dual write | 延迟双删 | 数据不一致 | 脏数据 | stale data
idempotency: 幂等 | idempoten | 重复提交 | duplicate submission | 重复请求 | duplicate request | 唯一键 | unique key | 去重 | dedup | 请求 id | request id | 重复扣款 | charged twice | safe to repeat | safe to retry | safely retried | retry safely | 安全地重试 | 安全地重复 | 重复退款 | 退了两次 | 扣了两次 | refunded twice | paid twice | sent twice | 发了两次
message-queue: 消息队列 | message queue | mq | kafka | rabbitmq | rocketmq | 消息丢失 | lost message | 重复消费 | at-least-once | exactly-once | ack | 死信 | dead letter | 消费者 | consumer | 生产者 | producer
distributed-lock: 分布式锁 | distributed lock | redlock | setnx | 锁续期 | 看门狗 | watchdog | 锁超时 | lock timeout | zookeeper | etcd
rate-limit: 限流 | rate limit | rate-limit | throttl | 令牌桶 | token bucket | 漏桶 | leaky bucket | 滑动窗口 | sliding window | 固定窗口 | fixed window | 429 | qps | tpm | rpm
db-index: 索引 | index | b+ 树 | b+ tree | b+树 | b-tree | b 树 | 哈希索引 | hash index | 最左前缀 | leftmost prefix | 联合索引 | composite index | 回表 | 索引失效 | 全表扫描 | full table scan | innodb | mysql
streaming: 流式 | stream | sse | server-sent | websocket | 逐字 | 打字机 | typewriter | token by token | 分块传输 | chunked | 增量输出 | incremental output
resilience: 超时 | timeout | 重试 | retry | 退避 | backoff | 熔断 | circuit breaker | 降级 | degrad | fallback | 备用模型 | 限流 | rate limit | 服务不可用 | outage | 503 | 容错 | fault toleran | 高可用 | high availability | 挂了 | 宕机 | 不可用 | unavailable | 限速 | goes down | went down | is down | 服务挂了
prompt-management: 提示词管理 | prompt management | 版本管理 | version control | prompt 版本 | 提示词版本 | 上线 | ship | deploy | 发布 | release | 回滚 | rollback | 灰度 | 配置中心 | 模板管理 | roll out | rollout | 改提示词 | 改 prompt | prompt change
inference-serving: 推理服务 | inference serv | serving | vllm | tgi | sglang | triton | 私有化部署 | self-host | 部署 | deploy | gpu | 显存 | vram | 吞吐 | throughput | batching | 连续批处理 | continuous batching | paged attention | 开源模型 | 本地部署 | on-prem | 私有部署 | 高并发 | high concurrency | 扛住 | scale up | 扩容
async-task: 异步 | async | 后台任务 | background job | 任务队列 | task queue | job queue | 长任务 | long-running | 几分钟 | minutes | 轮询 | poll | 回调 | callback | webhook | 断点续跑 | checkpoint | resum | 任务状态
gateway: 网关 | gateway | 统一接入 | 代理层 | proxy | 多团队 | many teams | 配额 | quota | 计量 | metering | 统一入口 | 多个供应商 | multiple providers | provider
batch: 批处理 | batch | 离线处理 | offline process | 几百万条 | millions of | 海量数据 | 大规模数据 | bulk | 打标签 | labell | labeling | 吞吐 | throughput | 并发调用 | batch api
saas: saas | 多租户 | multi-tenant | multi tenant | 租户 | tenant | 隔离 | isolation | 数据隔离 | 噪声邻居 | noisy neighbo | 平台化
knowledge-qa-design: 知识库问答系统 | 企业知识库 | 内部知识库 | 问答系统 | q&a system | qa system | 企业搜索 | enterprise search | 文档助手
support-bot: 客服 | customer service | customer support | support bot | 智能客服 | 售后 | 退款 | refund | 订单 | order | 查订单 | 工单 | ticket | 投诉 | complaint
security: 安全 | secur | safe | 风险 | risk | 攻击 | attack | 防护 | protect | defen | 防御 | 漏洞 | vulnerab | threat | 威胁
causes: 原因 | 为什么会 | why do | why does | cause | 根源 | 根本原因 | 从哪来 | 机制 | mechanism | 本质 | 原理 | how does it work | under the hood
task-success: 任务成功率 | 任务完成率 | 完成率 | 成功率 | task success | success rate | job done | got the job done | completed the task | 真正完成 | 做成了没有 | end-to-end success
interview-project: 项目 | project | 最有挑战 | 最难 | challenging | hardest | 负责什么 | 你的角色 | your role | 经历 | experience | 亮点 | 难点 | 成果 | impact
`;

/** One concept and its surface forms, lower-cased. */
export interface Concept {
  id: string;
  terms: string[];
}

/** The parsed lexicon (checked by the unit tests: ids unique, every term at least two characters). */
export const CONCEPTS: readonly Concept[] = CONCEPT_LINES.trim()
  .split('\n')
  .map((line) => {
    const at = line.indexOf(':');
    return { id: line.slice(0, at).trim(), terms: [...new Set(line.slice(at + 1).split('|').map((t) => t.trim().toLowerCase()).filter(Boolean))] };
  });
