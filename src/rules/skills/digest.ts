import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { capNote, judgedFiles, skillLocation, skillsSkip, skillsSpec } from './shared.js';

export const skillsDigest = defineRule({
  id: 'skills/digest',
  family: 'skills',
  description: 'Each file a skill lists (up to resources.max_reads) reads, through resources/read, to bytes whose SHA-256 is the digest the entry gives.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'SCHEMA',
    binds: 'server',
    section: 'skills#integrity-and-verification',
    quote: "Each `SkillResource` in a skill's `resources` carries the digest of the file at its `uri`.",
    note: "What the field holds, as the section's TypeScript declares it too: SkillResource.digest is the SHA-256 digest of the file's raw bytes, formatted as sha256:{hex}.",
  }),
  docs:
    'A host verifies every skill file it reads against the digest and size of the entry, and refuses content that ' +
    'does not match. mcpact reads the files the well-formed entries of skills/list name, in order, up to ' +
    '`resources.max_reads` (default 20), each with `resources/read`, and hashes the raw bytes: the text as UTF-8, a ' +
    'blob decoded from base64. A digest that differs is a finding on the skill, whether or not the size agrees ' +
    '(one cause: the content is not what the entry describes), and so is a listed file the server will not read ' +
    '(an error answer). A read bigger than `resources.max_bytes` is not hashed, and a read with no answer is not ' +
    'judged: both are said in the result. A size that is wrong while the digest is right is skills/size. Skills ' +
    'whose `resources` is `"dynamic"` publish no digests and are not read.',
  async check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const { judged, failed, undecided, left } = await judgedFiles(context);
    if (judged.length + failed.length + undecided.length === 0) return context.skip('skills/list lists no file with a digest');
    const note = capNote(left, 'files');
    if (note !== undefined) context.note(note);
    for (const { skill, index, file, read } of failed)
      context.report({
        message: `skill ${quote(skill.uri, 100)} lists ${quote(file.uri, 100)}, but resources/read of it answered ${describeOutcome(read.outcome)}: no content matches its digest`,
        location: skillLocation(skill.uri, `/resources/${index}`),
        answer: answerOf(read.outcome),
        data: { file: file.uri, outcome: read.outcome.kind },
      });
    for (const { skill, index, file, bytes, digest } of judged) {
      if (digest === file.digest) continue;
      const sizes = bytes.length === file.size ? `the size agrees, ${file.size} bytes` : `${bytes.length} bytes where the entry says ${file.size}`;
      context.report({
        message: `skill ${quote(skill.uri, 100)}: ${quote(file.uri, 100)} reads to bytes whose SHA-256 is not the listed digest (${sizes})`,
        location: skillLocation(skill.uri, `/resources/${index}/digest`),
        data: { file: file.uri, listed: file.digest, computed: digest, listedSize: file.size, bytes: bytes.length },
      });
    }
    if (undecided.length > 0) context.inconclusive(`${undecided.length} files not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
