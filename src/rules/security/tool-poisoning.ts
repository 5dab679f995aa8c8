import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { scanData, scannedTexts, signalData, subjectOf } from './scan.js';
import { unscannedNote } from './texts.js';

export const toolPoisoning = defineRule({
  id: 'security/tool-poisoning',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description:
    'No text the model reads gives it a harmful order (ignore instructions, hide from the user, send data away, read secrets, call a tool before anything else).',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'No text the model reads gives it a harmful order (ignore instructions, hide from the user, send data away, read secrets, call a tool before anything else). No sentence limits what a description may say; this scan guards against prompt injection.',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: A human-readable description of the tool.',
        note: 'Descriptions reach the model; no sentence limits what they may say. The scan is a best practice against prompt injection.',
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
    'Descriptions reach the model verbatim, so a server can smuggle orders into them ("tool poisoning"). mcpact ' +
    'scans every text a server hands to the model: tool, parameter (at any depth of the input and output ' +
    "schemas), prompt, prompt-argument, resource and template descriptions and titles, tools' `annotations.title`, " +
    "and the server's `instructions`, after folding Unicode (NFKC), decoding Unicode tag characters and removing " +
    'other invisible ones. It judges intent, not address: "Note to LLM", "IMPORTANT:" or "You should" is what ' +
    'descriptions are for and is never a finding by itself. A text is reported when it gives a harmful order ' +
    '(ignore or override instructions, hide something from the user, send data to a URL, an address or into ' +
    "another tool's arguments, read secrets the tool's purpose does not need, call a tool before answering " +
    'anything, disclose that private data goes to a third party), or when weak signals of two different kinds ' +
    'meet (a `<IMPORTANT>` tag, a "SYSTEM:" label, a privilege claim, a threat, steering). Every signal is a row ' +
    'of one table (`src/rules/security/signals.ts`, listed in docs/security.md) with its weight and examples that ' +
    'must and must not fire it; the finding lists the signals that fired (`data.signals`: id, weight, quoted span). ' +
    'One text found at several places is one finding listing them all. Judged on corpora of real servers and ' +
    'public attack datasets (docs/security.md gives the figures). No sentence of the specification limits what a ' +
    'description may say, so this is a best practice: a warning by default; `rules: { security/tool-poisoning: ' +
    'error }` makes it fail a build. A justified case (a security tool that quotes attacks) is silenced per server ' +
    'with `rules: { security/tool-poisoning: off }`. Of a text longer than 65,536 characters only the first 65,536 ' +
    "are scanned (the rule's note says so).",
  check({ surface, cache, report, note }) {
    const texts = scannedTexts({ surface, cache });
    const unscanned = unscannedNote(texts.map((scanned) => scanned.text));
    if (unscanned !== undefined) note(unscanned);
    for (const scanned of texts) {
      if (scanned.scan.tier !== 'poisoned') continue;
      const { fired } = scanned.scan;
      const harmful = fired.filter((entry) => entry.signal.weight === 'harmful');
      const shown = harmful.length > 0 ? harmful : fired;
      const what = harmful.length > 0 ? shown[0]!.signal.what : `combines ${shown.map((entry) => entry.signal.category).join(' and ')} signals`;
      const more = fired.length > 1 ? ` (${fired.length} signals: ${fired.map((entry) => entry.signal.id).join(', ')})` : '';
      const data = scanData(scanned, shown);
      report({
        message: `${subjectOf(scanned.text)} ${what}${more}: "${String(data.excerpt).slice(0, 80)}"`,
        location: scanned.text.location,
        data: { ...data, signals: fired.map((entry) => signalData(scanned.normalized, entry)) },
        // One text repeated under several tools or parameters is one finding that lists them all.
        cause: scanned.normalized,
      });
    }
  },
});
