import { defineRule } from '../../engine/rule.js';
import { quote } from '../../util/text.js';
import { judgedFiles, skillLocation, skillsSkip, skillsSpec } from './shared.js';

export const skillsSize = defineRule({
  id: 'skills/size',
  family: 'skills',
  description: 'Each file a skill lists (up to resources.max_reads) is as many bytes as the size the entry gives.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#resources',
    quote: "Each entry MUST carry `size`, the length in bytes of the file's raw content (the same bytes the `digest` covers).",
  }),
  docs:
    "A read whose length differs from the entry's `size` fails a host's verification like a wrong digest, and " +
    'hosts check the 16 MiB limit per skill from the sizes alone. mcpact judges the files skills/digest reads: a ' +
    'file whose bytes hash to the listed digest but whose length is not the listed `size` is a finding, which is ' +
    'how a size counted in characters instead of UTF-8 bytes shows. Where the digest differs too, the content ' +
    'itself is not what the entry describes: that is one finding, of skills/digest.',
  async check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const { judged, undecided } = await judgedFiles(context);
    if (judged.length + undecided.length === 0) return context.skip('no file a skill lists could be read');
    for (const { skill, index, file, bytes, digest } of judged) {
      if (digest !== file.digest || bytes.length === file.size) continue;
      context.report({
        message: `skill ${quote(skill.uri, 100)}: ${quote(file.uri, 100)} is ${bytes.length} bytes, but the entry gives size ${file.size}`,
        location: skillLocation(skill.uri, `/resources/${index}/size`),
        data: { file: file.uri, listedSize: file.size, bytes: bytes.length },
      });
    }
    if (undecided.length > 0) context.inconclusive(`${undecided.length} files not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
