import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let sqlPromise: Promise<SqlJsStatic> | undefined;
let loaded: SqlJsStatic | undefined;

/** Finds sql-wasm.wasm next to the bundle (dist/) or in node_modules (tests, source runs). */
function locateWasm(explicit?: string): string {
  const candidates = [explicit, path.join(__dirname, 'sql-wasm.wasm')].filter(Boolean) as string[];
  for (const c of candidates) if (fs.existsSync(c)) return c;
  try {
    return require.resolve('sql.js/dist/sql-wasm.wasm');
  } catch {
    throw new Error(`sql-wasm.wasm not found (looked in ${candidates.join(', ')}); rebuild with "npm run build"`);
  }
}

/** Loads sql.js once per process (history and the knowledge index share it). */
export function loadSql(wasmPath?: string): Promise<SqlJsStatic> {
  if (!sqlPromise) {
    const file = locateWasm(wasmPath);
    const wasmBinary = fs.readFileSync(file);
    sqlPromise = initSqlJs({ wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer })
      .then((SQL) => (loaded = SQL));
  }
  return sqlPromise;
}

/** sql.js if it has been loaded, for code that must stay synchronous (knowledge search). */
export function loadedSql(): SqlJsStatic | undefined {
  return loaded;
}
