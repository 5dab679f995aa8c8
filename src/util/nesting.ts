/**
 * The nesting bound on everything a server sends, applied where a message is parsed, before anything walks it.
 * JSON.parse accepts any depth, but JSON.stringify overflows the stack near 5,000 levels, Ajv's meta-schema check
 * near 1,000 and every recursive walk somewhere in between, so one deep value anywhere in a message (a log
 * notification's data, a `_meta`) used to crash whatever touched it first. Honest messages stay under a hundred
 * levels; deeper values are cut to a marker, so the rest of the message still counts and a rule that cares (a
 * schema's) can tell the server's defect from mcpact's.
 */
import { isRecord } from './json.js';

/** Containers (objects and arrays) nested deeper than this, counting the message itself as level 1, are cut. */
export const MAX_NESTING = 1_000;

/** What a cut container becomes: a string, so nothing recurses into it. */
export const NESTING_CUT = `[nested deeper than ${MAX_NESTING.toLocaleString('en')} levels: cut by mcpact]`;

type Container = unknown[] | Record<string, unknown>;

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/**
 * Replaces, in place, every container nested deeper than `max` levels by NESTING_CUT, and says how many were cut
 * (0: the value is untouched). Iterative, so the depth it checks cannot overflow the stack it protects. Meant for
 * a value fresh from JSON.parse, which no one else holds yet. It runs on every message, so it loops without a
 * callback per value: on a page of 300,000 tools it takes a fraction of what JSON.parse took.
 */
export function cutDeepNesting(value: unknown, max: number = MAX_NESTING): number {
  if (!isContainer(value)) return 0;
  let cut = 0;
  const containers: Container[] = [value];
  const depths: number[] = [1];
  while (containers.length > 0) {
    const container = containers.pop()!;
    const depth = depths.pop()!;
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index++) {
        const child = container[index];
        if (!isContainer(child)) continue;
        if (depth < max) {
          containers.push(child);
          depths.push(depth + 1);
        } else {
          container[index] = NESTING_CUT;
          cut++;
        }
      }
      continue;
    }
    // A key Object.keys lists is an own data property, so assigning to it replaces that property (`__proto__`
    // included) and never reaches a prototype's setter.
    for (const key of Object.keys(container)) {
      const child = container[key];
      if (!isContainer(child)) continue;
      if (depth < max) {
        containers.push(child);
        depths.push(depth + 1);
      } else {
        container[key] = NESTING_CUT;
        cut++;
      }
    }
  }
  return cut;
}

/** Whether a value holds a cut (a schema that was nested too deeply to read). Iterative. */
export function holdsNestingCut(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === NESTING_CUT) return true;
    if (Array.isArray(item)) for (const child of item) stack.push(child);
    else if (isRecord(item)) for (const key of Object.keys(item)) stack.push(item[key]);
  }
  return false;
}

/** JSON.parse with the nesting bound: for JSON a server hands over inside a message (a tool's text content). */
export function parseJsonBounded(text: string): unknown {
  const value: unknown = JSON.parse(text);
  cutDeepNesting(value);
  return value;
}
