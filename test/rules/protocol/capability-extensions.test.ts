import { capabilityExtensions } from '../../../src/rules/protocol/capability-extensions.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(capabilityExtensions, {
  valid: [
    { name: 'no extensions declared', target: erasStdio('modern'), era: 'modern' },
    { name: 'well-formed identifiers and settings objects', target: erasStdio('modern', 'good-extensions'), era: 'modern' },
    { name: 'well-formed, over Streamable HTTP', target: erasHttp('modern', 'good-extensions'), era: 'modern' },
  ],
  invalid: [
    {
      name: 'an identifier without a prefix, and settings that are not an object',
      target: erasStdio('modern', 'bad-extensions'),
      era: 'modern',
      // In the order of their locations; com.example/ok is well-formed and gets none.
      findings: [
        {
          message: 'the settings of extension "io.modelcontextprotocol/ui" are a boolean; expected an object ({} for none)',
          location: { kind: 'server', pointer: '/capabilities/extensions/io.modelcontextprotocol~1ui' },
        },
        {
          message: 'extension identifier "tasks" is not a _meta key with a prefix (such as io.modelcontextprotocol/tasks or com.example/search)',
          location: { kind: 'server', pointer: '/capabilities/extensions/tasks' },
        },
      ],
    },
  ],
});
