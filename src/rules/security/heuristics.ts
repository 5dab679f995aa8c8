/**
 * Tool-poisoning heuristics: phrasing in descriptions that addresses the model rather than describing the tool.
 * Each pattern was written against a benign corpus of realistic descriptions (test/security/benign-corpus.ts)
 * and a poisoned one (test/security/poisoned-corpus.ts): false positives make users turn a scanner off, so a
 * pattern needs both an attack verb and its object (ignore + previous instructions, send + credentials + a real
 * destination), never a single scary word. Text is normalized first (NFKC, invisible characters removed, quotes
 * straightened), so `ig<U+200B>nore` and full-width letters do not slip through.
 */
import { invisiblePattern } from '../../util/invisible.js';

export type PoisonCategory = 'override' | 'concealment' | 'hidden-step' | 'exfiltration' | 'sensitive-path';

export interface Match {
  category: PoisonCategory;
  /** What the pattern is about, for the message: "asks the model to ignore its instructions". */
  what: string;
  index: number;
  length: number;
}

/** Every invisible kind (util/invisible.ts): removed before matching, so they cannot split a word out of a pattern. */
const INVISIBLE = invisiblePattern();

/** The text as a model reads it: compatibility forms folded, invisible characters gone, quotes and spaces plain. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ');
}

interface Pattern {
  category: PoisonCategory;
  what: string;
  regex: RegExp;
  /** Further condition on the match (and the whole text). */
  accept?: (match: RegExpExecArray, text: string) => boolean;
}

const DETERMINERS = new Set(['the', 'of']);

const PATTERNS: readonly Pattern[] = [
  {
    category: 'override',
    what: 'asks the model to ignore its instructions',
    regex:
      /\b(?:ignore|disregard|forget|bypass)\s+((?:(?:all|any|your|these|those|every|previous|prior|preceding|above|earlier|other|original|system|existing|safety|security|initial|developer|the|of)\s+){1,4})(?:instructions?|directives?|guardrails?|guidelines|prompts?|rules)\b/gi,
    // "ignore the rules" alone is too weak; "ignore all previous rules" is not.
    accept: (match) =>
      (match[1] ?? '')
        .trim()
        .split(/\s+/)
        .some((word) => !DETERMINERS.has(word.toLowerCase())),
  },
  {
    category: 'override',
    what: "claims to override the model's instructions",
    regex:
      /\b(?:override|overrule|supersede)s?\s+(?:(?:all|any|the|your)\s+)*(?:previous|prior|system|safety|security|original|earlier|developer)\s+(?:instructions?|prompts?|guidelines|directives?|guardrails?)\b/gi,
  },
  {
    category: 'override',
    what: 'claims precedence over other instructions',
    regex: /\b(?:instructions?|directives?)\s+(?:take|takes|have|has)\s+(?:priority|precedence)\s+over\b/gi,
  },
  { category: 'override', what: 'announces new instructions', regex: /\bnew\s+(?:system\s+)?instructions?\s*:/gi },
  {
    category: 'override',
    what: 'tries to redefine the model',
    regex: /\byou\s+are\s+now\s+(?:a|an|in|the|my)\b|\bfrom\s+now\s+on,?\s+(?:you|always|never|the\s+(?:assistant|model))\b/gi,
  },
  {
    category: 'override',
    what: 'asks the model to reveal its prompt',
    regex:
      /\b(?:reveal|print|output|leak|repeat|disclose|include|send|share|return)\s+your\s+(?:full\s+|entire\s+|original\s+|hidden\s+)?(?:system\s+prompt|instructions|prompt|context)\b/gi,
  },
  {
    category: 'concealment',
    what: 'asks the model to hide something from the user',
    regex:
      /\b(?:do\s+not|don't|dont|never|must\s+not|should\s+not|shall\s+not)\s+(?:tell|inform|mention|reveal|disclose|let)\s+(?:this\s+to\s+|it\s+to\s+|anything\s+to\s+|that\s+to\s+)?(?:the\s+)?(?:user|users|human|humans|person|operator|anyone)\b(?!')/gi,
  },
  {
    category: 'concealment',
    what: 'asks the model to act without telling the user',
    regex:
      /\bwithout\s+(?:telling|informing|mentioning\s+(?:it|this)\s+to|revealing\s+(?:it|this)\s+to|letting)\s+(?:the\s+)?(?:user|users|human|anyone)\b(?!')/gi,
  },
  {
    category: 'concealment',
    what: 'says the user must not know',
    regex:
      /\b(?:the\s+)?user\s+(?:must|should|need|needs|does|is)\s*(?:not|n't|never)\s+(?:to\s+)?(?:know|see|notice|find\s+out|be\s+(?:told|informed|aware|notified))\b/gi,
  },
  {
    category: 'concealment',
    what: 'asks to keep something secret from the user',
    regex: /\b(?:keep|remain|be\s+kept)\s+(?:this|it|that|these)?\s*(?:secret|hidden|confidential|invisible)\s+from\s+(?:the\s+)?(?:user|users|human)\b/gi,
  },
  {
    category: 'concealment',
    what: 'asks to hide something from the user',
    regex: /\b(?:hide|conceal)\s+(?:this|it|that)\s+from\s+(?:the\s+)?(?:user|users|human)\b/gi,
  },
  {
    category: 'concealment',
    what: 'asks for a covert action',
    regex:
      /\b(?:secretly|covertly|silently|quietly|discreetly|stealthily|invisibly)\s+(?:send|forward|upload|copy|add|include|read|call|exfiltrate|transmit|post|bcc|cc|email|share|append|attach)\b/gi,
  },
  {
    category: 'hidden-step',
    what: 'contains a markup tag addressed to the model',
    regex:
      /<\s*\/?\s*(?:important|system|secret|hidden|instructions?|admin|sys|critical|system[-_ ]?(?:message|prompt|note)|note[-_ ]to[-_ ](?:ai|assistant|model|llm)|ai[-_ ]instructions?)\s*>|\[\s*(?:system|admin|hidden|secret)(?:\s+(?:message|instructions?|note|prompt))?\s*\]/gi,
  },
  {
    category: 'hidden-step',
    what: 'addresses the model directly',
    regex:
      /\b(?:dear|attention|note\s+to(?:\s+the)?|hey)\s*,?\s*(?:ai|assistant|model|llm|agent|claude|chatgpt|gpt|copilot|gemini)\b\s*[:,!]|\bas\s+an?\s+(?:ai|assistant|language\s+model|llm)\s*,?\s+you\s+(?:must|should|will|are\s+required)\b/gi,
  },
  { category: 'hidden-step', what: 'announces a hidden side effect', regex: /\btool\s+has\s+(?:a\s+)?(?:very\s+)?important\s+side[-\s]effects?\b/gi },
];

/** Reserved for documentation (RFC 2606, RFC 6761): examples in honest descriptions use them. */
const EXAMPLE_HOST = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$|^127\.|^\[?::1\]?$/i;
const URL = /\bhttps?:\/\/([^\s/"'<>)`\]]+)[^\s"'<>)`\]]*/gi;
const EMAIL = /\b[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})\b/gi;

const SEND =
  /\b(?:send|sends|sending|forward|post|upload|transmit|exfiltrate|leak|copy|bcc|cc|e-?mail|mail|submit|share|report|deliver|append|attach|include|pass)\b/i;
const SENSITIVE =
  /\b(?:conversation|chat\s+history|message\s+history|previous\s+messages|all\s+messages|system\s+prompt|context\s+window|credentials?|secrets?|api[\s_-]?keys?|access\s+tokens?|auth(?:entication)?\s+tokens?|session\s+tokens?|passwords?|private\s+keys?|ssh\s+keys?|environment\s+variables|env\s+vars|cookies|contents?\s+of\s+(?:every|all|any|each|your|the\s+user'?s|(?:this|the)\s+(?:conversation|chat|session)|previous|[~/.])|the\s+user'?s\s+(?:data|files|emails|messages|information|details|history)|personal\s+(?:data|information)|(?:full|entire)\s+(?:conversation|context|history))\b/i;
const COPY_TO =
  /\b(?:always|also|secretly|silently|additionally|must|should)\s+(?:bcc|cc|forward\s+(?:a\s+)?cop(?:y|ies)\s+(?:of\s+\w+\s+)?to|send\s+(?:a\s+)?cop(?:y|ies)\s+(?:of\s+[\w\s]{1,40}?\s+)?to)\b/i;

const SENSITIVE_PATH =
  /(?:~|\$HOME|%USERPROFILE%)?\/?\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/credentials|~\/\.aws\b|\/etc\/(?:passwd|shadow|sudoers)\b|(?:^|[\s`'"(/])\.env(?:\.[\w-]+)?\b|\.npmrc\b|\.pypirc\b|\.netrc\b|\.git-credentials\b|\.docker\/config\.json|\.kube\/config\b|\.config\/gcloud|\bwallet\.dat\b|\.bash_history\b|\.zsh_history\b|\/proc\/self\/environ|\bmcp\.json\b|claude_desktop_config\.json|\.cursor\/|\.gnupg\b|\.pgpass\b/i;
/** A directive to read a file and hand its content over, which honest tools never need to give the model. */
const HAND_OVER = [
  /\b(?:pass|send|include|attach|put|insert|paste|embed|append|upload|forward|provide)\s+(?:its|their|the|that|this|it|them)?\s*(?:file'?s?\s+)?(?:full\s+|entire\s+|complete\s+)?(?:content|contents|text|value|data)\b/i,
  /\bas\s+(?:the\s+)?['"`]?\w+['"`]?\s+(?:parameter|argument|field|param)\b/i,
  /\b(?:read|cat|open)\b[^.\n]{0,60}\b(?:and|then)\s+(?:pass|send|include|put|paste|upload|forward|attach)\b/i,
  /\byou\s+(?:must|should|need\s+to|have\s+to)\s+(?:first\s+)?(?:read|open|cat|load|send|include|access)\b/i,
  /\b(?:first|before\s+(?:using|calling|invoking|running)\s+(?:this|the)\s+tool,?)\s+(?:you\s+must\s+)?(?:read|open|cat|load|access)\b/i,
];

function realDestinations(sentence: string): string[] {
  const found: string[] = [];
  for (const pattern of [URL, EMAIL]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(sentence); match; match = pattern.exec(sentence)) {
      const host = (match[1] ?? '').toLowerCase().replace(/:\d+$/, '');
      if (!EXAMPLE_HOST.test(host)) found.push(match[0]);
    }
  }
  return found;
}

/** The whitespace-delimited word around a match, without surrounding quotes or punctuation: "~/.ssh/id_rsa". */
function wholeToken(text: string, index: number, length: number): string {
  let start = index;
  while (start > 0 && !/[\s`'"(]/.test(text[start - 1]!)) start--;
  let end = index + length;
  while (end < text.length && !/[\s`'")]/.test(text[end]!)) end++;
  return text.slice(start, end).replace(/^[\s`'"(]+|[`'".,;:)]+$/g, '');
}

/** Everything in `text` (normalized: normalizeText) that reads like an instruction to the model, at most one match per category. */
export function poisoningMatches(text: string): Match[] {
  const matches: Match[] = [];
  const seen = new Set<PoisonCategory>();
  const add = (match: Match) => {
    if (seen.has(match.category)) return;
    seen.add(match.category);
    matches.push(match);
  };
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (let match = pattern.regex.exec(text); match; match = pattern.regex.exec(text)) {
      if (!pattern.accept || pattern.accept(match, text)) {
        add({ category: pattern.category, what: pattern.what, index: match.index, length: match[0].length });
        break;
      }
    }
  }
  let offset = 0;
  for (const sentence of text.split(/(?<=[.!?;])\s+|\n+/)) {
    const index = text.indexOf(sentence, offset);
    offset = index + sentence.length;
    const destinations = realDestinations(sentence);
    if (destinations.length > 0 && (COPY_TO.test(sentence) || (SEND.test(sentence) && SENSITIVE.test(sentence)))) {
      add({ category: 'exfiltration', what: `asks to send data to ${destinations[0]!.slice(0, 80)}`, index, length: sentence.length });
    }
  }
  const path = SENSITIVE_PATH.exec(text);
  if (path && HAND_OVER.some((pattern) => pattern.test(text))) {
    const shown = wholeToken(text, path.index, path[0].length).slice(0, 60);
    add({ category: 'sensitive-path', what: `asks the model to read and hand over ${shown}`, index: path.index, length: path[0].length });
    const destinations = realDestinations(text);
    if (destinations.length > 0)
      add({ category: 'exfiltration', what: `asks to send ${shown} to ${destinations[0]!.slice(0, 80)}`, index: path.index, length: path[0].length });
  }
  return matches.sort((a, b) => a.index - b.index);
}

// ---------------------------------------------------------------------------------------------------------------
// Steering: phrasing that pulls the model away from other tools.

export interface SteeringMatch {
  what: string;
  index: number;
  length: number;
  /** A tool named in the phrase, when there is one (checked against the server's own tools by the rule). */
  named?: string;
}

const IDENTIFIER = String.raw`[\`'"]?([A-Za-z][\w.-]{1,63}?)[\`'"]?`;

const STEERING: readonly { what: string; regex: RegExp; namedGroup?: number }[] = [
  {
    what: 'tells the model to always use this tool instead of others',
    regex:
      /\b(?:always|only)\s+(?:use|call|prefer|choose|pick)\s+this\s+(?:tool|function|server)\b[^.\n]{0,60}?\b(?:instead\s+of|rather\s+than|over|in\s+place\s+of|never|not\s+(?:the|any))\b/gi,
  },
  {
    what: 'tells the model to prefer this tool over any other',
    regex:
      /\b(?:use|call|prefer|choose|pick)\s+this\s+(?:tool|function)\s+(?:instead\s+of|rather\s+than|over|in\s+place\s+of)\s+(?:any|all|every|the)?\s*(?:other|built-?in|default|native|existing|standard|similar)\b/gi,
  },
  {
    what: 'tells the model not to use other tools',
    regex:
      /\b(?:do\s+not|don't|dont|never)\s+(?:use|call|invoke|trust|rely\s+on)\s+(?:any\s+)?(?:other|another|the\s+other|different|alternative|third[-\s]party)\s+(?:tools?|servers?|functions?|mcp\s+servers?|plugins?)\b/gi,
  },
  {
    what: 'claims to replace another tool',
    regex: new RegExp(String.raw`\b(?:this\s+tool|it)\s+(?:replaces|supersedes|overrides|shadows)\s+(?:the\s+)?${IDENTIFIER}\s+(?:tool|function)\b`, 'gi'),
    namedGroup: 1,
  },
  {
    what: 'tells the model to use this tool instead of a named one',
    regex: new RegExp(
      String.raw`\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+|using\s+|calling\s+)?${IDENTIFIER}(?:\s+(?:tool|function))?`,
      'gi',
    ),
    namedGroup: 1,
  },
];

/** True for names that look like tool identifiers: snake_case, kebab-case, dotted or camelCase. */
export function identifierShaped(name: string): boolean {
  return /[a-z0-9][_.-][a-z0-9]/i.test(name) || /[a-z][A-Z]/.test(name);
}

/** Steering phrases in `text` (normalized: normalizeText). */
export function steeringMatches(text: string): SteeringMatch[] {
  const found: SteeringMatch[] = [];
  for (const pattern of STEERING) {
    pattern.regex.lastIndex = 0;
    for (let match = pattern.regex.exec(text); match; match = pattern.regex.exec(text)) {
      const named = pattern.namedGroup === undefined ? undefined : match[pattern.namedGroup];
      // "instead of returning ..." is ordinary English; only an identifier names a tool.
      if (pattern.namedGroup !== undefined && (named === undefined || !identifierShaped(named))) continue;
      found.push({ what: pattern.what, index: match.index, length: match[0].length, ...(named !== undefined && { named }) });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

// ---------------------------------------------------------------------------------------------------------------
// Tool references: "the send_email tool", "`search` tool", "tool named fetch_url".

const REFERENCES = [
  /[`'"]([A-Za-z][\w.-]{0,63})[`'"]\s+(?:tool|function)\b/g,
  /\b([a-z][a-z0-9]*(?:[_.][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)\s+(?:tool|function)\b/g,
  /\b(?:tool|function)\s+(?:named\s+|called\s+)?[`'"]([A-Za-z][\w.-]{0,63})[`'"]/g,
  /\b(?:tool|function)\s+(?:named|called)\s+([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)\b/g,
];

/** Names the text refers to as tools, in order of appearance, each once. */
export function toolReferences(raw: string): { name: string; index: number }[] {
  const text = normalizeText(raw);
  const found = new Map<string, number>();
  for (const pattern of REFERENCES) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const name = match[1]!;
      if (!found.has(name)) found.set(name, match.index);
    }
  }
  return [...found].map(([name, index]) => ({ name, index })).sort((a, b) => a.index - b.index);
}

/** Identifier-like tokens of a text (for finding another server's tool names in it). */
export function identifierTokens(raw: string): Set<string> {
  return new Set(normalizeText(raw).match(/[A-Za-z][\w.-]*[A-Za-z0-9]/g) ?? []);
}
