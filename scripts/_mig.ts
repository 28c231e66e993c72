import * as fs from 'node:fs';
import { migrateSkillText } from '../src/core/manifest/specForm';
for (const f of process.argv.slice(2)) { const t = fs.readFileSync(f,'utf8'); const r = migrateSkillText(t); if (r.text !== t) { fs.writeFileSync(f, r.text); console.log(f, r.findings.length); } }
