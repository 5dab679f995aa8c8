import { defineRule } from '../../engine/rule.js';
import { skillsSkip, skillsSpec } from './shared.js';

export const skillsResourcesDeclared = defineRule({
  id: 'skills/resources-declared',
  family: 'skills',
  description: 'A server that declares the Skills extension also declares the resources capability.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#capability-negotiation',
    quote: 'A server declaring this extension therefore MUST also declare the `resources` capability.',
  }),
  docs:
    'Every file of a skill is a resource, read with `resources/read`; a client that honours the capabilities does ' +
    'not read resources from a server that does not declare them. A server that declares ' +
    '`io.modelcontextprotocol/skills` without `capabilities.resources` is a finding.',
  check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    if (context.surface.capabilities.resources !== undefined && context.surface.capabilities.resources !== null) return;
    context.report({
      message: 'the server declares io.modelcontextprotocol/skills but not the resources capability its skill files are read through',
      location: { kind: 'server', pointer: '/capabilities/resources' },
    });
  },
});
