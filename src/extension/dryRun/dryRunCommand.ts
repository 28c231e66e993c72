import * as vscode from 'vscode';
import type { RunTrace } from '../../core/skills/run/runTrace';
import { showError } from '../shared/notify';
import type { RecordsHost } from '../records/recordsHost';
import type { CoreHost } from '../shared/coreHost';
import type { SkillCatalog } from '../skills/skillCatalog';
import { currentEditor, editorInput, fileInput, pickInput, pickTarget } from './dryRunPicks';
import { DryRunPanel, type DryRunPanelApi } from './dryRunPanel';
import type { DryRunInput, DryRunRequest, DryRunTarget } from './runDryRun';

/**
 * Arguments for automation (tests, keybindings, the Skills view): `skill` or `chain` names what
 * runs (neither: it is asked, "Route automatically" first); `input` is the selection, a file, a
 * cassette or a text (none: the active editor's selection or file, else it is asked).
 */
export interface DryRunSkillOptions {
  skill?: string;
  chain?: string;
  /** Route instead of naming a skill, without asking. */
  route?: boolean;
  input?: 'selection' | { file: string } | { cassette: string } | { text: string; source?: string };
}

/** What the dry-run commands need of the extension. */
export interface DryRunCommandDeps {
  host: CoreHost;
  context: vscode.ExtensionContext;
  records: RecordsHost;
  catalog: SkillCatalog;
  log: vscode.LogOutputChannel;
  revealRecords: () => Thenable<unknown>;
}

function optionsOf(arg: unknown): DryRunSkillOptions {
  if (!arg || typeof arg !== 'object' || arg instanceof vscode.Uri) return {};
  const a = arg as Record<string, unknown>;
  const input = a.input === 'selection' || (a.input && typeof a.input === 'object') ? a.input as DryRunSkillOptions['input'] : undefined;
  return {
    ...(typeof a.skill === 'string' ? { skill: a.skill } : {}), ...(typeof a.chain === 'string' ? { chain: a.chain } : {}),
    ...(a.route === true ? { route: true } : {}), ...(input ? { input } : {}),
  };
}

/** The input an option names; a message when it cannot be read. */
async function inputOf(option: NonNullable<DryRunSkillOptions['input']>): Promise<DryRunInput | string> {
  if (option === 'selection') {
    return editorInput(currentEditor()) ?? vscode.l10n.t('Open a file or select some text, then run "Dry Run Skill…" again.');
  }
  if ('cassette' in option) return { kind: 'cassette', file: option.cassette };
  if ('file' in option) return fileInput(vscode.Uri.file(option.file));
  if (option.text.trim() === '') return vscode.l10n.t('There is no text to run a skill on: select some text or open a file that has some.');
  return { kind: 'text', text: option.text, source: option.source ?? 'text', selection: false };
}

/** The cassette file a Test Explorer item, a URI or a path names. */
function cassetteFileOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.scheme === 'file' ? arg.fsPath : undefined;
  const uri = (arg as { uri?: unknown } | undefined)?.uri;
  return uri instanceof vscode.Uri && uri.scheme === 'file' ? uri.fsPath : undefined;
}

/** The dry-run panel and the commands that open it. */
export class DryRunCommands implements vscode.Disposable {
  readonly panel: DryRunPanel;

  constructor(private readonly deps: DryRunCommandDeps) {
    this.panel = new DryRunPanel({
      context: deps.context, records: deps.records, catalog: deps.catalog, log: deps.log, host: deps.host,
      extensionPath: deps.context.extensionPath, revealRecords: deps.revealRecords,
      choose: () => this.ask({}),
    });
  }

  /** Asks what is not given: the skill or chain (route first), then the input. */
  private async ask(options: DryRunSkillOptions): Promise<DryRunRequest | undefined> {
    let target: DryRunTarget | undefined = options.chain ? { kind: 'chain', name: options.chain } : options.skill ? { kind: 'skill', name: options.skill } : options.route ? { kind: 'route' } : undefined;
    if (!target) {
      const loaded = await this.deps.catalog.load();
      target = await pickTarget(loaded.skills, loaded.chains);
      if (!target) return undefined;
    }
    let input: DryRunInput | undefined;
    if (options.input) {
      const given = await inputOf(options.input);
      if (typeof given === 'string') {
        void showError(given);
        return undefined;
      }
      input = given;
    } else {
      // Named (the Skills view, automation): the editor's text when there is one, else it is asked.
      input = options.skill || options.chain ? editorInput(currentEditor()) : undefined;
      input ??= await pickInput(this.deps.context.extensionPath, target);
      if (!input) return undefined;
    }
    return { target, input };
  }

  /** "Interview Lens: Dry Run Skill…": asks what is not given, runs, and shows the panel; resolves with the trace. */
  async dryRunSkill(arg?: unknown): Promise<RunTrace | undefined> {
    const request = await this.ask(optionsOf(arg));
    return request ? this.panel.run(request) : undefined;
  }

  /** A cassette's recorded run in the panel: its input, clock and model outputs, planned against today's records. */
  async dryRunCassette(arg?: unknown): Promise<RunTrace | undefined> {
    const file = cassetteFileOf(arg);
    if (!file) {
      void showError(vscode.l10n.t('Choose a cassette (a .jsonl recording) in the Test Explorer, then run "Open in Dry-Run Panel" on it.'));
      return undefined;
    }
    return this.panel.run({ target: { kind: 'route' }, input: { kind: 'cassette', file } });
  }

  /** What the tests reach of the panel. */
  get api(): DryRunPanelApi {
    return this.panel;
  }

  dispose(): void {
    this.panel.dispose();
  }
}
