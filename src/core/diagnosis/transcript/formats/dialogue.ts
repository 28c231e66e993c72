import { toLines } from '../lines';
import type { Segment } from '../model';

/**
 * Raw dialogue without labels: every non-blank line is one utterance, numbered by the
 * blank-line separated paragraph it sits in (context and question often share one).
 * Roles are inferred from what is said.
 */
export function parseDialogue(text: string): Segment[] {
  const segments: Segment[] = [];
  let paragraph = 0;
  let blank = true;
  for (const line of toLines(text)) {
    const t = line.text.trim();
    if (t === '' || /^#{1,6}\s/.test(t) || /^[-=*_]{3,}$/.test(t)) {
      if (!blank) paragraph++;
      blank = true;
      continue;
    }
    blank = false;
    segments.push({ text: t, startOffset: line.offset, endOffset: line.offset + line.text.length, paragraph });
  }
  return segments;
}
