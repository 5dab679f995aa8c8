import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { paramHeadersOf } from '../../connect/param-headers.js';
import { itemLocation, items } from '../../surface/items.js';

export const toolXMcpHeader = defineRule({
  id: 'schema/tool-x-mcp-header',
  family: 'schema',
  needs: ['tools'],
  description:
    "A tool's x-mcp-header annotations (2026-07-28) name distinct HTTP header tokens, on integer, string or boolean parameters reached through properties alone.",
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'server/tools#x-mcp-header',
      quote: 'Constraints on `x-mcp-header` values: … MUST only be applied to parameters with primitive types (integer, string, boolean).',
      note: 'The same list requires a non-empty RFC 9110 token, case-insensitively unique in the inputSchema, on a property statically reachable from the schema root through properties keys only.',
    }),
  },
  docs:
    'In 2026-07-28 a tool may mark parameters with `x-mcp-header: Name`, and a client over Streamable HTTP then ' +
    'mirrors their values into `Mcp-Param-Name` headers of every `tools/call`, so proxies and load balancers can ' +
    'route on them. A client over Streamable HTTP must drop a tool whose annotations break the rules from its ' +
    '`tools/list`, so the tool silently disappears for agents that reach the server that way. The value must be a ' +
    "non-empty header token (RFC 9110 `1*tchar`: letters, digits and `!#$%&'*+-.^_`|~`), unique in the schema " +
    'regardless of case, on a parameter of type `integer`, `string` or `boolean` (not `number`), reached from the ' +
    'root through `properties` keys only (not under `items`, `oneOf`, `anyOf`, `allOf`, `not`, `if`/`then`/`else`, ' +
    '`$defs` or beside `$ref`). mcpact itself sends the headers of valid annotations on every call it makes over ' +
    'Streamable HTTP.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      const declared = paramHeadersOf(item.record?.inputSchema);
      if (declared.kind !== 'invalid') continue;
      const [first, ...rest] = declared.problems as [string, ...string[]];
      report({
        message: `${first}${rest.length > 0 ? ` (and ${rest.length} more)` : ''}; HTTP clients MUST drop a tool whose x-mcp-header annotations are invalid`,
        location: itemLocation(surface, 'tools', item, '/inputSchema'),
        data: { problems: declared.problems },
        cause: 'invalid x-mcp-header',
      });
    }
  },
});
