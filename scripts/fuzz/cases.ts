// Turns (seed, index) into one fuzz input: the bytes of a file, its extension and the CLI
// arguments to run it with. Index i of seed s is the same input on every run and machine.
import { FORMAT_CHOICES } from '../../src/core/diagnosis/transcript/model';
import { GENERATORS, type Generator } from './generators';
import { MUTATORS, mutatorsFor, type Mutator } from './mutations';
import { caseSeed, makeRng, type Rng } from './rng';
import type { SeedFile } from './seeds';

/** Where the input file's path goes in `argv`. */
export const FILE_ARG = '@FILE@';

export interface FuzzCase {
  seed: number;
  index: number;
  /** What made it: "byte-flip", "bom+utf16", "gen:tiny-turns". */
  mutation: string;
  /** The fixture it started from, or the generator's variant. */
  source: string;
  /** Extension with its dot ('' for none). */
  ext: string;
  bytes: Buffer;
  /** CLI arguments, with FILE_ARG for the input's path. */
  argv: string[];
}

export interface CaseOptions {
  /** Generator size factor (1 = the sizes the issue names). */
  scale?: number;
}

type Plan = { kind: 'gen'; gen: Generator } | { kind: 'mut'; mut: Mutator };

/** The first inputs of every run: each generator and each mutator once, so a short run still covers them all. */
export function coveragePlan(): Plan[] {
  return [...GENERATORS.map((gen) => ({ kind: 'gen' as const, gen })), ...MUTATORS.map((mut) => ({ kind: 'mut' as const, mut }))];
}

const WRONG_EXT = ['.txt', '.md', '.srt', '.vtt', '.json', '', '.TXT', '.log', '.srt.txt', '.JSON'];
const WEIRD_LABELS = ['', ' ', ':', '(.*)+', 'a'.repeat(5000), 'Interviewer', '面试官', '\u200b', '__proto__', '[', '\\', 'Candidate', '*'];

function cliArgs(rng: Rng): string[] {
  const split = rng.chance(0.25);
  const argv = split ? ['split', FILE_ARG, '--json'] : ['diagnose', FILE_ARG, '--no-history', '--json'];
  if (rng.chance(0.1)) argv.push('--format', rng.pick(FORMAT_CHOICES.filter((f) => f !== 'auto')));
  if (rng.chance(0.04)) argv.push('--interviewer-label', rng.pick(WEIRD_LABELS), '--candidate-label', rng.pick(WEIRD_LABELS));
  if (rng.chance(0.04)) argv.push('--swap-roles');
  return argv;
}

function mutate(seeds: readonly SeedFile[], rng: Rng, first?: Mutator): { mutation: string; source: string; ext: string; bytes: Buffer } {
  const candidates = first ? seeds.filter((s) => !first.kinds || first.kinds.includes(s.kind)) : seeds;
  const seed = rng.pick(candidates.length ? candidates : seeds);
  const chain: Mutator[] = [];
  if (first) chain.push(first);
  else {
    const stack = rng.weighted([1, 2, 3], (k) => (k === 1 ? 70 : k === 2 ? 25 : 5));
    const pool = mutatorsFor(seed.kind);
    for (let i = 0; i < stack; i++) chain.push(rng.weighted(pool, (m) => m.weight));
  }
  let bytes: Buffer = Buffer.from(seed.text, 'utf8');
  for (const m of chain) {
    try {
      bytes = m.apply(bytes, rng);
    } catch (err) {
      // A mutator that re-serialises JSON cannot write back what an earlier one nested too deep
      // for JSON.stringify: that mutation is skipped, the input (already hostile) is kept.
      if (!(err instanceof RangeError)) throw err;
    }
  }
  return { mutation: chain.map((m) => m.name).join('+'), source: seed.name, ext: seed.ext, bytes };
}

/** Input `index` of the run seeded `seed`. */
export function makeCase(seeds: readonly SeedFile[], seed: number, index: number, options: CaseOptions = {}): FuzzCase {
  const rng = makeRng(caseSeed(seed, index));
  const scale = options.scale ?? 1;
  const coverage = coveragePlan();
  let plan: Plan;
  if (index < coverage.length) plan = coverage[index];
  else if (rng.chance(0.2)) plan = { kind: 'gen', gen: rng.weighted(GENERATORS, (g) => g.weight) };
  else plan = { kind: 'mut', mut: undefined as unknown as Mutator };
  let made: { mutation: string; source: string; ext: string; bytes: Buffer };
  if (plan.kind === 'gen') {
    const g = plan.gen.generate(rng, scale);
    made = { mutation: `gen:${plan.gen.name}`, source: g.variant, ext: g.ext, bytes: g.bytes };
  } else {
    made = mutate(seeds, rng, plan.mut);
  }
  const ext = rng.chance(0.08) ? rng.pick(WRONG_EXT) : made.ext;
  return { seed, index, ...made, ext, argv: cliArgs(rng) };
}
