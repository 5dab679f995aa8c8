/**
 * Near-duplicate detection that scales: MinHash signatures banded into locality-sensitive hash buckets
 * (Broder 1997; Indyk and Motwani 1998), so only texts that share a bucket are compared, instead of every
 * pair. With 24 hashes in 6 bands of 4, pairs with Jaccard similarity 0.8 become candidates with probability
 * ~0.96 and pairs at 0.3 with ~0.05; candidates are then confirmed with their exact similarity.
 */

const BANDS = 6;
const ROWS = 4;
const HASHES = BANDS * ROWS;
/** Members of one bucket compared with each other at most: bounds the work when many texts are alike. */
const BUCKET_WINDOW = 32;

/** Words too common in tool descriptions to say anything about what a tool does. */
const STOPWORDS = new Set(
  'a an the of to for and or in on with by from this that these those is are be been it its as at into via if when then than which who will can may must should do does not no use uses used using'.split(
    ' ',
  ),
);

/** Distinct lower-case words of a text, stopwords left out. */
export function wordSet(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length > 0 && !STOPWORDS.has(word)) words.add(word);
  }
  return words;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) {
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Seeds of the hash family, fixed so that results never depend on the run. */
const SEEDS = Array.from({ length: HASHES }, (_, index) => Math.imul(index + 1, 0x9e3779b1) >>> 0);

function mix(value: number, seed: number): number {
  let hash = (value ^ seed) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function signature(words: ReadonlySet<string>): Uint32Array {
  const minimums = new Uint32Array(HASHES).fill(0xffffffff);
  for (const word of words) {
    const base = hashWord(word);
    for (let index = 0; index < HASHES; index++) {
      const value = mix(base, SEEDS[index]!);
      if (value < minimums[index]!) minimums[index] = value;
    }
  }
  return minimums;
}

export interface SimilarPair {
  /** Indexes into the input, first < second. */
  first: number;
  second: number;
  similarity: number;
}

/**
 * Pairs of word sets whose Jaccard similarity is at least `threshold`, each pair once, in input order. Identical
 * sets are found too; callers that expect many identical texts should group them first. Each member of a
 * bucket is compared with the next BUCKET_WINDOW members only, so the work stays linear when thousands of texts
 * look alike (a near-duplicate hidden in such a crowd can be missed; identical ones are the caller's grouping).
 */
export function similarPairs(sets: readonly ReadonlySet<string>[], threshold: number): SimilarPair[] {
  const buckets = new Map<string, number[]>();
  sets.forEach((words, index) => {
    if (words.size === 0) return;
    const minimums = signature(words);
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(minimums.subarray(band * ROWS, band * ROWS + ROWS)).join(',')}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(index);
      else buckets.set(key, [index]);
    }
  });
  const seen = new Set<number>();
  const pairs: SimilarPair[] = [];
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < Math.min(bucket.length, i + 1 + BUCKET_WINDOW); j++) {
        const first = bucket[i]!;
        const second = bucket[j]!;
        const key = first * sets.length + second;
        if (seen.has(key)) continue;
        seen.add(key);
        const similarity = jaccard(sets[first]!, sets[second]!);
        if (similarity >= threshold) pairs.push({ first, second, similarity });
      }
    }
  }
  return pairs.sort((a, b) => a.first - b.first || a.second - b.second);
}
