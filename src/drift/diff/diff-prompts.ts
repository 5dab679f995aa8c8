/**
 * Prompt changes: title, description, and the arguments in declared order. A removed argument and an added one
 * that look alike (the same description, or names a few edits apart such as `user_id` / `userId`) are reported
 * as one rename rather than a removal and an addition.
 */
import { editDistance } from '../../util/did-you-mean.js';
import { quote } from '../../util/text.js';
import { at, wordingChange, type Change } from './change.js';
import { sameText } from './text-form.js';
import type { LockedArgument, LockedPrompt } from '../lockfile/lockfile.js';

export function diffPrompt(base: LockedPrompt, rev: LockedPrompt, out: Change[]): void {
  const name = rev.name;
  const title = wordingChange('prompt-title-changed', at('prompt', name, '/title'), base.title, rev.title);
  if (title) out.push(title);
  const description = wordingChange('prompt-description-changed', at('prompt', name, '/description'), base.description, rev.description);
  if (description) out.push(description);
  diffArguments(name, base.arguments, rev.arguments, out);
}

interface Indexed {
  arg: LockedArgument;
  index: number;
}

function diffArguments(name: string, base: LockedArgument[], rev: LockedArgument[], out: Change[]): void {
  const baseByName = firstByName(base);
  const revByName = firstByName(rev);
  const removed = [...baseByName.values()].filter(({ arg }) => !revByName.has(arg.name));
  const added = [...revByName.values()].filter(({ arg }) => !baseByName.has(arg.name));
  const renamed = renames(removed, added);
  const pairedFrom = new Set(renamed.map(([from]) => from.arg.name));
  const pairedTo = new Set(renamed.map(([, to]) => to.arg.name));

  for (const [from, to] of renamed) {
    out.push({
      id: 'prompt-argument-renamed',
      location: at('prompt', name, `/arguments/${to.index}`),
      reason: `argument ${quote(from.arg.name, 40)} looks renamed to ${quote(to.arg.name, 40)}`,
      data: { from: from.arg.name, to: to.arg.name },
    });
  }
  for (const { arg, index } of removed.filter(({ arg }) => !pairedFrom.has(arg.name))) {
    out.push({
      id: 'prompt-argument-removed',
      location: at('prompt', name, `/arguments/${index}`),
      reason: `argument ${quote(arg.name, 40)} was removed`,
      data: { argument: arg.name },
    });
  }
  for (const { arg, index } of added.filter(({ arg }) => !pairedTo.has(arg.name))) {
    out.push({
      id: arg.required ? 'prompt-argument-added-required' : 'prompt-argument-added-optional',
      location: at('prompt', name, `/arguments/${index}`),
      reason: `${arg.required ? 'required' : 'optional'} argument ${quote(arg.name, 40)} was added`,
      data: { argument: arg.name },
    });
  }
  for (const { arg: after, index } of revByName.values()) {
    const before = baseByName.get(after.name)?.arg;
    if (before === undefined) continue;
    const label = `argument ${quote(after.name, 40)}`;
    if (before.required !== after.required) {
      out.push({
        id: after.required ? 'prompt-argument-now-required' : 'prompt-argument-now-optional',
        location: at('prompt', name, `/arguments/${index}/required`),
        reason: `${label} is now ${after.required ? 'required' : 'optional'}`,
        data: { argument: after.name },
      });
    }
    const item = { data: { argument: after.name } };
    const description = wordingChange(
      'prompt-argument-description-changed',
      at('prompt', name, `/arguments/${index}/description`),
      before.description,
      after.description,
      { ...item, label: `${label} description` },
    );
    if (description) out.push(description);
    const title = wordingChange('prompt-title-changed', at('prompt', name, `/arguments/${index}/title`), before.title, after.title, {
      ...item,
      label: `${label} title`,
    });
    if (title) out.push(title);
  }
  const baseOrder = base.map((arg) => arg.name).filter((arg, index) => revByName.has(arg) && baseByName.get(arg)?.index === index);
  const revOrder = rev.map((arg) => arg.name).filter((arg, index) => baseByName.has(arg) && revByName.get(arg)?.index === index);
  if (baseOrder.join('\u0000') !== revOrder.join('\u0000')) {
    out.push({
      id: 'prompt-arguments-reordered',
      location: at('prompt', name, '/arguments'),
      reason: `argument order changed from ${listed(baseOrder)} to ${listed(revOrder)}`,
      data: { before: baseOrder, after: revOrder },
    });
  }
}

/** The first argument of each name (a duplicate name is a schema finding, not a drift). */
function firstByName(args: LockedArgument[]): Map<string, Indexed> {
  const byName = new Map<string, Indexed>();
  args.forEach((arg, index) => {
    if (!byName.has(arg.name)) byName.set(arg.name, { arg, index });
  });
  return byName;
}

/** Pairs each removed argument with the first unpaired added one that shares its description, else its look. */
function renames(removed: Indexed[], added: Indexed[]): [Indexed, Indexed][] {
  const pairs: [Indexed, Indexed][] = [];
  const taken = new Set<string>();
  for (const from of removed) {
    const free = added.filter((to) => !taken.has(to.arg.name));
    const to =
      free.find(
        (candidate) =>
          from.arg.description !== undefined &&
          from.arg.description.trim() !== '' &&
          candidate.arg.description !== undefined &&
          sameText(candidate.arg.description, from.arg.description),
      ) ?? free.find((candidate) => similarNames(from.arg.name, candidate.arg.name));
    if (to === undefined) continue;
    taken.add(to.arg.name);
    pairs.push([from, to]);
  }
  return pairs;
}

function similarNames(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/[^a-z0-9]/g, '');
  const y = b.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (x === '' || y === '') return false;
  if (x === y) return true;
  const shorter = Math.min(x.length, y.length);
  if (shorter >= 3 && (x.includes(y) || y.includes(x))) return true;
  return editDistance(x, y) <= Math.max(1, Math.floor(shorter / 3));
}

function listed(names: string[]): string {
  const shown = names
    .slice(0, 6)
    .map((name) => quote(name, 30))
    .join(', ');
  return names.length > 6 ? `${shown}, …` : shown;
}
