/**
 * The sentence a request that got no proper answer rests on (a crash, a hang, a response that is neither a result
 * nor an error): JSON-RPC 2.0, which MCP requires, owes every request a response. Shared by the rules whose own
 * sentence is about something else (a policy on the values sent, a list's shape), so such a finding cites what it
 * breaks.
 */
import { since, type RuleSpec } from '../model/spec.js';

export const ANSWERED: RuleSpec = {
  texts: since(
    '2024-11-05',
    {
      keyword: 'MUST',
      binds: 'both',
      section: 'basic/messages',
      quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
      note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification; a crash, a hang or a reply that is neither a result nor an error does not.',
    },
    { '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } },
  ),
};
