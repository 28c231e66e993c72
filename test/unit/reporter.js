// Mocha's spec reporter, plus a JSON summary the VS Code launcher adds to the closing
// "N passed, N failed" line of `npm test` (so CI counts unit and VS Code tests together).
const fs = require('fs');
const path = require('path');
const Mocha = require('mocha');

class SpecWithSummary extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const dir = path.resolve(__dirname, '..', '..', '.vscode-test');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'unit-summary.json'), JSON.stringify({ passed: runner.stats.passes, failed: runner.stats.failures }));
    });
  }
}

module.exports = SpecWithSummary;
