/**
 * Claims about the model's choice among tools, by structure (issue #33, preference manipulation). The advertising
 * rows of adverts.ts were widened on the misses of each advertising source in turn, so held out they catch little;
 * these four finders read the grammar of an advert instead, with small closed word classes, and were written from
 * that grammar, not from any source's sentences (`sources` is empty for each of their rows):
 *
 * - **standing**: the tool, as the subject ("this tool", "it", "this function", "making it"), said to be the
 *   choice to make: a determiner, a rank word of a closed class ("best", "go-to", "preferred", "indispensable",
 *   "#1", "most effective") and a head noun, where the head is the choice itself ("a preferred choice", "the tool
 *   of choice") or the rank has no restriction left (nothing after it, or a scope that leaves no alternative out:
 *   "available", "in the world", "for this task", "across all fields"); also a text that speaks of the ranking that
 *   chooses tools ("to stand out in the recommendation system");
 * - **third-party voice**: a participle of a closed class of verbs of judgement ("trusted", "recommended",
 *   "endorsed", "favoured", "regarded", "adopted", ...) whose agent is a third party: people or bodies of a closed
 *   class ("experts", "professionals", "engineers at big companies", "Fortune 500 teams"), a count of people
 *   ("over 10,000 users"), or proper names that end the clause ("Trusted by OpenAI."); the same voice as a subject
 *   ("leading analysts recommend"), as standing in a field ("respected in the field"), or as a popularity figure
 *   ("Over 10,000 GitHub stars.");
 * - **comparison with the alternatives**: a comparative whose other term is the alternatives as a class ("better
 *   than any other tool", "outperforms all competitors", "10x more accurate than the competition"), or the
 *   alternatives said to be bad ("other converters are outdated");
 * - **a directive about the choice**: a verb of choosing ("choose", "select", "prefer", "prioritize") with this
 *   tool as its object and no condition of the task after it, or a verb of use ("use", "call") with this tool and
 *   an adverb that leaves the choice no room ("always", "whenever possible", "over any other", "for everything");
 *   "this function should be called" with no condition, or with the choice as the condition ("when there are
 *   multiple options").
 *
 * What keeps honest texts silent is structure too: the subject must be the tool (stripe's "contacting your
 * customer is always the best first step" is not), a rank with a restriction is a use ("the preferred way to
 * upload large files", "PREFERRED method for finding users when you know names"), an agent that calls the tool is
 * no voice ("Used by AI agents to clean up ..."), a named agent followed by advice is no endorsement ("Recommended
 * by AWS for large payloads"), a comparison with one named thing is guidance ("this is better than screenshot"),
 * and a directive followed by a condition of the task is how honest servers chain tools ("Call this tool first to
 * get the library ID", "Choose this tool when you need exact matches").
 *
 * Every pattern runs on one sentence (orders.ts#sentences), with bounded quantifiers over disjoint classes; nothing
 * is compiled from server text, so matching stays linear (test/rules/security/signals.test.ts).
 */
import { sentences, type Span } from './orders.js';

/** The first match, in the first sentence that has one, accepted by `accept`, as a span of the whole text. */
function inSentences(text: string, regex: RegExp, accept?: (match: RegExpExecArray, sentence: string) => boolean): Span | undefined {
  for (const { sentence, index } of sentences(text)) {
    regex.lastIndex = 0;
    for (let match = regex.exec(sentence); match; match = regex.exec(sentence)) {
      if (!accept || accept(match, sentence)) return { index: index + match.index, length: match[0].length };
      if (match[0].length === 0) regex.lastIndex++;
    }
  }
  return undefined;
}

/** The first of several finders that finds something. */
function any(...finders: ((text: string) => Span | undefined)[]): (text: string) => Span | undefined {
  return (text) => {
    let best: Span | undefined;
    for (const find of finders) {
      const span = find(text);
      if (span !== undefined && (best === undefined || span.index < best.index)) best = span;
    }
    return best;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Closed classes

/** What a tool is called when it is the subject or the head of the claim. */
const HEAD = String.raw`(?:tools?|functions?|servers?|services?|solutions?|apis?|apps?|applications?|products?|software|utilit(?:y|ies)|engines?|methods?|endpoints?|options?|resources?|assistants?|platforms?|choice|pick|standard|one)`;
/** The tool as the subject of a clause: "this tool", "it", "we", or "making it" (the subject of the sentence). */
const SUBJECT = String.raw`(?:\b(?:this|it|we|that)(?:\s+${HEAD})?\s*(?:is|are|'s|remains|becomes|has\s+become)|\bmak(?:es|ing)\s+(?:it|this(?:\s+${HEAD})?))`;
/** Rank words: a standing among the alternatives. */
const RANK = String.raw`(?:best|greatest|finest|top|leading|foremost|premier|ultimate|#\s?1|number[-\s]one|go-to|preferred|ideal|definitive|indispensable|unrivall?ed|only|obvious|most\s+[a-z]{3,20}|fastest|smartest|strongest)`;
/** Rank words that claim the choice by themselves, whatever the head: the best of all, the one to go to. */
const ABSOLUTE = /^(?:best|greatest|finest|ultimate|#\s?1|number[-\s]one|go-to|premier|foremost|indispensable|unrivall?ed)$/i;
/** A scope that leaves no alternative out: the world, what is available, the task at hand whatever it is. */
const GLOBAL_SCOPE = String.raw`(?:in\s+the\s+(?:world|industry|market|universe)|on\s+(?:the\s+market|earth|the\s+internet)|(?:currently\s+|now\s+)?available|ever(?:\s+(?:made|built|created))?|of\s+all\s+time|anywhere|in\s+existence|out\s+there|for\s+(?:this|that|the|any|every|each|all)\s+(?:purpose|task|job|need|query|request|use\s+case)s?|for\s+(?:everything|anything|any\s+task)|across\s+(?:all|every|any)\b)`;

/** People and bodies whose judgement sells a tool: not the callers of an API ("AI agents", "the client"). */
const THIRD_PARTY = String.raw`(?:experts?|professionals|researchers|scientists|specialists|analysts|engineers|developers|leaders|authorities|bloggers|influencers|enthusiasts|creators|writers|traders|users|customers|fans|teams|companies|enterprises|businesses|organi[sz]ations|brands|institutions|universities|labs|communities|practitioners|doctors|lawyers|fortune\s*500)`;
/** Verbs of judgement: what a third party does when it vouches for a tool. */
const JUDGEMENT = String.raw`(?:recommended|trusted|endorsed|praised|acclaimed|favou?red|loved|preferred|regarded|respected|appreciated|valued|adopted|chosen|vetted|validated|certified|approved|backed|supported|used|relied\s+(?:up)?on|rated|ranked|followed)`;
/** A proper name of one to four capitalized words: "OpenAI", "Jeff Dean", "University of Maryland". */
const NAME = String.raw`[A-Z][\w&'-]{0,30}(?:\s(?:of\s)?[A-Z][\w&'-]{0,30}){0,3}`;
/** The alternatives as a class: other tools, competitors, the competition. */
const ALTERNATIVES = String.raw`(?:all|any|every)\s+(?:the\s+)?other\s+[a-z-]{3,20}|(?:(?:all|any|every)\s+(?:the\s+)?|(?:the\s+)?other\s+|competing\s+|rival\s+|alternative\s+|existing\s+|similar\s+)(?:[a-z-]{2,20}\s+){0,2}?(?:tools?|alternatives?|competitors?|options|products|solutions|services|apps|engines|servers|plugins|converters|calculators|translators|readers|apis|functions)\b|\b(?:the\s+)?(?:competitors?|competition|rivals?|alternatives)\b`;

// ---------------------------------------------------------------------------------------------------------------
// Standing

const STANDING = new RegExp(
  String.raw`${SUBJECT}\s+(?:the|a|an|your)\s+(?:(?:very|absolute|single|undisputed|truly|clear|obvious|de\s+facto)\s+)?(${RANK})\b(?:[\s,]{1,3}(?:(?:and|&)\s{1,3})?(?:${RANK})\b){0,2}((?:(?:\s{1,3}|-)[a-z][a-z-]{1,19}){0,3}?)\s{1,3}(${HEAD})\b`,
  'gi',
);
const CHOICE_HEAD = /^(?:choice|pick|standard)$/i;
/** "It has become the tool of choice." */
const OF_CHOICE = new RegExp(String.raw`${SUBJECT}\s+(?:the|a|an|your)\s+(?:[a-z-]{2,20}\s+){0,2}?${HEAD}\s+of\s+choice\b`, 'gi');

/** What follows the head: nothing, a scope that leaves nothing out, or a restriction (a use, a case). */
function unrestricted(rest: string): boolean {
  const after = rest.replace(/^[\s,)]+/, '');
  if (after === '' || /^[.!?:;]/.test(after)) return true;
  return new RegExp(String.raw`^${GLOBAL_SCOPE}`, 'i').test(after);
}

const standing = any(
  (text) =>
    inSentences(text, STANDING, (match, sentence) => {
      const rank = match[1]!.replace(/\s+/g, ' ');
      const head = match[3]!;
      const rest = sentence.slice(match.index + match[0].length);
      // "a preferred choice", "the tool of choice": the text names the choice it wants made.
      if (CHOICE_HEAD.test(head) || /^\s+of\s+choice\b/i.test(rest)) return true;
      // "the go-to solution for ...", "the #1 tool": a rank that claims the choice whatever follows, unless a use
      // restricts it ("the best way to ...").
      if (ABSOLUTE.test(rank)) return !/^\s+(?:to|for\s+[a-z]+ing)\b/i.test(rest) || unrestricted(rest);
      return unrestricted(rest);
    }),
  (text) => inSentences(text, OF_CHOICE),
  // The ranking that chooses tools, spoken of: "to stand out in the recommendation system".
  (text) =>
    inSentences(
      text,
      /\b(?:stand\s+out|rank(?:s|ing)?\s+(?:well|higher|highly|first|on\s+top)|(?:optimal|top)\s+(?:performance|placement|position)|be\s+(?:picked|selected|chosen)\s+first)\s+in\s+(?:the\s+|any\s+)?(?:recommendations?|rankings?|tool\s+selection)(?:\s+systems?)?\b/gi,
    ),
);

// ---------------------------------------------------------------------------------------------------------------
// Third-party voice

const VOICE_BY = new RegExp(String.raw`\b${JUDGEMENT}\s+by\s+((?:[\w&.'-]{1,30}[\s,]+){0,6}?)(${THIRD_PARTY})\b`, 'gi');
/** "Used by over 1 million developers", "trusted by 10,000+ teams": a count of people. */
const VOICE_COUNT = new RegExp(
  String.raw`\b${JUDGEMENT}\s+by\s+(?:over\s+|more\s+than\s+|thousands\s+of\s+|millions\s+of\s+|hundreds\s+of\s+)?(?:\d[\d,.]{0,12}\+?\s*(?:k|thousand|million|billion)?\s+)?(?:[a-z-]{2,20}\s+){0,2}?(?:users|developers|people|teams|companies|customers|organi[sz]ations|businesses)\b`,
  'gi',
);
/** "Trusted by OpenAI.", "Recommended by Jeff Dean and Yann LeCun.": names that end the clause. */
const VOICE_NAMED = new RegExp(
  String.raw`\b(?:[Tt]rusted|[Rr]ecommended|[Ee]ndorsed|[Pp]raised|[Ll]oved|[Aa]pproved|[Vv]etted|[Cc]ertified|[Aa]dopted|TRUSTED|RECOMMENDED|ENDORSED)\s+(?:by|BY)\s+(?:the\s+)?${NAME}(?:(?:,\s{1,3}|,?\s{1,3}and\s{1,3})${NAME}){0,4}\s{0,3}(?:[.!]|$)`,
  'g',
);
/** Backing by a university or an institute (a store "backed by Redis" is not an endorser). */
const VOICE_INSTITUTION =
  /\b(?:[Bb]acked|[Ss]upported|[Uu]sed|[Ff]unded)\s+by\s+(?:the\s+)?(?:(?:[A-Z][\w&.'-]{1,30}\s+){1,3}(?:University|Institute|College|Labs?)|(?:University|Institute)\s+of\s+[A-Z])/g;
/** The voice as the subject: "experts recommend", "leading data analysts recommend converting ...". */
const VOICE_ACTIVE = new RegExp(
  String.raw`\b${THIRD_PARTY}\s+(?:[a-z]{2,20}\s+){0,2}?(?:recommend|endorse|trust|praise|swear\s+by|vouch\s+for|rave\s+about|love)\b`,
  'gi',
);
/** Standing in a field or among people: "respected in the field", "a favourite among professionals". */
const VOICE_STANDING = new RegExp(
  String.raw`\b(?:respected|regarded|recognized|recognised|acclaimed|renowned|popular|favou?rite|choice)\s+(?:in|across|throughout|among|with)\s+(?:the\s+)?(?:(?:field|industry|community|profession)\b|[a-z]{2,20}\s+circles\b|(?:[a-z-]{2,20}\s+){0,2}?${THIRD_PARTY}\b)`,
  'gi',
);
/** A popularity figure: "Over 10,000 GitHub stars.", "2 million downloads" (not a filter: "with more than 1000 stars"). */
const VOICE_FIGURE =
  /(?<!\b(?:with|than|least|minimum|min)\s{1,3}(?:(?:over|more\s+than|at\s+least)\s{1,3})?)\b\d[\d,.]{0,12}\+?\s{0,3}(?:k|thousand|million|billion)?\s{1,3}(?:github\s+stars|stars\s+on\s+github|downloads|installs|(?:five|5)[-\s]star\s+(?:reviews|ratings))\b/gi;
const VOICE_MARK = /\bexpert[-\s](?:endorsed|approved|recommended|validated|vetted)\b|\baward[-\s]winning\b|\bas\s+(?:seen|featured)\s+(?:on|in)\s+[A-Z]/g;

/** An agent that calls the tool, not one that judges it: "Used by AI agents to clean up ...". */
function judgedBy(match: RegExpExecArray, sentence: string): boolean {
  const rest = sentence.slice(match.index + match[0].length);
  const premodifier = match[1] ?? '';
  if (/\bagents?\b|\bclients?\b|\bllms?\b|\bmodels?\b/i.test(premodifier)) return false;
  // "used by developers to ...": a use, not a voice, when the verb is one of plain use.
  if (
    /^(?:used|supported|backed|followed)$/i.test(match[0].split(/\s+/)[0]!) &&
    !/expert|professional|researcher|scientist|specialist|authorit|leader|compan|enterprise|institution|universit|fortune/i.test(match[2] ?? '')
  ) {
    return false;
  }
  return !/^\s+(?:to|when|if|who|that)\b/i.test(rest) || /^\s+to\s+(?:be|stand)\b/i.test(rest);
}

const voice = any(
  (text) => inSentences(text, VOICE_BY, judgedBy),
  (text) => inSentences(text, VOICE_COUNT),
  (text) => inSentences(text, VOICE_NAMED),
  (text) => inSentences(text, VOICE_INSTITUTION),
  (text) => inSentences(text, VOICE_ACTIVE),
  (text) => inSentences(text, VOICE_STANDING),
  (text) => inSentences(text, VOICE_FIGURE),
  (text) => inSentences(text, VOICE_MARK),
);

// ---------------------------------------------------------------------------------------------------------------
// Comparison with the alternatives

const COMPARISON = new RegExp(
  String.raw`\b(?:(?:\d{1,4}(?:\.\d{1,2})?\s?(?:x|×|times|%)\s+)?(?:better|faster|more\s+[a-z]{3,20}|smarter|cheaper|stronger|superior|safer)\s+(?:than|to)|outperform(?:s|ing)?|beats|surpass(?:es|ing)?|outclass(?:es|ing)?|outshines?)\s+(?:${ALTERNATIVES})`,
  'gi',
);
const DISPARAGED = new RegExp(
  String.raw`\b(?:${ALTERNATIVES})[^.!?\n]{0,30}?\b(?:are|is|were|they're)\s+(?:being\s+|now\s+|all\s+|so\s+|often\s+)?(?:outdated|inaccurate|deprecated|obsolete|inferior|unreliable|slow|buggy|discontinued|phased\s+out|worse|less\s+accurate)\b|\b(?:inferior|second[-\s]rate|subpar|outdated)\s+(?:alternatives?|tools|competitors?|options|products|solutions|imitations)\b`,
  'gi',
);
const comparison = any(
  (text) => inSentences(text, COMPARISON),
  (text) => inSentences(text, DISPARAGED),
);

// ---------------------------------------------------------------------------------------------------------------
// A directive about the choice

/** A verb of choosing with this tool as its object: the choice itself, unless a condition of the task follows. */
const CHOOSE_THIS =
  /\b(?:choose|select|pick|prefer|prioriti[sz]e|favou?r|default\s+to(?:\s+using)?)\s+(?:this|me)(?:\s+(?:tool|function|server|one|method|endpoint|api))?\b/gi;
/** A verb of use with this tool and an adverb that leaves the choice no room. */
const USE_THIS =
  /\b(?:(?:always|only|exclusively)\s+(?:use|call|invoke|try|rely\s+on)\s+(?:this|me)(?:\s+(?:tool|function|server|one|method|endpoint|api))?|(?:use|call|invoke|try|rely\s+on)\s+(?:this|me)(?:\s+(?:tool|function|server|one|method|endpoint|api))?\s+(?:always|exclusively|whenever\s+(?:possible|you\s+can)|as\s+(?:often|much)\s+as\s+possible|(?:first\s+)?(?:over|above|before|instead\s+of)\s+(?:all|any|every)\b|for\s+(?:everything|anything|all\s+tasks|any\s+task)))/gi;
/** "This function should be called." with no condition, or with the choice as its condition. */
const SHOULD_BE_CHOSEN =
  /\b(?:this(?:\s+(?:tool|function|server|method|endpoint|api))?|it)\s+(?:(?:is|are)\s+[^.!?\n]{0,60}?\s+and\s+)?(?:should|must)\s+(?:always\s+)?be\s+(?:called|used|invoked|chosen|selected|preferred|prioriti[sz]ed)(?=\s{0,3}(?:[.!]|$)|\s+(?:whenever\s+(?:possible|you\s+can)|as\s+(?:often|much)\s+as\s+possible|when(?:ever)?\s+(?:there\s+(?:are|is)|you\s+have)\s+(?:multiple|several|other|many|more\s+than\s+one)\s+(?:options|tools|choices|alternatives|candidates|functions)|over\s+(?:all|any|every)|first\b))/gi;
/** A condition of the task after the directive: "... when you need exact matches", "... first to get the ID". */
const CONDITION =
  /^\s*(?:first\s+)?(?:to|when|whenever\s+(?:the|a|you\s+(?:need|want))|if|after|before(?!\s+(?:any|all|every)\b)|in\s+order|so\s+that|once|unless|only\s+(?:when|if))\b/i;

/**
 * A qualifier of the task right after the directive: "Only use this tool with URLs you're confident will work"
 * (@browserbasehq/mcp-server-browserbase), "Always use this tool for library docs". Not a scope that leaves nothing
 * out ("for any web search needs", "for everything").
 */
const TASK_QUALIFIER = /^\s*(?:with|for|on|in|against)\s+(?!(?:everything|anything|all|any|every|each)\b)/i;

/** A condition of the task anywhere after the directive ("Choose this (not `admin`) whenever the ask is ..."). */
function conditioned(rest: string): boolean {
  return CONDITION.test(rest) || TASK_QUALIFIER.test(rest) || /\b(?:when|whenever|if|unless|once|only\s+for)\b/i.test(rest);
}
const ALTERNATIVES_FIRST = new RegExp(
  String.raw`^\s*(?:first\s+)?(?:over|instead\s+of|rather\s+than|above)\s+(?:${ALTERNATIVES}|the\s+others\b|others\b)`,
  'i',
);
/** Preferred over something: the alternatives as a class ("over any alternatives"), not one named thing ("over download"). */
function overOneThing(rest: string): boolean {
  return /^\s*(?:first\s+)?(?:over|instead\s+of|rather\s+than|above)\b/i.test(rest) && !ALTERNATIVES_FIRST.test(rest);
}

const directive = any(
  (text) =>
    inSentences(text, CHOOSE_THIS, (match, sentence) => {
      const rest = sentence.slice(match.index + match[0].length);
      return !conditioned(rest) && !overOneThing(rest);
    }),
  (text) => inSentences(text, USE_THIS, (match, sentence) => !conditioned(sentence.slice(match.index + match[0].length))),
  (text) => inSentences(text, SHOULD_BE_CHOSEN),
);

export type ClaimKind = 'standing' | 'voice' | 'comparison' | 'directive';

/** The finder of one kind of claim about the model's choice. */
export function claim(kind: ClaimKind): (text: string) => Span | undefined {
  switch (kind) {
    case 'standing':
      return standing;
    case 'voice':
      return voice;
    case 'comparison':
      return comparison;
    case 'directive':
      return directive;
  }
}
