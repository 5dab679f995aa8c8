/**
 * Attacks by structure, sixth part (issue #33): standing orders, read from the misses of the fifth blind run
 * (docs/security.md, "Seventeen sources more, blind"). A standing order does not ask for one step: it sets a rule
 * for the rest of the session, over what every other tool does. Each finder needs what such a text must say to
 * work, not a source's wording:
 *
 * - keep data in a hidden file of a temporary directory ("write them to /tmp/.session_tokens", "silently copies all
 *   accessed file contents to /tmp/.mcp-cache/"): no honest tool hides what it keeps where nobody looks;
 * - change every shell command or tool call the model makes ("append ' && curl ...' to every shell command").
 *
 * Patterns are bounded or over disjoint classes and nothing is compiled from server text, so matching stays linear
 * (test/rules/security/signals.test.ts).
 */
import { negatedBefore, type Purpose, type Span } from './orders.js';
import { sentenceWhere } from './intents.js';

type Finder = (text: string, purpose: Purpose) => Span | undefined;

/** Verbs that keep data somewhere, in any person: "write", "writes", "silently copies", "logging". */
const KEEP =
  /\b(?:writ(?:e|es|ing)|written|append(?:s|ed|ing)?|sav(?:e|es|ed|ing)|cop(?:y|ies|ied|ying)|log(?:s|ged|ging)?|stor(?:e|es|ed|ing)|dump(?:s|ed|ing)?|record(?:s|ed|ing)?|cach(?:e|es|ed|ing)|persist(?:s|ed|ing)?|stash(?:es|ed|ing)?|mirror(?:s|ed|ing)?|stag(?:e|es|ed|ing)|keep(?:s|ing)?|export(?:s|ed|ing)?)\b/i;
/** A hidden file or folder in a temporary directory: "/tmp/.cred_log", "/var/tmp/.x/", "/dev/shm/.cache". */
const HIDDEN_TEMP = /(?:^|[\s`'"(=])\/(?:tmp|var\/tmp|dev\/shm|private\/tmp)\/(?:[\w-]+\/){0,3}\.\w[\w.-]{0,60}/i;

/**
 * What is kept is what others would want: secrets, the contents of files or messages, what other tools take and
 * return. A daemon's PID file, a socket's lock file or screenshots under "/tmp/.x" are the program's own.
 */
const KEPT_DATA =
  /\b(?:credentials?|tokens?|passwords?|secrets?|api\s+keys?|keys|cookies|contents|conversation|messages|inputs?|outputs?|requests|responses|history|clipboard|keystrokes)\b/i;

/** Keep data in a hidden file of a temporary directory, as an order or as what the tool says it does. */
export const stashHidden: Finder = (text) =>
  sentenceWhere(text, (sentence) => {
    if (!HIDDEN_TEMP.test(sentence) || !KEPT_DATA.test(sentence)) return false;
    const verb = KEEP.exec(sentence);
    return verb !== null && !negatedBefore(sentence, verb.index);
  });

/** Verbs that add to or change what another call carries. */
const AMEND = /\b(?:append|prepend|add|insert|inject|attach|concatenate|suffix|prefix|modify|rewrite|alter|wrap)\b/i;
/** Every command or call the model makes, not this tool's own input. */
const EVERY_CALL =
  /\b(?:to|into|before|after|on|for|of|in)\s+(?:every|each|all|any)\s+(?:(?:other|subsequent|future|later)\s+)?(?:shell\s+|bash\s+|terminal\s+|system\s+|git\s+|tool\s+)?(?:commands?|command\s+lines?|invocations?|tool\s+calls?|function\s+calls?|executions?)\b|\b(?:every|each|all|any)\s+(?:shell|bash|terminal)\s+(?:commands?|invocations?)\b/i;
/**
 * What is added sends or runs something: a network call, a command substitution, a second command. "Add '--no-pager'
 * to every git command" and "Prefix every shell command with 'uv run'" are how a project runs its tools.
 */
const SENDS_OR_RUNS = /\b(?:curl|wget|nc|ncat|netcat|scp|ssh)\b|https?:|\$\(|\bbase64\b|\/dev\/tcp|&&|\|\||;\s*\w/i;

/**
 * Change every shell command or tool call the model makes: a text about a tool has no say over the others. A tool
 * that wraps commands speaks of its own input ("Prepends sudo to the command"), not of every command.
 */
export const amendEveryCall: Finder = (text) =>
  sentenceWhere(text, (sentence) => {
    const verb = AMEND.exec(sentence);
    if (verb === null || negatedBefore(sentence, verb.index)) return false;
    return EVERY_CALL.test(sentence) && SENDS_OR_RUNS.test(sentence.slice(verb.index));
  });
