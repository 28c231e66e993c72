// npm run kb:check — validates knowledge/*.yaml against knowledge/schema.json (every problem,
// with file, entry and field), checks unique ids and follow-up links, and prints the coverage
// per dimension and language. Exit 1 on any problem. Usage: kb-check [FOLDER ...]
import * as path from 'node:path';
import { readKnowledgeDir } from '../src/core/diagnosis/knowledge/loader';
import { CATEGORIES } from '../src/core/diagnosis/knowledge/types';

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [path.resolve(__dirname, '..', 'knowledge')];
let failed = false;
for (const dir of dirs) {
  const { items, errors } = readKnowledgeDir(dir);
  for (const e of errors) console.error(`✘ ${e}`);
  failed ||= errors.length > 0;
  const zh = items.filter(({ item }) => item.zh).length;
  const en = items.filter(({ item }) => item.en).length;
  console.log(`${dir}: ${items.length} entries (${zh} in Chinese, ${en} in English), ${errors.length} problem(s)`);
  for (const c of CATEGORIES) {
    const n = items.filter(({ item }) => item.dimension === c).length;
    console.log(`  ${c.padEnd(17)} ${String(n).padStart(3)}`);
  }
}
process.exitCode = failed ? 1 : 0;
