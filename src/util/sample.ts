/**
 * An evenly spread, stable sample of a list: all of it up to `max`, else the first item and then every
 * (length / max)-th, so a large contract is sampled from end to end and the same items are picked on every run.
 * Items in `always` (the ones the user configured) are kept whatever the sample.
 */
export function evenSample<T>(items: readonly T[], max: number, always: (item: T) => boolean = () => false): Set<T> {
  if (items.length <= max) return new Set(items);
  const picked = new Set<T>(items.filter(always));
  for (let index = 0; index < max; index++) picked.add(items[Math.floor((index * items.length) / max)]!);
  return picked;
}
