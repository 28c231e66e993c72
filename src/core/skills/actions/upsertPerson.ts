import { RecordsError } from '../../records/errors';
import { emailKey, looksLikeEmail, slugify, textKey } from '../../records/normalize';
import { defineAction, existingId, idParam, listOf, respelled, single, str, union, writeFor } from './plan';
import type { PlanView } from './types';

function freeSlug(view: PlanView, base: string): string {
  for (let n = 2; ; n++) {
    const s = `${base}-${n}`;
    if (view.find('person', { slug: s }).length === 0) return s;
  }
}

/**
 * Finds or creates a person. Dedupe, in this order: the email (trimmed, lower case) when given;
 * else the slug (`slug` if given, else slugify(display_name): "José Núñez" is jose-nunez, 张三 is 张三).
 * A slug match whose stored email differs from the given one is another person with the same
 * name: they get the next free slug (jane-doe-2) and a warning says so. On a match the given fields
 * replace the stored ones (a name or email that differs only in case or spacing is left as stored);
 * the slug changes only when `slug` is given. Roles are added to the stored ones, never dropped
 * (as compared: case and spacing ignored).
 */
export const upsertPerson = defineAction({
  name: 'upsert_person',
  description: 'Find a person by email or by name slug, or create them (recruiter, interviewer, referrer, contact); given fields update them.',
  params: {
    type: 'object',
    properties: {
      display_name: str('Full name as shown.', { minLength: 1 }),
      roles: { type: 'array', items: str('A role.', { minLength: 1 }), description: 'Their roles, e.g. ["recruiter"] or ["interviewer", "engineering manager"]; added to those stored.' },
      email: str('Email address; the strongest way to recognise someone.'),
      current_title: str('Their job title now, e.g. "Staff Engineer".'),
      slug: str('Short unique handle; derived from display_name when absent.'),
      company_id: idParam('company', 'Where they work.'),
      phone: str('Phone number.'),
      url: str('Profile or home page.'),
      notes: str('Free notes; replace the stored notes.'),
    },
    required: ['display_name'],
  },
  plan(p, view) {
    const name = String(p.display_name).trim();
    const email = typeof p.email === 'string' ? p.email.trim() : undefined;
    if (email !== undefined && !looksLikeEmail(email)) throw new RecordsError('invalid', `email: ${JSON.stringify(email)} is not an email address`);
    const key = emailKey(email);
    const wantedSlug = slugify(typeof p.slug === 'string' ? p.slug : name);
    const warnings: string[] = [];
    let existing = key ? view.find('person', { email_key: key })[0] : undefined;
    let slug = existing ? (p.slug !== undefined ? wantedSlug : undefined) : wantedSlug;
    if (!existing) {
      const bySlug = view.find('person', { slug: wantedSlug })[0];
      if (bySlug && key && bySlug.email_key && bySlug.email_key !== key) {
        slug = freeSlug(view, wantedSlug);
        warnings.push(`"${String(bySlug.display_name)}" (${String(bySlug.email)}) already has the slug ${wantedSlug}; ${name} <${email}> is another person, saved as ${slug}`);
      } else {
        existing = bySlug;
        if (bySlug && p.slug === undefined) slug = undefined;
      }
    }
    const stored = (existing?.roles as string[] | undefined) ?? [];
    const known = new Set(stored.map(textKey));
    const roles = listOf<string>(p.roles)?.map((r) => r.trim());
    return single(writeFor(view, 'person', existing, {
      slug, display_name: respelled(existing, 'display_name', name, slugify), email: respelled(existing, 'email', email, emailKey), company_id: p.company_id === undefined ? undefined : existingId(view, p.company_id, 'company', 'company_id'),
      roles: roles && existing ? (roles.some((r) => !known.has(textKey(r))) ? union(stored, roles, textKey) : undefined) : roles,
      current_title: p.current_title, phone: p.phone, url: p.url, notes: p.notes,
    }), warnings);
  },
});
