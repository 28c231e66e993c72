// Test-only extension, installed beside Interview Lens by test/vscode/run.mjs.
// code-server rejects --extensionTestsPath, so this runs the suite on activation instead:
// IL_TEST_ENTRY names a module exporting run() (the same contract @vscode/test-electron uses);
// the module writes its results to IL_TEST_RESULTS, where the launcher reads them.
const fs = require('fs');

exports.activate = function activate() {
  const entry = process.env.IL_TEST_ENTRY;
  const results = process.env.IL_TEST_RESULTS;
  if (!entry || !results) return;
  // Let the workbench finish restoring editors before tests start opening their own.
  setTimeout(() => {
    Promise.resolve()
      .then(() => require(entry).run())
      .catch((err) => {
        if (!fs.existsSync(results)) {
          fs.writeFileSync(results, JSON.stringify({ passed: 0, failed: 1, tests: [], fatal: String((err && err.stack) || err) }));
        }
      });
  }, 1000);
};

exports.deactivate = function deactivate() {};
