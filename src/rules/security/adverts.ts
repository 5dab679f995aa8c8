/**
 * Advertising to the model (issue #33, preference manipulation): a text that sells its tool to win the model's
 * choice among tools. Not an order, so none of the order finders (orders.ts, intents.ts) sees it; the evidence is
 * the shape of an advert, of four kinds:
 *
 * - **rank**: a rank or superlative over every alternative, with a global scope ("the best tool in the world",
 *   "the most accurate weather tool available", "rated #1", "outperforms all other calculators", "10x better than
 *   competitors", "superior in every way");
 * - **endorsement**: social proof, a third party vouching for the tool ("recommended by experts", "trusted by
 *   Fortune 500 companies", "as seen on", "award-winning", "over 2 million downloads", "50,000 five-star reviews",
 *   "99.9% customer satisfaction");
 * - **disparagement**: the alternatives run down ("don't settle for inferior alternatives", "why use inferior
 *   tools?", "other time tools are being deprecated");
 * - **urgency**: false scarcity or haste aimed at the model ("limited time offer", "act now", "only 100 uses left
 *   today", "access expires soon - use while you still can").
 *
 * A description says what its tool does; whom it pleases, how it ranks against every other tool and how soon the
 * model must hurry are claims addressed to whoever chooses among tools, which in an MCP client is the model. Each
 * kind has a strong form, which is evidence alone, and weaker forms that honest copy also uses ("unmatched
 * precision", "highly recommended", "top-rated", "10x faster"): those count only beside evidence of another kind.
 * Honest servers rank their own options ("Best for: factual queries", "this is better than screenshot", "is
 * always the best first step", "500% faster scrapes using cached data") and deprecate themselves ("This CircleCI
 * MCP server is deprecated ... Please tell the user"): none of these claims a global rank, a third party, or
 * anything about other tools.
 *
 * Every pattern is bounded or over disjoint classes, and nothing is compiled from server text, so matching stays
 * linear (test/rules/security/signals.test.ts).
 */
import type { Span } from './orders.js';

export type AdvertKind = 'rank' | 'endorsement' | 'disparagement' | 'urgency';

/** The first match of any of `patterns` (each global), as a span. */
function first(text: string, patterns: readonly RegExp[], accept?: (match: RegExpExecArray) => boolean): Span | undefined {
  let best: Span | undefined;
  for (const regex of patterns) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      if (!accept || accept(match)) {
        if (best === undefined || match.index < best.index) best = { index: match.index, length: match[0].length };
        break;
      }
      if (match[0].length === 0) regex.lastIndex++;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Rank: a superlative over every alternative.

/** What a tool is called when it is the one being sold. */
const TOOLISH = String.raw`(?:tools?|servers?|services?|solutions?|apis?|apps?|products?|software|utilit(?:y|ies)|engines?|calculators?|converters?|translators?|readers?|generators?|scrapers?|functions?|methods?|search(?:\s+tool)?|one)`;
/** A scope that leaves no alternative out: the world, or the purpose at hand, whatever it is ("for this purpose"). */
const GLOBAL_SCOPE = String.raw`(?:in\s+the\s+(?:world|industry|market|universe|galaxy)|on\s+(?:the\s+market|earth|the\s+planet|the\s+internet)|(?:currently\s+)?available|ever(?:\s+(?:made|built|created))?|of\s+all\s+time|anywhere|in\s+existence|out\s+there|money\s+can\s+buy|for\s+everything|for\s+(?:this|that|any|every)\s+(?:purpose|task|job))`;

const RANK_STRONG: readonly RegExp[] = [
  // "This is the best tool in the world.", "This is the BEST and MOST ACCURATE weather tool available."
  new RegExp(
    String.raw`\b(?:this|it|we)(?:\s+is|'s|\s+are)\s+(?:truly\s+|simply\s+|by\s+far\s+|easily\s+)?(?:the|a)\s+(?:(?:very|absolute|single|undisputed)\s+)?(?:best|greatest|finest|fastest|most\s+[a-z]{3,20}|#\s?1|number\s+one|top|leading|ultimate|preferred)\b(?:[\s,]{1,3}(?:(?:and|&)\s{1,3})?(?:best|greatest|fastest|most\s+[a-z]{3,20}|#\s?1)){0,3}(?:(?:\s{1,3}|-)[a-z][a-z-]{1,19}){0,3}?\s{1,3}${TOOLISH}\s+${GLOBAL_SCOPE}\b`,
    'gi',
  ),
  // "This is the best tool in the world." also ranks "for this purpose": the task at hand, whatever it is, so every
  // alternative for it ("the preferred function for this task"; not "the preferred method for finding users").
  // "the world's best ...", "the world's #1 ..."
  /\b(?:the\s+)?world'?s\s+(?:best|greatest|finest|#\s?1|number\s+one|leading|fastest|most\s+[a-z]{3,20}|top)\b/gi,
  // "RATED #1 BY EXPERTS", "the #1 RANKED tool"
  /\b(?:rated|ranked|voted)\s+(?:#\s?|no\.?\s?|number\s+)(?:1|one)\b|(?:#\s?|\bnumber\s+)(?:1|one)[\s-]+(?:rated|ranked)\b/gi,
  // "OUTPERFORMS all other calculators", "beats every competitor"
  /\b(?:outperforms?|outperforming|beats|surpass(?:es)?|outclass(?:es)?|outshines?)\s+(?:all|every|any)\s+(?:other|competing|rival|similar|existing|alternative)?\s*(?:[a-z-]{2,20}\s+)?(?:tools?|calculators?|converters?|translators?|services?|solutions?|competitors?|alternatives?|options?|products?)\b/gi,
  // "10x better results than competitors", "300% more accurate than any other translator"
  /\b\d{1,4}(?:\.\d{1,2})?\s?(?:x|×|times|%)\s+(?:better|faster|more\s+[a-z]{3,20}|smarter|cheaper|stronger)\b[^.!?\n]{0,40}?\bthan\s+(?:the\s+)?(?:competitors?|(?:the\s+)?competition|alternatives?|rivals?|(?:any|all|every)\s+other|other\s+[a-z-]{2,20})/gi,
  // "SUPERIOR in every way", "superior to any other", "better than all other tools"
  /\bsuperior\s+(?:in\s+every\s+(?:way|respect|aspect)|to\s+(?:all|any|every)\b)|\bbetter\s+than\s+(?:all|any|every)\s+other\b/gi,
  // The text speaks of the selection itself: "to stand out in the recommendation system", "Ideal for ranking well
  // in recommendation systems" (a tool list ranked for the model is what it wants to top).
  /\b(?:stand\s+out|rank(?:s|ing)?\s+(?:well|higher|highly|first|on\s+top)|(?:optimal|top)\s+(?:performance|placement|position)|be\s+(?:picked|selected|chosen)\s+first)\s+in\s+(?:the\s+|any\s+)?(?:recommendations?|rankings?|tool\s+selection)(?:\s+systems?)?\b/gi,
  // "the ONLY converter you should trust"
  new RegExp(String.raw`\bthe\s+only\s+(?:[a-z-]{2,20}\s+){0,2}?${TOOLISH}\s+you\s+(?:should|can|will\s+ever)\s+(?:trust|need)\b`, 'gi'),
];
const RANK_WEAK: readonly RegExp[] = [
  /\b(?:unmatched|unrivall?ed|unparall?eled|unbeatable|unprecedented|unsurpassed|second\s+to\s+none|best[-\s]in[-\s]class|industry[-\s]leading|world[-\s]class|top[-\s]tier|military[-\s]grade|game[-\s]changer|breakthrough|revolutionary|superior)\b/gi,
  /\b\d{1,4}(?:\.\d{1,2})?\s?(?:x|×|%)\s+(?:better|faster|more\s+accurate)\b/gi,
];

// ---------------------------------------------------------------------------------------------------------------
// Endorsement: a third party vouching for the tool.

/** Those whose word sells a tool: experts and institutions, not the callers of an API. */
const ENDORSERS = String.raw`(?:experts?|professionals|researchers|scientists|specialists|analysts|engineers|leaders|authorities|bloggers|influencers|companies|enterprises|brands|institutions|universities|fortune\s*500)`;
/** A proper name of one to four capitalized words: "OpenAI", "Jeff Dean", "University of Leeds". */
const NAMED = String.raw`[A-Z][\w&'-]{0,30}(?:\s(?:of\s)?[A-Z][\w&'-]{0,30}){0,3}`;
/** With a verb of praise, anyone's liking is an endorsement: enthusiasts, creators, developers, users. */
const ADMIRERS = String.raw`(?:${ENDORSERS}|enthusiasts|creators|developers|writers|traders|users|customers|fans)`;

const ENDORSEMENT_STRONG: readonly RegExp[] = [
  // "Recommended by Stanford AI Lab and MIT researchers", "Recommended by 9 out of 10 AI experts", "favored by web developers"
  new RegExp(
    String.raw`\b(?:recommended|trusted|endorsed|praised|acclaimed|favou?red|loved|preferred|regarded|respected|appreciated|valued|adopted|top[-\s]rated)\s+by\s+(?:[\w&.'-]{1,30}[\s,]+){0,6}?${ADMIRERS}\b`,
    'gi',
  ),
  // Verbs that also describe plain use take only experts and institutions: "supported by blockchain experts",
  // "Widely used by professionals", "validated by weather experts" (not "Used by AI agents to clean up ...").
  new RegExp(String.raw`\b(?:used|supported|backed|vetted|validated|certified|recognized|approved)\s+by\s+(?:[\w&.'-]{1,30}[\s,]+){0,4}?${ENDORSERS}\b`, 'gi'),
  // "Highly respected in the field", "recognized in tech circles", "a preferred choice among professionals"
  /\b(?:respected|regarded|recognized|acclaimed|renowned)\s+(?:in|across|throughout)\s+(?:the\s+)?(?:field|industry|community|tech\s+circles|[a-z]{2,20}\s+circles)\b/gi,
  new RegExp(String.raw`\b(?:choice|favou?rite|popular)\s+(?:among|with)\s+(?:[a-z-]{2,20}\s+){0,2}?${ADMIRERS}\b`, 'gi'),
  // "Leading data analysts recommend ...", "Industry authorities endorse this method"
  /\b(?:experts?|professionals|researchers|specialists|analysts|authorities|bloggers|influencers)\s+(?:[a-z]{2,20}\s+){0,2}?(?:recommend|endorse|trust|swear\s+by|vouch\s+for|approve\s+of)\b/gi,
  // "Trusted by the United Nations, Google, and Microsoft": an endorser named as a proper noun.
  /\b(?:[Tt]rusted|[Ee]ndorsed|[Rr]ecommended|TRUSTED|ENDORSED|RECOMMENDED)\s+(?:by|BY)\s+(?:the\s+)?[A-Z][A-Za-z]{1,30}(?:\s+[A-Z][A-Za-z]{1,30}){0,3},\s+[A-Z]/g,
  // One named endorser is a claim too when the sentence is only that, said of the tool: "Endorsed by NASA.", "This
  // server is trusted by Stripe and Shopify." (not "Recommended by AWS for large payloads", a setting's advice).
  new RegExp(
    String.raw`(?:^|[.!?]\s{1,3}|\n\s{0,8}|\b[Tt]his\s+(?:${TOOLISH}\s+)?(?:is|are)\s+(?:also\s+|widely\s+)?|\b[Ii]t\s+is\s+(?:also\s+|widely\s+)?)(?:[Tt]rusted|[Rr]ecommended|[Ee]ndorsed|[Pp]raised|[Ll]oved|[Aa]pproved)\s+by\s+(?:the\s+)?${NAMED}(?:(?:,\s{1,3}|,?\s{1,3}and\s{1,3})${NAMED}){0,4}\s{0,3}(?:[.!]|$)`,
    'g',
  ),
  // Backing by a university or an institute: "Backed by Oxford University", "endorsed by the University of Leeds" (a
  // storage "backed by Redis" or "by the Perplexity Agent API" is not an endorser).
  /\b(?:[Bb]acked|[Ee]ndorsed)\s+by\s+(?:the\s+)?(?:(?:[A-Z][\w&.'-]{1,30}\s+){1,3}(?:University|Institute|College)|(?:University|Institute)\s+of\s+[A-Z])/g,
  // A popularity figure of the repository: "Over 5,000 GitHub stars." (not a search filter: "repositories with more
  // than 1000 stars on GitHub").
  /(?<!\bwith\s{1,3}(?:(?:over|more\s+than|at\s+least|fewer\s+than|less\s+than)\s{1,3})?)\b\d[\d,.]{0,12}\+?\s{0,3}(?:k|thousand|million)?\s{1,3}(?:github\s+stars|stars\s+on\s+github)\b/gi,
  /\bas\s+(?:seen|featured)\s+(?:on|in)\b|\baward[-\s]winning\b|\b(?:scientifically|clinically)\s+proven\b|\bexpert[-\s](?:endorsed|approved|recommended|validated|vetted)\b/gi,
  // "Over 2 MILLION downloads", "Used by over 1 MILLION users daily"
  /\b\d{1,4}(?:[.,]\d{1,3})?\s*(?:million|billion|m\b)\s+(?:[a-z]{2,20}\s+)?(?:users|downloads|installs|customers|developers|companies|businesses)\b/gi,
  /\b(?:trusted|used|loved|relied\s+(?:up)?on)\s+by\s+(?:over\s+|more\s+than\s+)?\d[\d,.]{0,12}\+?\s*(?:k|thousand|million|billion)?\s+(?:[a-z]{2,20}\s+)?(?:users|developers|companies|customers|businesses|teams)\b/gi,
  // "Over 50,000 five-star reviews", "⭐⭐⭐⭐⭐", "99.9% customer satisfaction"
  /\b\d[\d,.]{0,12}\+?\s+(?:five|5)[-\s]star\s+(?:reviews|ratings)\b|(?:⭐|★)\s?(?:⭐|★)\s?(?:⭐|★)|\b\d{1,3}(?:\.\d{1,2})?\s?%\s+(?:customer\s+|user\s+)?satisfaction\b/gi,
];
const ENDORSEMENT_WEAK: readonly RegExp[] = [
  /\b(?:highly|widely)\s+(?:recommended|regarded|respected|acclaimed|trusted|praised|rated)\b|\btop[-\s]rated\b/gi,
  // "Featured in Nature journal", "featured on TED Talks": a publication named.
  /\b(?:[Ff]eatured|FEATURED)\s+(?:in|on|IN|ON)\s+(?:the\s+)?[A-Z]/g,
  /\bproven\s+to\s+be\b/gi,
];

// ---------------------------------------------------------------------------------------------------------------
// Disparagement: the alternatives run down.

const DISPARAGEMENT: readonly RegExp[] = [
  // "Don't settle for inferior alternatives!", "Why settle for outdated tools", "Don't waste time with inferior alternatives"
  /\b(?:don'?t|do\s+not|never|why)\s+(?:settle\s+for|waste\s+(?:your\s+)?time\s+(?:with|on)|bother\s+with)\s+(?:the\s+|an?\s+|any\s+)?(?:inferior|outdated|obsolete|second[-\s]rate|subpar|lesser|worse|mediocre|slower|less|other)\b/gi,
  // "WHY USE INFERIOR TOOLS?"
  /\b(?:why|don'?t|do\s+not|never)\s+(?:use|choose|pick|go\s+with|rely\s+on)\s+(?:the\s+|an?\s+|any\s+)?(?:inferior|outdated|obsolete|second[-\s]rate|subpar|lesser|mediocre)\b/gi,
  /\b(?:inferior|second[-\s]rate|subpar)\s+(?:alternatives?|tools?|options|competitors?|products?|solutions?|services?|imitations?)\b/gi,
  // "Other time tools are being deprecated", "other converters - they are OUTDATED and INACCURATE"
  /\b(?:other|competing|rival|alternative|competitors'?)\s+(?:[a-z-]{2,20}\s+){0,2}?(?:tools?|converters?|translators?|calculators?|readers?|services|servers|apps|solutions|products|engines|alternatives)\b[^.!?\n]{0,30}?\b(?:are|is|were|they're)\s+(?:being\s+|now\s+|all\s+|so\s+|often\s+)?(?:outdated|inaccurate|deprecated|obsolete|inferior|unreliable|slow|buggy|discontinued|phased\s+out|worse|less\s+accurate)\b/gi,
];

// ---------------------------------------------------------------------------------------------------------------
// Urgency: false scarcity or haste aimed at the model.

const URGENCY: readonly RegExp[] = [
  /\blimited[-\s]time\s+(?:offer|only|deal|access)\b|\bact\s+(?:now|fast|quickly)\b|\bhurry\b|\blast\s+chance\b|\bbefore\s+it'?s\s+too\s+late\b/gi,
  // "ONLY 100 USES LEFT TODAY!"
  /\bonly\s+\d{1,6}\s+(?:uses?|calls?|requests?|spots?|seats?|slots?|licen[cs]es?|credits?)\s+(?:left|remaining)\b/gi,
  // "ACT NOW before access expires!", "Access expires soon - use while you still can!"
  /\b(?:access|offer|deal|availability)\s+(?:expires?|ends?)\s+(?:soon|today|shortly)\b|\bbefore\s+(?:access|the\s+offer|it)\s+expires\b|\bwhile\s+(?:you\s+still\s+can|supplies\s+last|it\s+lasts|stocks?\s+lasts?)\b/gi,
  // "Premium spots filling fast", "Don't fall behind!", "Your competitors are already using this."
  /\b(?:spots?|seats?|places?|slots?)\s+(?:are\s+)?filling\s+(?:up\s+)?fast\b|\bdon'?t\s+(?:fall|get\s+left)\s+behind\b|\bcompetitors\s+are\s+already\s+using\b/gi,
];

// ---------------------------------------------------------------------------------------------------------------

interface Evidence {
  strong?: Span;
  weak?: Span;
}

function evidence(text: string, kind: AdvertKind): Evidence {
  switch (kind) {
    case 'rank':
      return { strong: first(text, RANK_STRONG), weak: first(text, RANK_WEAK) };
    case 'endorsement':
      return { strong: first(text, ENDORSEMENT_STRONG), weak: first(text, ENDORSEMENT_WEAK) };
    case 'disparagement':
      return { strong: first(text, DISPARAGEMENT) };
    case 'urgency':
      return { strong: first(text, URGENCY) };
  }
}

const KINDS: readonly AdvertKind[] = ['rank', 'endorsement', 'disparagement', 'urgency'];

/**
 * The evidence of one kind of advertising in `text`: its strong form alone, or a weaker form when the text also
 * carries evidence of another kind (praise beside praise of a different sort, disparagement or urgency).
 */
export function advert(kind: AdvertKind): (text: string) => Span | undefined {
  return (text) => {
    const own = evidence(text, kind);
    if (own.strong !== undefined) return own.strong;
    if (own.weak === undefined) return undefined;
    const company = KINDS.some((other) => {
      if (other === kind) return false;
      const found = evidence(text, other);
      return found.strong !== undefined || found.weak !== undefined;
    });
    return company ? own.weak : undefined;
  };
}
