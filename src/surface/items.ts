/**
 * A uniform view of captured list items for rules: the raw item, its position, and the name (or URI) that
 * identifies it in findings. Items that are not objects are still listed, so shape rules can report them.
 */
import { asRecord, type JsonRecord } from '../util/json.js';
import { truncate } from '../util/text.js';
import type { ListKind, Surface } from './types.js';
import type { Location } from '../model/location.js';

export interface Item {
  index: number;
  /** The item when it is a JSON object, else undefined. */
  record: JsonRecord | undefined;
  raw: unknown;
  /** What identifies the item in findings: its name (tools, prompts, templates) or URI (resources). */
  label: string;
}

/** A hostile server may send megabyte names; findings carry a bounded label (the full value stays in the item). */
const LABEL_LIMIT = 200;

const IDENTITY: Record<ListKind, string> = {
  tools: 'name',
  prompts: 'name',
  resources: 'uri',
  resourceTemplates: 'uriTemplate',
};

export function items(surface: Surface, kind: ListKind): Item[] {
  return surface.lists[kind].items.map((raw, index) => {
    const record = asRecord(raw);
    // An item missing its identity (a resource without uri) is still best named by its name.
    const identity = record?.[IDENTITY[kind]] ?? record?.name;
    return { index, record, raw, label: typeof identity === 'string' ? truncate(identity, LABEL_LIMIT) : `#${index}` };
  });
}

/** Location of an item (or of a pointer inside it) for a finding. */
export function itemLocation(surface: Surface, kind: ListKind, item: Item, pointer?: string): Location {
  const location: Location = { kind: surface.lists[kind].spec.location, name: item.label };
  if (pointer !== undefined) location.pointer = pointer;
  return location;
}
