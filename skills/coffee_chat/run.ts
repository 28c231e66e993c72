// coffee_chat: a long conversation is split by topic, each part read by the model with the
// skill's own prompts and output_schema, the parts merged (one person, each follow-up once), then
// filed as the person, the chat as an event they took part in, and a reminder per follow-up.
// The script returns a SkillResult; the runtime plans and applies its actions in one transaction.

export const SKILL_VERSION = 2;

interface Part {
  person_name: string;
  title?: string;
  roles?: string[];
  met_at?: string;
  summary: string;
  structured?: Record<string, unknown>;
  action_items?: Array<{ text: string; due?: string }>;
}

/** The day `n` days after a YYYY-MM-DD or ISO 8601 time. */
function daysAfter(day: string, n: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export async function execute(ctx: any, inp: { text: string; transcript?: string }) {
  const { A, SkillResult } = ctx;
  const text = inp.transcript || inp.text;
  const chunks: string[] = await ctx.chunk(text, { strategy: 'topic', max_chars: 6000 });
  const partials: Part[] = [];
  for (const [i, ch] of chunks.entries()) {
    const res = await ctx.llm.completeJson({
      system: ctx.render('prompt.system'),
      user: ctx.render('prompt.user', { chunk: ch, index: i, total: chunks.length }),
      schema: ctx.manifest.output_schema,
    });
    partials.push(res.data);
  }
  // One person (the key), each role, topic and follow-up once; scalars from the first part that has them.
  const merged: Part = ctx.merge(partials, { key: ['person_name', 'text'] });
  // Each part summarises itself: the chat's summary is theirs in order.
  const summary = partials.map((p) => p.summary).filter(Boolean).join(' ');
  const occurredAt = merged.met_at ?? ctx.now();

  const out = new SkillResult({ summary_md: summary });
  const person = out.add(A.UpsertPerson({ display_name: merged.person_name, roles: merged.roles ?? [], current_title: merged.title }));
  const event = out.add(A.CreateEvent({ kind: 'coffee_chat', title: `Coffee chat with ${merged.person_name}`, occurred_at: occurredAt, body_md: summary, structured: merged.structured }));
  out.add(A.Link({ source: event, target: person, relation: 'participant' }));
  for (const item of merged.action_items ?? []) {
    // A follow-up without an agreed day is due three days after the chat, not never.
    out.add(A.CreateReminder({ title: item.text, due_at: item.due ?? daysAfter(occurredAt, 3), target: person }));
  }
  return out;
}
