import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items, type Item } from '../../surface/items.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { jaccard, similarPairs, wordSet } from '../../util/similarity.js';

/** Word-set similarity from which two descriptions read as the same to a model. */
export const COLLISION_THRESHOLD = 0.8;
/** Shorter descriptions ("Echo the input.") are too thin to compare. */
const MIN_WORDS = 3;
/**
 * A sentence found in the descriptions of this many tools or more is the server's boilerplate (a paragraph on
 * permissions or errors appended to every tool): it tells no tool apart, so it is left out before comparing.
 */
const BOILERPLATE_TOOLS = 3;
/**
 * Words, at most, that each of two descriptions has in place of the other's besides the tools' names for them to
 * read as one family: the record each tool works on, named in other words ("bon de commande" for orders).
 */
const SUBSTITUTED_WORDS = 3;
/**
 * Share of word pairs in order (every two adjacent words of the text) from which two descriptions with near-identical
 * word sets say the same thing: the same words in another order can name another thing ("deletes a translation from
 * a translation memory" and "deletes a translation memory from", 0.5), while a copy with a word changed keeps most.
 */
const ORDER_THRESHOLD = 0.6;
/** Sentences looked at per description: bounds the work on a hostile description of megabytes. */
const SENTENCES_MAX = 200;

interface Entry {
  item: Item;
  name: string;
  words: Set<string>;
  /** Property names and required names of the input schema, the shape a call must have. */
  shape: string;
  properties: string[];
  /** The description as the model reads it, lower-cased: whether it names a property. */
  text: string;
  /** Adjacent words of the compared text, in order ("a translation", "translation memory"). */
  pairs: Set<string>;
}

export const descriptionCollision = defineRule({
  id: 'tools/description-collision',
  family: 'tools',
  needs: ['tools'],
  description: 'Two tools with near-identical descriptions do not take different inputs (a model picks one confidently, and wrongly).',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      "Two tools whose descriptions are near-identical take the same input, or a model picks one with confidence and sends it the other's arguments. The specification says nothing about how descriptions of different tools relate.",
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/tools#tool',
      quote: '`description`: Human-readable description of functionality',
      note: 'The text says nothing about how descriptions of different tools relate.',
    }),
  },
  docs:
    'A model chooses a tool by its description. When two descriptions say the same thing but the tools take ' +
    'different inputs (different property names, or different required ones), the model picks one with ' +
    "confidence and sends it the other's arguments. Compared are the description word sets (lower-cased, common " +
    'words left out, at least 3 words); a similarity of 0.8 or more is near-identical, when their words also come in ' +
    'the same order (60% or more of the pairs of adjacent words shared: "deletes a translation from a translation ' +
    'memory" and "deletes a translation memory from" have one word set and name two things). A sentence that three or ' +
    "more of the server's descriptions share (a paragraph on permissions or errors appended to every tool) tells " +
    'no tool apart and is left out first, so two tools are compared by what they say of themselves (a description ' +
    'made only of shared sentences is compared whole). Ordinary families stay ' +
    'silent: `list_users` and `list_projects` whose descriptions differ exactly in the words of their names (or, ' +
    'besides those, in up to three words each: the record named in other words, another language) are told apart by the model, and tools with the same input shape cannot be called wrongly. Nor are two tools ' +
    'whose descriptions each name every input the other lacks (one template for the `get` of every record type, ' +
    'where the one that takes `tab` says what `tab` does): the model learns the difference from the text. It scales: candidates ' +
    'come from MinHash signatures in locality-sensitive buckets, not from comparing every pair, so a server with ' +
    '10,000 tools is checked in well under a second. Fix: say in each description what sets the tool apart.',
  check({ surface, report }) {
    const described = items(surface, 'tools').flatMap((item) => {
      const name = item.record?.name;
      const description = item.record?.description;
      return typeof name === 'string' && typeof description === 'string' ? [{ item, name, sentences: sentencesOf(description) }] : [];
    });
    const boilerplate = sharedSentences(described.map((entry) => entry.sentences));
    const entries: Entry[] = [];
    for (const { item, name, sentences } of described) {
      // A description made only of shared sentences is compared whole: copies of one text are what this rule is for.
      const own = sentences.filter((sentence) => !boilerplate.has(sentence));
      const compared = (own.length > 0 ? own : sentences).join(' ');
      const words = wordSet(compared);
      if (words.size < MIN_WORDS) continue;
      const schema = asRecord(item.record?.inputSchema);
      const properties = Object.keys(asRecord(schema?.properties) ?? {}).sort();
      const required = Array.isArray(schema?.required) ? schema.required.filter((key) => typeof key === 'string').sort() : [];
      entries.push({ item, name, words, properties, shape: JSON.stringify([properties, required]), text: sentences.join(' '), pairs: wordPairs(compared) });
    }
    // Identical descriptions first, in groups (1,000 copies of one text cost 1,000 steps, not a million pairs).
    const byText = new Map<string, Entry[]>();
    for (const entry of entries) {
      const key = [...entry.words].sort().join(' ');
      const group = byText.get(key);
      if (group) group.push(entry);
      else byText.set(key, [entry]);
    }
    const collide = (entry: Entry, other: Entry, similarity: number) =>
      report({
        message: `description ${similarity === 1 ? 'is the same as' : 'is nearly the same as'} ${quote(other.name, 60)}'s (similarity ${similarity.toFixed(2)}) but the tools take different inputs`,
        location: itemLocation(surface, 'tools', entry.item, '/description'),
        data: { other: other.name, similarity: Number(similarity.toFixed(2)), properties: entry.properties, otherProperties: other.properties },
      });
    const representatives: Entry[] = [];
    for (const group of byText.values()) {
      const first = group[0]!;
      representatives.push(first);
      for (const entry of group.slice(1)) if (entry.shape !== first.shape && sameOrder(entry, first)) collide(entry, first, 1);
    }
    // Near-identical ones through similarity buckets. A family ("List the users ..." for list_users, "List the
    // projects ..." for list_projects) is the same text once each tool's own name words are left out; its
    // members cannot be confused with each other, so each family enters the buckets once, with its first member.
    const families = new Map<string, Entry>();
    for (const entry of representatives) {
      const own = new Set(nameWords(entry.name));
      const key = [...entry.words]
        .filter((word) => !own.has(word))
        .sort()
        .join(' ');
      if (!families.has(key)) families.set(key, entry);
    }
    const candidates = [...families.values()];
    for (const pair of similarPairs(
      candidates.map((entry) => entry.words),
      COLLISION_THRESHOLD,
    )) {
      const first = candidates[pair.first]!;
      const second = candidates[pair.second]!;
      if (first.shape === second.shape || !sameOrder(first, second) || differOnlyByName(first, second) || namesOwnInputs(first, second)) continue;
      collide(second, first, pair.similarity);
    }
  },
});

/** Whether the two texts put their words in the same order, mostly (ORDER_THRESHOLD). */
function sameOrder(a: Entry, b: Entry): boolean {
  return jaccard(a.pairs, b.pairs) >= ORDER_THRESHOLD;
}

/** Every two adjacent words of a text, common words included: "from a" and "a memory" tell what goes with what. */
function wordPairs(text: string): Set<string> {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const pairs = new Set<string>();
  for (let index = 0; index + 1 < words.length; index++) pairs.add(`${words[index]} ${words[index + 1]}`);
  return pairs;
}

/** A description's sentences, whitespace collapsed and lower-cased, as a model reads them apart. */
function sentencesOf(description: string): string[] {
  return description
    .toLowerCase()
    .split(/(?<=[.!?])\s+|\n+/)
    .slice(0, SENTENCES_MAX)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

/** The sentences that BOILERPLATE_TOOLS or more descriptions share, each description counted once. */
function sharedSentences(descriptions: readonly string[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const sentences of descriptions) for (const sentence of new Set(sentences)) counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count >= BOILERPLATE_TOOLS).map(([sentence]) => sentence));
}

/**
 * True when every word that tells the descriptions apart comes from the tools' names (list_users vs list_projects),
 * or when, besides those, each description has a few words of its own in place of the other's: the record each
 * tool works on, named in other words than the tool ("Crée un(e) produit" for boond_products_create, "Crée un(e)
 * bon de commande" for boond_orders_create). Words one description adds to the other are no such substitution.
 */
function differOnlyByName(a: Entry, b: Entry): boolean {
  const names = new Set([...nameWords(a.name), ...nameWords(b.name)]);
  const fromNames = (word: string) => names.has(word) || names.has(word.replace(/e?s$/, ''));
  const onlyA = [...a.words].filter((word) => !b.words.has(word));
  const onlyB = [...b.words].filter((word) => !a.words.has(word));
  if (onlyA.length + onlyB.length === 0) return false;
  const ownA = onlyA.filter((word) => !fromNames(word));
  const ownB = onlyB.filter((word) => !fromNames(word));
  const phrase = (own: string[]) => own.length >= 1 && own.length <= SUBSTITUTED_WORDS;
  return (ownA.length === 0 && ownB.length === 0) || (phrase(ownA) && phrase(ownB));
}

/**
 * True when each tool's description names every property it takes that the other does not ("`tab` picks one tab of
 * the record"): a model that reads it learns the input that sets the tool apart, so near-identical words elsewhere
 * (one description template for the `get` of every entity) do not make it send the other's arguments.
 */
function namesOwnInputs(a: Entry, b: Entry): boolean {
  const own = (entry: Entry, other: Entry) => entry.properties.filter((property) => !other.properties.includes(property));
  const named = (entry: Entry, property: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}_])${property.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u').test(entry.text);
  const extra = [...own(a, b).map((property) => ({ entry: a, property })), ...own(b, a).map((property) => ({ entry: b, property }))];
  return extra.length > 0 && extra.every(({ entry, property }) => named(entry, property));
}

function nameWords(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.flatMap((word) => [word, `${word}s`, `${word}es`]);
}
