/** Transcript / report language; mixed text counts as the one with more content. */
export type Language = 'zh' | 'en';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN_WORD = /[A-Za-z]+/g;

/** Chinese when CJK characters outnumber English words (one Chinese character ≈ one word's content). */
export function detectLanguage(text: string): Language {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.match(LATIN_WORD)?.length ?? 0;
  return cjk >= words * 0.5 && cjk > 0 ? 'zh' : 'en';
}
