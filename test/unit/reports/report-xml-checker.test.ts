import { describe, expect, it } from 'vitest';
import { checkXml } from '../../support/report-xml.js';

describe('the test well-formedness checker itself', () => {
  it.each([
    ['<a><b/><c x="1">t &amp; u</c></a>', true],
    ['<!DOCTYPE html>\n<html><p>x</p></html>', true],
    ['<a><b></a></b>', false],
    ['<a><br></a>', false],
    ['<a>AT&T</a>', false],
    ['<a>&nbsp;</a>', false],
    ['<a x=1></a>', false],
    ['<a x="1" x="2"></a>', false],
    ['<a></a><b></b>', false],
    ['<a>1 < 2</a>', false],
  ])('%s well-formed: %s', (doc, ok) => {
    expect(checkXml(doc).errors.length === 0).toBe(ok);
  });
  it('decodes text', () => {
    expect(checkXml('<a>x &lt; y &#38; <b>&#x2713;</b></a>').text).toBe('x < y & ✓');
  });
});
