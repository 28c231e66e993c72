const DIGITS: Record<string, number> = {
  零: 0, 〇: 0, 一: 1, 壹: 1, 二: 2, 贰: 2, 两: 2, 三: 3, 叁: 3, 四: 4, 肆: 4,
  五: 5, 伍: 5, 六: 6, 陆: 6, 七: 7, 柒: 7, 八: 8, 捌: 8, 九: 9, 玖: 9,
};
const UNITS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };
const BIG_UNITS: Record<string, number> = { 万: 1e4, 萬: 1e4, 亿: 1e8, 億: 1e8 };
const CN_RUN = /[零〇一壹二贰两三叁四肆五伍六陆七柒八捌九玖十拾百佰千仟万萬亿億]+/;

/** Parses a Chinese numeral such as 一百, 三千五百, 十二, 两万 into a number; null if it is not one. */
export function parseChineseNumeral(text: string): number | null {
  if (!text || !/^[零〇一壹二贰两三叁四肆五伍六陆七柒八捌九玖十拾百佰千仟万萬亿億]+$/.test(text)) return null;
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const ch of text) {
    if (ch in DIGITS) {
      digit = DIGITS[ch];
    } else if (ch in UNITS) {
      section += (digit ?? 1) * UNITS[ch];
      digit = null;
    } else if (ch in BIG_UNITS) {
      section += digit ?? 0;
      total += (section || 1) * BIG_UNITS[ch];
      section = 0;
      digit = null;
    }
  }
  return total + section + (digit ?? 0);
}

/**
 * Reads a number out of what people type: "42", " 3.5 ", "一百", "500字左右", "约1.5万", "两千".
 * Returns null when the text holds no number, so the caller can report a clear input error.
 */
export function parseNumberLike(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  if (/^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(s)) return Number(s);
  const arabic = /([-+]?\d+(?:\.\d+)?)\s*([万萬千百亿億kK])?/.exec(s.replace(/,(?=\d{3})/g, ''));
  if (arabic) {
    const base = Number(arabic[1]);
    const unit = arabic[2];
    const mult = unit === undefined ? 1 : unit === 'k' || unit === 'K' ? 1000
      : (BIG_UNITS[unit] ?? UNITS[unit] ?? 1);
    return base * mult;
  }
  const cn = CN_RUN.exec(s);
  if (cn) return parseChineseNumeral(cn[0]);
  return null;
}
