/** The spec of rules that exist only in a test: every revision quotes the same (made-up) sentence. */
import type { Keyword, RuleSpec, SpecText } from '../../src/model/spec.js';

export function testSpec(keyword: Keyword = 'none', section = 'basic/transports'): RuleSpec {
  const text: SpecText = { keyword, binds: 'server', section, quote: `a test sentence${keyword === 'none' ? '' : ` with ${keyword}`}` };
  return { texts: { '2025-11-25': text, '2025-06-18': text, '2025-03-26': text, '2024-11-05': text } };
}
