/**
 * A deterministic stand-in for a model answering the built-in skills (extract_job, capture_note,
 * coffee_chat), the topic splitter and the router, for the local mock Anthropic server. It reads
 * what it is given the way a model would be expected to, from simple cues in the fixtures, so the
 * recorded cassettes hold real prompts with plausible answers. Used by `npm run cassettes:record`
 * and the unit tests; never by the product.
 */
import type { AnthropicResponder, MockAnthropicReply } from './mockAnthropicServer';

const text = (value: unknown): MockAnthropicReply => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

function systemOf(body: any): string {
  return Array.isArray(body.system) ? body.system.map((b: any) => b.text ?? '').join('\n') : String(body.system ?? '');
}

function allText(body: any): string {
  return body.messages.map((m: any) => (typeof m.content === 'string' ? m.content : m.content.filter((b: any) => b.type === 'text').map((b: any) => b.text).join('\n'))).join('\n');
}

function lastUserText(body: any): string {
  const user = [...body.messages].reverse().find((m: any) => m.role === 'user');
  if (!user) return '';
  return typeof user.content === 'string' ? user.content : user.content.filter((b: any) => b.type === 'text').map((b: any) => b.text).join('\n');
}

/** Known people of the coffee-chat fixtures, as a model would recognise them in the text. */
const PEOPLE: Array<{ name: string; email?: string; company: string; role: string }> = [
  { name: 'Maya Chen', email: 'maya.chen@northwind.ai', company: 'Northwind AI', role: 'Staff Engineer' },
  { name: 'Leo Park', company: 'Northwind AI', role: 'Engineering Manager' },
  { name: 'Priya Raman', company: 'Contoso Labs', role: 'Recruiter' },
];

/** A posting's fields, read from "Company:", "Title:", "Location:", "Apply by" and "Skills:" lines. */
function readPosting(posting: string): Record<string, unknown> {
  const line = (label: string) => posting.split('\n').find((l) => l.trim().toLowerCase().startsWith(`${label.toLowerCase()}:`))?.split(':').slice(1).join(':').trim();
  const out: Record<string, unknown> = {};
  const company = line('Company');
  const title = line('Title');
  if (company) out.company = company;
  if (title) out.title = title;
  const location = line('Location');
  if (location) out.location = location;
  const deadline = /apply by (\d{4}-\d{2}-\d{2})/i.exec(posting)?.[1];
  if (deadline) out.deadline = deadline;
  const skills = line('Skills');
  if (skills) out.skills = skills.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 4);
  return out;
}

/** Answers the skills' model calls. */
export const skillModelResponder: AnthropicResponder = (body) => {
  const system = systemOf(body);
  const user = lastUserText(body);
  if (system.startsWith('You route')) {
    const input = user.toLowerCase();
    if (input.includes('coffee')) return text({ skill: 'coffee_chat', confidence: 0.9, reason: 'a networking conversation' });
    return text({ skill: 'capture_note', confidence: 0.45, reason: 'no skill clearly fits' });
  }
  if (system.startsWith('You split a long text into topics')) {
    // A new topic wherever a paragraph opens with "Topic:", as the fixtures mark a change of subject.
    const starts = [...user.matchAll(/^\[(\d+)\] Topic:/gm)].map((m) => Number(m[1])).filter((n) => n > 1);
    return text({ starts });
  }
  if (system.startsWith('You read one job posting')) {
    const whole = allText(body);
    const fields = readPosting(whole.slice(whole.indexOf('POSTING:')));
    // The "repair" fixture: a model that keeps answering with a date in words and no title, repairs too.
    if (whole.includes('(fixture: a model that will not follow the schema)')) return text({ company: fields.company, deadline: 'next Friday' });
    return text(fields);
  }
  if (system.startsWith('You file a piece of text')) {
    const first = user.trim().split('\n')[0].replace(/[#*]/g, '').trim();
    return text({ title: first.split(/\s+/).slice(0, 6).join(' '), tags: ['note'] });
  }
  if (system.startsWith('You read notes or a transcript of a networking conversation')) {
    // coffee_chat's output_schema, one part at a time: the person the chat was with (the fixtures'
    // chats are with the first person they name), what the part was about, and its follow-ups.
    const notes = user.slice(user.indexOf('NOTES:'));
    const named = PEOPLE.filter((p) => notes.includes(p.name)).sort((a, b) => notes.indexOf(a.name) - notes.indexOf(b.name));
    const person = named[0] ?? PEOPLE[0];
    const topic = /^Topic: (.+)$/m.exec(notes)?.[1];
    const met = /^Date: (\d{4}-\d{2}-\d{2})/m.exec(notes)?.[1];
    const action_items = [...notes.matchAll(/^Follow-up: (.+?)(?: by (\d{4}-\d{2}-\d{2}))?\.?$/gm)].map((m) => ({ text: m[1], ...(m[2] ? { due: m[2] } : {}) }));
    return text({
      person_name: person.name, title: person.role, roles: [person.role.toLowerCase().includes('recruiter') ? 'recruiter' : 'engineer'],
      ...(met ? { met_at: met } : {}),
      summary: topic ? `Talked with ${person.name} about ${topic}.` : `Talked with ${person.name}.`,
      structured: { company: person.company, topics: topic ? [topic] : [] },
      action_items,
    });
  }
  return text({ error: 'the mock skill model does not know this prompt' });
};
