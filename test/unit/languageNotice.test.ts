import { strict as assert } from 'node:assert';
import { staleReportLanguage } from '../../src/core/diagnosis/report/languageNotice';

describe('a stored report in another language than a new one would be', () => {
  it('names the language a re-run would write, and nothing when the report is already in it', () => {
    assert.equal(staleReportLanguage({ language: 'en', transcriptLanguage: 'zh' }, 'zh'), 'zh', 'English report, Chinese UI');
    assert.equal(staleReportLanguage({ language: 'zh', transcriptLanguage: 'zh' }, 'en'), 'en');
    assert.equal(staleReportLanguage({ language: 'en', transcriptLanguage: 'zh' }, 'transcript'), 'zh', 'reportLanguage = transcript');
    assert.equal(staleReportLanguage({ language: 'zh', transcriptLanguage: 'zh' }, 'transcript'), undefined);
    assert.equal(staleReportLanguage({ language: 'en', transcriptLanguage: 'en' }, 'en'), undefined);
  });
});
