/**
 * Chinese for the transcript errors a user sees (they are written in English where they are
 * thrown, and travel as text through the tool results): each known reason by its shape, the
 * format and numbers kept. An unknown message comes back undefined, to be shown as it is.
 */
const REASONS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^(\S+) transcript: could not tell interviewer and candidate apart: /,
    (m) => `${m[1]} 文稿：分不清面试官和候选人：请给每轮发言加上标签（“面试官：” / “候选人：”、“Interviewer:” / “Candidate:”、“Q:” / “A:”），或设置 interviewLens.speakerLabels`],
  [/^(\S+) transcript: found no question followed by an answer: /,
    (m) => `${m[1]} 文稿：没有找到“提问后跟着回答”的内容：请把每个回答放在问题之后的单独一轮发言里`],
  [/^the transcript is empty: /, () => '文稿是空的：请打开一个有面试内容的文件'],
  [/^the transcript has no text to diagnose$/, () => '文稿里没有可诊断的文字'],
  [/^no speaker labels found: /,
    () => '没有找到说话人标签：请在每轮发言前加上“面试官：” / “候选人：”、“Interviewer:” / “Candidate:”、“Q:” / “A:” 或“姓名：”，或选择 "dialogue" 格式'],
  [/^the transcript has ([\d,]+) characters; Interview Lens reads at most ([\d,]+): /,
    (m) => `文稿有 ${m[1]} 个字符，Interview Lens 最多读取 ${m[2]} 个：请把每场面试拆成一个文件`],
];

/** The Chinese of a transcript error's message, or undefined when it is not one of the known reasons. */
export function transcriptErrorZh(message: string): string | undefined {
  for (const [re, zh] of REASONS) {
    const m = re.exec(message);
    if (m) return zh(m);
  }
  return undefined;
}
