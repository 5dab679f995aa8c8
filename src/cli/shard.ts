/**
 * `--shard K/N`: which servers of the config shard K of N runs. Each server goes to the shard with the highest
 * hash of (shard, name), rendezvous hashing: it depends on the server's name and N only, so every CI job computes
 * the same split without talking to the others, a server added to the config never moves another one, and
 * the split is as even as N independent fair dice (docs/ci.md#how-servers-are-split).
 */
import { createHash } from 'node:crypto';
import { usageError } from '../errors.js';

export interface Shard {
  /** 1-based, as the CI matrix numbers its jobs. */
  index: number;
  total: number;
}

/** The most shards a run may be split into: more is a typo, and each shard is a CI job. */
const MAX_SHARDS = 1000;

export function parseShard(text: string): Shard {
  const match = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(text);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || total < 1 || total > MAX_SHARDS || index < 1 || index > total) {
    throw usageError(`--shard: expected K/N with 1 <= K <= N <= ${MAX_SHARDS} (for example --shard 2/3), got "${text}"`);
  }
  return { index, total };
}

/** The 1-based shard a server name belongs to, out of `total`. */
export function shardOf(name: string, total: number): number {
  let best = 1;
  let bestScore = -1n;
  for (let shard = 1; shard <= total; shard++) {
    // 64 bits of SHA-256: a hash every Node has, identical on every machine and version.
    const score = createHash('sha256').update(`${shard}\0${name}`).digest().readBigUInt64BE(0);
    if (score > bestScore) [best, bestScore] = [shard, score];
  }
  return best;
}

/** The items whose name falls in this shard, in their own order. */
export function inShard<T extends { name: string }>(items: readonly T[], shard: Shard): T[] {
  return items.filter((item) => shardOf(item.name, shard.total) === shard.index);
}
