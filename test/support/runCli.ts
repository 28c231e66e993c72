/** The CLI run in this process (mock servers share its event loop), from a folder, with its output collected. */
import * as path from 'node:path';
import { run } from '../../src/cli/main';

export async function runCliIn(cwd: string, env: Record<string, string>, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const status = await run(args, { stdout: (s) => out.push(s), stderr: (s) => err.push(s), env: { INTERVIEW_LENS_HOME: path.join(cwd, 'home'), ...env } });
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.chdir(before);
  }
}
