import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { hiddenUnicode } from '../../util/hidden-unicode.js';
import { quote } from '../../util/text.js';
import { scannedPart, surfaceTexts, unscannedNote } from './texts.js';

export const hiddenUnicodeRule = defineRule({
  id: 'security/hidden-unicode',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description:
    'Names, titles, descriptions and instructions contain no invisible characters (Unicode tags, bidi controls, zero-width characters, terminal control characters) and no Latin word with lookalike letters of another script.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'Names, titles, descriptions and instructions hold no invisible characters (Unicode tags, bidi controls, zero-width characters, control characters) and no Latin word with lookalike letters of another script, which can hide text from a reviewer, or a name behind another, but not from the model. No sentence limits which characters they may contain.',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: A human-readable description of the tool.',
        note: 'Descriptions reach the model; no sentence limits which characters they may contain.',
      },
      {
        '2025-03-26': {
          quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        },
        '2025-06-18': { section: 'schema#tool' },
      },
    ),
  },
  docs:
    'A model reads characters a person reviewing the server never sees. Unicode tag characters (U+E0000-E007F) ' +
    'spell ASCII invisibly, so a complete instruction can hide inside an innocent description: mcpact decodes ' +
    'them and shows the hidden text in the finding. Bidi controls (U+202A-202E, U+2066-2069) reorder what is ' +
    'displayed; zero-width characters and Hangul fillers hide or split words (so "ig<U+200B>nore" escapes a ' +
    'keyword filter); runs of variation selectors carry data; control characters (C0 but tab, line feed and ' +
    'carriage return, DEL, C1) have no use in a text, and ESC starts a terminal escape sequence that recolours or ' +
    'conceals words for whoever reviews the server in a terminal ("ESC[8m" hides what follows). A Cyrillic or Greek ' +
    'letter drawn like a Latin one inside a Latin word (a mixed-script confusable, UTS #39) makes a name pass for ' +
    'another ("reаd_file" with a Cyrillic а) or a word escape a filter ("ignоre"): the finding shows how the word ' +
    'reads; a word wholly in Cyrillic or Greek, and Greek letters like no Latin one (µ, Ω, π), pass. Every name, title ' +
    'and description is checked, at ' +
    'any depth, and the instructions. Legitimate uses pass: a zero-width joiner inside an emoji sequence or ' +
    'between letters of scripts that need it, one variation selector after a character, directional marks in ' +
    'right-to-left text, a byte-order mark at the start, and the flag of a subdivision, which is an emoji tag ' +
    'sequence (UTS #51): the black flag U+1F3F4, tag characters spelling a subdivision id of at most seven ' +
    'lower-case letters and digits (England: "gbeng"), and the cancel tag U+E007F. Tag characters outside such a ' +
    'sequence are reported, and so is a black flag followed by a longer tag run or one with spaces, even when a ' +
    'cancel tag ends it: that is how an instruction would hide behind a flag. Remove the characters; there is no justified case in a ' +
    'tool contract, but the rule can be turned off per server like any other. Zero-width characters that are ' +
    'only stray formatting, a run of at most three beside whitespace or at an edge of the text that splits no word ' +
    '(as text pasted from a web page carries: "How <U+200B>to"), are information: dropping them leaves the same ' +
    'words. In a name they stay a warning, since there they make another name that looks the same. ' +
    'Of a text longer than 65,536 ' +
    "characters only the first 65,536 are scanned (the rule's note says so). No sentence of the specification " +
    'limits which characters a description may contain, so this is a best practice, a warning by default; ' +
    '`rules: { security/hidden-unicode: error }` makes it fail a build.',
  check({ surface, cache, report, note }) {
    const texts = surfaceTexts({ surface, cache });
    const unscanned = unscannedNote(texts);
    if (unscanned !== undefined) note(unscanned);
    for (const text of texts) {
      const found = hiddenUnicode(scannedPart(text));
      if (!found) continue;
      const kinds = Object.entries(found.counts)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ');
      const hidden = found.decodedTags !== undefined ? `; tag characters spell ${quote(found.decodedTags, 60)}` : '';
      const terminal = found.counts.control !== undefined ? '; control characters such as ESC change what a terminal shows' : '';
      const reads = found.looksLike !== undefined ? `; letters of another script pass for Latin ones, reading ${quote(found.looksLike.join(', '), 60)}` : '';
      // Only stray zero-width characters (beside whitespace, splitting no word) in prose: formatting, information.
      // A name is an identifier: an invisible character there makes it another name that looks the same.
      const total = Object.values(found.counts).reduce((sum, count) => sum + count, 0);
      const stray = text.field !== 'name' && found.stray === total;
      report({
        message: stray
          ? `${text.owner} ${text.field} contains stray zero-width characters (${kinds}) beside whitespace, splitting no word`
          : `${text.owner} ${text.field} contains ${found.counts.lookalike === total ? 'lookalike letters' : 'invisible characters'} (${kinds})${hidden}${terminal}${reads}`,
        location: text.location,
        data: { ...found },
        ...(stray && { lenient: true }),
      });
    }
  },
});
