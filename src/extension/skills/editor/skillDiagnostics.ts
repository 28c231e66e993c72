import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { problemMessageZh } from '../../../core/skills/manifest/problemMessageZh';
import { validateChainManifest, validateSkillManifest, type LoadedSkills, type ManifestProblem } from '../../../core/skills/manifest';
import { manifestKindOf, toZeroBased, type ManifestKind } from '../../../core/skills/editor';
import { leaveSchemaProblemsToRedHat, SCHEMA_LEVEL_CODES, yamlValidationGlobs, type RedHatState } from '../../../core/skills/editor/redHatYaml';
import { checkActionParamsSchema, checkTemplateSyntax } from '../../../core/skills/run/manifestChecks';
import type { SkillCatalog } from '../skillCatalog';

/** Red Hat's YAML extension, which validates skill.yaml against our schema through package.json's yamlValidation. */
export const REDHAT_YAML = 'redhat.vscode-yaml';

/** How long typing must pause before a document is checked again. */
const DEBOUNCE_MS = 250;

/** A problem's range as a VS Code Range (problems.ts: 1-based, end column exclusive). */
export function toVscodeRange(p: { line: number; column: number; endLine: number; endColumn: number }): vscode.Range {
  const r = toZeroBased(p);
  return new vscode.Range(r.startLine, r.startCharacter, r.endLine, r.endCharacter);
}

/**
 * Checks skill.yaml and *.chain.yaml documents as they are typed (debounced) and lists the
 * problems in the Problems panel. Keeps every problem of the last check of each document for
 * the quick fixes, including those left to Red Hat's extension.
 */
export class SkillDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('interviewLens.skills');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly checked = new Map<string, { version: number; problems: ManifestProblem[] }>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private loaded: LoadedSkills | undefined;
  private loading: Promise<void> | undefined;
  private folders: string[] = [];
  /** Set by dispose: a catalog load still in flight then checks nothing. */
  private disposed = false;

  private readonly globs: RedHatState['globs'];

  /** `packageJson`: this extension's manifest, whose yamlValidation says which files Red Hat's extension checks. */
  constructor(private readonly catalog: SkillCatalog, packageJson: unknown) {
    this.globs = yamlValidationGlobs(packageJson);
    this.folders = catalog.folders();
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document)),
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (this.kindOf(d)) void this.reloadCatalog();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      vscode.workspace.onDidDeleteFiles((e) => e.files.forEach((u) => this.forgetUnder(u))),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('interviewLens.skills.paths') || e.affectsConfiguration('interviewLens.skills.dir')) void this.reloadCatalog();
        else if (e.affectsConfiguration('yaml.validate')) this.checkAll();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.reloadCatalog()),
      // Red Hat's extension installed or removed: what we leave to it changes.
      vscode.extensions.onDidChange(() => this.checkAll()),
    );
    this.checkAll();
    void this.reloadCatalog();
  }

  /** What kind of manifest a document is, or undefined when the skill editor leaves it alone. */
  kindOf(doc: vscode.TextDocument): ManifestKind | undefined {
    if (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled') return undefined;
    return manifestKindOf(doc.uri.fsPath, this.folders);
  }

  /** The skills of the workspace as last loaded (for chain completion). */
  skills(): LoadedSkills['skills'] {
    return this.loaded?.skills ?? [];
  }

  /** Every problem of the document's last check (none when it was not checked). */
  problemsOf(doc: vscode.TextDocument): ManifestProblem[] {
    const c = this.checked.get(doc.uri.toString());
    if (!c || c.version !== doc.version) this.check(doc);
    return this.checked.get(doc.uri.toString())?.problems ?? [];
  }

  /** Loads the catalog again (other skills' keywords and names), then checks the open documents again. */
  reloadCatalog(): Promise<void> {
    this.folders = this.catalog.folders();
    const run = this.catalog.load().then((l) => {
      this.loaded = l;
    }, () => undefined).then(() => {
      if (!this.disposed) this.checkAll();
    });
    this.loading = run;
    return run;
  }

  /** Resolves when the catalog load started last has finished (tests wait on it). */
  ready(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  private checkAll(): void {
    for (const d of vscode.workspace.textDocuments) this.check(d);
  }

  private schedule(doc: vscode.TextDocument): void {
    if (!this.kindOf(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      if (!doc.isClosed) this.check(doc);
    }, DEBOUNCE_MS));
  }

  /** Checks a document now and shows its problems. */
  check(doc: vscode.TextDocument): void {
    if (this.disposed) return;
    const kind = this.kindOf(doc);
    if (!kind) return;
    const problems = this.validate(doc, kind);
    this.checked.set(doc.uri.toString(), { version: doc.version, problems });
    const shown = this.leftToRedHat(doc, kind) ? problems.filter((p) => !SCHEMA_LEVEL_CODES.has(p.code)) : problems;
    this.collection.set(doc.uri, shown.map((p) => this.toDiagnostic(p)));
  }

  /** Whether Red Hat's extension reports this document's schema-level problems (then we do not). */
  leftToRedHat(doc: vscode.TextDocument, kind: ManifestKind): boolean {
    return leaveSchemaProblemsToRedHat(doc.uri.scheme === 'file' ? doc.uri.fsPath : undefined, kind, {
      installed: !!vscode.extensions.getExtension(REDHAT_YAML),
      validates: vscode.workspace.getConfiguration('yaml').get<boolean>('validate', true) !== false,
      globs: this.globs,
    });
  }

  private validate(doc: vscode.TextDocument, kind: ManifestKind): ManifestProblem[] {
    const file = doc.uri.fsPath;
    const text = doc.getText();
    const others = (this.loaded?.skills ?? []).filter((s) => path.resolve(s.file) !== path.resolve(file));
    let problems: ManifestProblem[];
    if (kind === 'skill') {
      const dir = path.dirname(file);
      let folderFiles: string[] | undefined;
      if (doc.uri.scheme === 'file') {
        try {
          folderFiles = fs.readdirSync(dir);
        } catch {
          folderFiles = undefined;
        }
      }
      problems = validateSkillManifest(text, file, {
        folderName: path.basename(dir), folderFiles, checkTemplate: checkTemplateSyntax, checkActionParams: checkActionParamsSchema,
        otherSkills: others.map((s) => ({ name: s.name, file: s.file, keywords: s.manifest?.match?.keywords ?? [] })),
      }).problems;
    } else {
      problems = validateChainManifest(text, file, { checkTemplate: checkTemplateSyntax }).problems;
    }
    // Duplicate names are a fact about the folders, known from the last load.
    const same = [...(this.loaded?.skills ?? []), ...(this.loaded?.chains ?? [])].filter((s) => path.resolve(s.file) === path.resolve(file));
    for (const s of same) problems.push(...s.problems.filter((p) => p.code === 'duplicate-skill' || p.code === 'duplicate-chain'));
    return problems;
  }

  private toDiagnostic(p: ManifestProblem): vscode.Diagnostic {
    // In a Chinese UI the problem is said in Chinese (from its code and data), else as the core wrote it.
    const message = vscode.env.language.toLowerCase().startsWith('zh') ? problemMessageZh(p) ?? p.message : p.message;
    const d = new vscode.Diagnostic(toVscodeRange(p), message, p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
    d.source = vscode.l10n.t('Interview Lens skills');
    d.code = p.code;
    return d;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.checked.delete(key);
    this.collection.delete(uri);
  }

  private forgetUnder(uri: vscode.Uri): void {
    const prefix = uri.toString();
    const gone: vscode.Uri[] = [];
    this.collection.forEach((u) => {
      if (u.toString() === prefix || u.toString().startsWith(prefix + '/')) gone.push(u);
    });
    gone.forEach((u) => this.forget(u));
    void this.reloadCatalog();
  }

  dispose(): void {
    this.disposed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.subscriptions.forEach((s) => s.dispose());
    this.collection.dispose();
  }
}
