import { strict as assert } from 'node:assert';
import { parseChineseNumeral, parseNumberLike } from '../../src/core/runtime/numbers';

describe('number normalisation', () => {
  const cases: Array<[string, number | null]> = [
    ['42', 42], [' 3.5 ', 3.5], ['-7', -7], ['一百', 100], ['三千五百', 3500], ['十二', 12], ['两万', 20000],
    ['一百零五', 105], ['500字左右', 500], ['约1.5万', 15000], ['2k', 2000], ['1,200', 1200], ['大约三百字', 300],
    ['abc', null], ['', null],
  ];
  for (const [text, expected] of cases) {
    it(`reads "${text}" as ${expected}`, () => assert.equal(parseNumberLike(text), expected));
  }
  it('rejects text that is not purely a Chinese numeral', () => {
    assert.equal(parseChineseNumeral('一百块'), null);
    assert.equal(parseChineseNumeral('十'), 10);
  });
});
