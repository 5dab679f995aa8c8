/** What the MCP Apps rules share: the texts of the extension, the links they judge, and the read of each. */
import { resourceLimits } from '../../config/resources.js';
import type { RuleContext } from '../../engine/rule.js';
import { capped, declaresUiExtension, sharedRead, uiLinks, type ResourceRead, type UiLink } from '../../exercise/resources.js';
import type { Location } from '../../model/location.js';
import { since, type RuleSpec, type SpecText } from '../../model/spec.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { truncate } from '../../util/text.js';

/** A rule resting on the MCP Apps specification: the same sentence whatever MCP revision was negotiated. */
export function uiSpec(text: SpecText): RuleSpec {
  return { extension: 'io.modelcontextprotocol/ui', texts: since('2024-11-05', text) };
}

export function toolLocation(tool: string, pointer = '/_meta/ui'): Location {
  return { kind: 'tool', name: truncate(tool, 200), pointer };
}

/** Why a UI rule does not apply, or undefined when some tool carries MCP Apps metadata. */
export function uiSkip(context: RuleContext): string | undefined {
  if (uiLinks(context.surface).length > 0) return undefined;
  return declaresUiExtension(context.surface)
    ? 'the server declares io.modelcontextprotocol/ui, but no tool carries _meta.ui (a server may show UI tools only to hosts that offer the extension, which mcpact does not)'
    : 'no tool carries MCP Apps metadata (_meta.ui)';
}

export interface LinkedRead {
  link: UiLink & { uri: string };
  read: ResourceRead;
}

/** The reads of the UI resources tools link with a string URI, up to max_reads, in tool order. */
export async function linkedReads(context: RuleContext): Promise<{ reads: LinkedRead[]; left: number }> {
  const links = uiLinks(context.surface).filter((link): link is UiLink & { uri: string } => typeof link.uri === 'string');
  const { taken, left } = capped(links, resourceLimits(context.settings.resources).maxReads);
  const reads = await Promise.all(taken.map(async (link) => ({ link, read: await sharedRead(context, link.uri) })));
  return { reads, left };
}

/** The contents items of a UI read that stand for the linked resource: those with its URI, else all of them. */
export function uiItems(entry: LinkedRead): { index: number; item: JsonRecord }[] {
  const all = (entry.read.contents ?? []).flatMap((raw, index) => {
    const item = asRecord(raw);
    return item === undefined ? [] : [{ index, item }];
  });
  const own = all.filter(({ item }) => item.uri === entry.link.uri);
  return own.length > 0 ? own : all;
}

/** A media type as the extension names it: `text/html;profile=mcp-app`, spaces, case and quoting aside. */
export function isMcpAppMimeType(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const [essence, ...params] = value.split(';').map((part) => part.trim());
  if (essence?.toLowerCase() !== 'text/html') return false;
  return params.some((param) => {
    const [name, raw] = param.split('=').map((part) => part.trim());
    return name?.toLowerCase() === 'profile' && raw?.replace(/^"(.*)"$/, '$1') === 'mcp-app';
  });
}
