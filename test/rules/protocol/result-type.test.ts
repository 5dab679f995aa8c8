import { resultType } from '../../../src/rules/protocol/result-type.js';
import { erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(resultType, {
  valid: [{ name: 'modern-only SDK 2.x server', target: erasStdio('modern'), era: 'modern' }],
  invalid: [
    {
      name: 'results without resultType',
      target: erasStdio('modern', 'no-result-type'),
      era: 'modern',
      findings: [
        { message: 'prompts/list: 1 of 1 page without resultType' },
        { message: 'resources/list: 1 of 1 page without resultType' },
        { message: 'resources/read result without resultType' },
        { message: 'resources/templates/list: 1 of 1 page without resultType' },
        { message: 'server/discover result without resultType' },
        { message: 'tools/list: 1 of 1 page without resultType' },
      ],
    },
    {
      name: 'a list page that claims to need input',
      target: erasStdio('modern', 'list-input-required'),
      era: 'modern',
      findings: [
        {
          message: 'tools/list answered with resultType "input_required"; only prompts/get, resources/read and tools/call may ask for more input',
          data: { method: 'tools/list', resultType: 'input_required' },
        },
      ],
    },
  ],
});
