// Meaning lexicon, part of MEANING_LINES (see ../meaningTerms.ts for the format and how it is matched):
// Agents (control flow, planning, reflection, multi-agent), memory and evaluation.
export const AGENT_LINES = `
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
