// Meaning lexicon, part of MEANING_LINES (see ../meaningTerms.ts for the format and how it is matched):
// Safety and security, RAG, and model capability (generation, decoding, training, serving).
export const LLM_LINES = `
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

`;
