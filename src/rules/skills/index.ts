import { skillsDigest } from './digest.js';
import { skillsDirectoryRead } from './directory-read.js';
import { skillsEntry } from './entry.js';
import { skillsFrontmatter } from './frontmatter.js';
import { skillsGet } from './get.js';
import { skillsLimits } from './limits.js';
import { skillsList } from './list.js';
import { skillsResourcesDeclared } from './resources-declared.js';
import { skillsSize } from './size.js';
import { skillsUnknownSkill } from './unknown-skill.js';

/** The MCP Skills extension (SEP-2640), for servers that declare it in the modern era (docs/skills.md). */
export const skillsRules = [
  skillsResourcesDeclared,
  skillsList,
  skillsEntry,
  skillsLimits,
  skillsGet,
  skillsUnknownSkill,
  skillsDigest,
  skillsSize,
  skillsFrontmatter,
  skillsDirectoryRead,
] as const;
