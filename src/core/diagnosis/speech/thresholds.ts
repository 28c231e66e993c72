/**
 * Delivery thresholds, from ../shared/docs/speech-and-formats.md (Speaker Coach, news-reading
 * rates, common interview-coaching practice). One place so the report can cite them.
 */
export const THRESHOLDS = {
  paceEn: { low: 120, high: 165, slow: 100, fast: 170 },
  paceZh: { low: 180, high: 260, slow: 150, fast: 300 },
  fillerPer100: { ok: 3, high: 5 },
  fillerPerMin: { high: 5 },
  /** Below this many fillers a rate is noise (2 in a 20-word answer is not a habit): not rated. */
  fillerMinCount: 4,
  clusterWindowS: 10,
  clusterMin: 3,
  pauseS: 0.25,
  longPauseS: 2,
  veryLongPauseS: 5,
  latency: { ok: 3, slow: 5 },
  talkRatio: { low: 0.5, high: 0.7, tooLow: 0.4 },
  /** Speaking time of one English word in Chinese characters, to rate mixed speech on one scale. */
  zhCharsPerEnWord: 1.5,
  /** Chinese characters per word, to count tokens for filler density. */
  zhCharsPerToken: 1.5,
} as const;
