import { resultType } from '../../../src/rules/protocol/result-type.js';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(resultType, {
  valid: [
    { name: 'modern-only SDK 2.x server', target: erasStdio('modern'), era: 'modern', alongside: [validInput] },
    {
      name: 'a tool and a resource that ask for input with resultType',
      target: erasStdio('modern', 'tool-input-required'),
      era: 'modern',
      alongside: [validInput],
    },
    { name: 'a resource that asks for input with resultType', target: erasStdio('modern', 'resource-input-required'), era: 'modern' },
    // tools/call results are judged only when a rule that calls tools runs (the calls are theirs).
    { name: 'tools/call not judged without a tools rule that calls', target: erasStdio('modern', 'tool-input-no-result-type'), era: 'modern' },
  ],
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
      name: 'tool results without resultType',
      target: erasStdio('modern', 'no-result-type'),
      era: 'modern',
      alongside: [validInput],
      findings: [
        { message: 'prompts/list: 1 of 1 page without resultType' },
        { message: 'resources/list: 1 of 1 page without resultType' },
        { message: 'resources/read result without resultType' },
        { message: 'resources/templates/list: 1 of 1 page without resultType' },
        { message: 'server/discover result without resultType' },
        { message: 'tools/list: 1 of 1 page without resultType' },
        {
          message: 'tools/call of "add": 1 of 1 result without resultType',
          location: { kind: 'tool', name: 'add' },
          data: { method: 'tools/call', missing: 1 },
        },
        // forecast's two results too: one cause, one finding (engine/merge.ts).
        { message: 'tools/call of "echo": 2 of 2 results without resultType', count: 2 },
      ],
    },
    {
      name: 'a tool answering inputRequests without resultType',
      target: erasStdio('modern', 'tool-input-no-result-type'),
      era: 'modern',
      alongside: [validInput],
      findings: [
        {
          message:
            'tools/call of "team_status" answered with inputRequests but no resultType; a client MUST treat an absent resultType as "complete", so the input is never given',
          location: { kind: 'tool', name: 'team_status' },
          data: { method: 'tools/call', tool: 'team_status', missing: 2 },
        },
      ],
    },
    {
      name: 'a resource answering inputRequests without resultType',
      target: erasStdio('modern', 'resource-input-no-result-type'),
      era: 'modern',
      findings: [
        {
          message:
            'resources/read answered with inputRequests but no resultType; a client MUST treat an absent resultType as "complete", so the input is never given',
        },
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
