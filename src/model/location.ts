/** Where in a server's contract a finding or a drift change is. */
export const LOCATION_KINDS = ['server', 'tool', 'prompt', 'resource', 'resourceTemplate', 'transport'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export interface Location {
  kind: LocationKind;
  /** The item's name (or URI for resources), as the server sent it. */
  name?: string;
  /** JSON Pointer into the item (or into the initialize result for `server`). */
  pointer?: string;
}
