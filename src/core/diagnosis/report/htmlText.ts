/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The colour class of a 0–100 score: good, fair or poor. */
export function scoreClass(score: number): string {
  return score >= 75 ? 'good' : score >= 55 ? 'fair' : 'poor';
}
