import { companyKey } from '../../records/normalize';
import type { RecordRow } from '../../records/rows';
import { defineAction, single, str, writeFor } from './plan';

/** Every key a company is found by: its name's and its aliases'. */
function keysOf(c: RecordRow): string[] {
  return [String(c.name_key), ...((c.aliases as string[] | null) ?? []).map(companyKey)];
}

/**
 * Finds or creates a company. Dedupe: the name and every alias are compared as companyKey
 * (NFKC width, case, whitespace, punctuation and legal suffixes such as Inc./Ltd./有限公司 ignored)
 * against every stored name and alias. On a match the stored name stays; spellings it did not
 * know yet are added to its aliases, and the other given fields replace the stored ones.
 */
export const upsertCompany = defineAction({
  name: 'upsert_company',
  description: 'Find a company by name or alias (ignoring case, width, punctuation and Inc./Ltd./有限公司), or create it; new spellings become aliases.',
  params: {
    type: 'object',
    properties: {
      name: str('The company name as written in the input.', { minLength: 1 }),
      aliases: { type: 'array', items: str('Another name.'), description: 'Other names of the company (brand, legal or Chinese name); any of them also finds it.' },
      description_md: str('What the company does (Markdown).'),
      website: str('Home page URL.'),
      industry: str('Industry or field.'),
      location: str('Headquarters or main office.'),
      notes: str('Free notes; replaces the stored notes.'),
    },
    required: ['name'],
  },
  plan(p, view) {
    const name = String(p.name).trim();
    const given = [name, ...((p.aliases as string[] | undefined) ?? []).map((a) => a.trim())];
    const keys = new Set(given.map(companyKey));
    const matches = view.find('company').filter((c) => keysOf(c).some((k) => keys.has(k)));
    const existing = matches.find((c) => c.name_key === companyKey(name)) ?? matches[0];
    const warnings = matches.length > 1
      ? [`"${name}" matches ${matches.length} companies (${matches.map((m) => `"${String(m.name)}"`).join(', ')}); "${String(existing.name)}" is used: merge the others by hand`]
      : [];
    // Spellings whose key is not known yet, each key once.
    const known = new Set(existing ? keysOf(existing) : [companyKey(name)]);
    const added: string[] = [];
    for (const g of existing ? given : given.slice(1)) {
      const k = companyKey(g);
      if (!known.has(k)) {
        known.add(k);
        added.push(g);
      }
    }
    const fields = {
      name: existing ? undefined : name,
      aliases: existing ? (added.length > 0 ? [...((existing.aliases as string[]) ?? []), ...added] : undefined) : added,
      description_md: p.description_md, website: p.website, industry: p.industry, location: p.location, notes: p.notes,
    };
    return single(writeFor(view, 'company', existing, fields), warnings);
  },
});
