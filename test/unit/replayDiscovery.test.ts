// How the Replays controller finds cassettes (src/core/replay/cassetteDiscovery.ts, the path its
// items are built from): the built-in skills' tests first, then each workspace folder's
// recordings; a bad header or an unreadable file is listed with its error and line; a recording
// that links out of the workspace is not listed.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { discoverCassette, discoverCassettes, outlineCassetteFile, workspaceCassettes } from '../../src/core/replay/cassetteDiscovery';
import { RECORDINGS_DIR } from '../../src/core/replay';
import { ROOT, tempDir } from './helpers';

const NOTE = path.join(ROOT, 'skills', 'capture_note', 'tests', 'note-offline.jsonl');

describe('replay: discovering cassettes for the Test Explorer', () => {
  let ws: string;
  let recordings: string;
  beforeEach(() => {
    ws = tempDir('il-discover-');
    recordings = path.join(ws, RECORDINGS_DIR);
    fs.mkdirSync(recordings, { recursive: true });
  });
  afterEach(() => fs.rmSync(ws, { recursive: true, force: true }));

  it('lists the built-in skills\' tests, then the workspace\'s recordings, each with its header and call count', () => {
    fs.copyFileSync(NOTE, path.join(recordings, 'b-copy.jsonl'));
    fs.copyFileSync(NOTE, path.join(recordings, 'a-copy.jsonl'));
    fs.writeFileSync(path.join(recordings, 'notes.txt'), 'not a cassette');
    const found = discoverCassettes({ extensionPath: ROOT, workspaceFolders: [ws] });
    const builtIns = found.filter((d) => d.builtIn);
    assert.ok(builtIns.length >= 6, `${builtIns.length} built-in tests`);
    assert.ok(builtIns.every((d) => d.file.startsWith(path.join(ROOT, 'skills') + path.sep) && d.summary), 'every built-in test has a header');
    assert.deepEqual(found.slice(builtIns.length).map((d) => [path.basename(d.file), d.builtIn]), [['a-copy.jsonl', false], ['b-copy.jsonl', false]]);
    const copy = found[builtIns.length];
    const lines = fs.readFileSync(NOTE, 'utf8').trim().split('\n');
    assert.equal(copy.summary!.header.skill, 'capture_note');
    assert.equal(copy.summary!.calls, lines.length - 1);
    assert.equal(copy.summary!.headerLine, 1);
  });

  it('a cassette with a bad header is listed with the error at its line; one that cannot be read says so', () => {
    const bad = path.join(recordings, 'bad.jsonl');
    fs.writeFileSync(bad, '\n\n{"type":"call"}\n');
    const d = discoverCassette(bad, ROOT);
    assert.equal(d.summary, undefined);
    assert.equal(d.error?.line, 3);
    assert.match(d.error!.message, /line 3: the first line must be the header/);
    const gone = discoverCassette(path.join(recordings, 'gone.jsonl'), ROOT);
    assert.match(gone.error!.message, /cannot read cassette .*gone\.jsonl/);
    assert.ok('error' in outlineCassetteFile(bad));
    const outline = outlineCassetteFile(NOTE);
    assert.ok(!('error' in outline) && outline.calls.length === fs.readFileSync(NOTE, 'utf8').trim().split('\n').length - 1);
  });

  it('a recording that is a link out of the workspace is not listed', function () {
    if (process.platform === 'win32') this.skip();
    const outside = tempDir('il-outside-');
    try {
      fs.copyFileSync(NOTE, path.join(outside, 'secret.jsonl'));
      fs.symlinkSync(path.join(outside, 'secret.jsonl'), path.join(recordings, 'linked.jsonl'));
      fs.copyFileSync(NOTE, path.join(recordings, 'own.jsonl'));
      assert.deepEqual(workspaceCassettes(ws).map((f) => path.basename(f)), ['own.jsonl']);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
