/**
 * One finding of the HTML report, as an `<article class="finding">` the page's filters count and hide: its
 * message, where it is, the server's own answer, the spec sentence it rests on (revision, keyword, whom it binds),
 * every occurrence of its cause, the SDK it is inherited from, the rule's docs, and for drift the word diff with
 * hidden characters marked. All server text goes through the escaping template (report/escape-html.ts).
 */
import type { Finding, ServerReport } from '../../model/report.js';
import { citation } from '../../model/spec.js';
import { truncate } from '../../util/text.js';
import { wordParts } from '../../drift/diff/word-diff.js';
import { answerLine } from '../answer.js';
import { inheritedLabel } from '../inherited.js';
import { html, safeUrl, shownText, type Html } from '../escape-html.js';

export const MESSAGE_LIMIT = 2_000;
export const NAME_LIMIT = 200;
const SAID_LIMIT = 2_000;
const OCCURRENCES_SHOWN = 200;
/** A word diff is quadratic in the worst case: longer texts are shown cut, and said so. */
const DIFF_INPUT_LIMIT = 5_000;

export interface FindingContext {
  server: ServerReport;
  helpUri: ReadonlyMap<string, string>;
  /** Several servers in the report: each finding names its server. */
  named: boolean;
  /** A drift change: its level and word diff are shown. */
  drift?: boolean;
}

export function findingArticle(finding: Finding, context: FindingContext): Html {
  return html`<article class="finding ${finding.severity}" data-severity="${finding.severity}" data-rule="${finding.ruleId}">
    <div>
      <span class="sev ${finding.severity}">${finding.severity}</span
      >${finding.known ? html` <span class="known muted" title="listed in the known-findings file: not a failure">known</span>` : ''}
      <span class="message">${shownText(truncate(finding.message, MESSAGE_LIMIT))}</span>
    </div>
    <div class="where">${where(finding, context)}</div>
    ${answerBlock(finding)}${specBlock(finding)}${occurrencesBlock(finding)}${context.drift === true ? driftBlock(finding) : ''}${inheritedBlock(finding)}${links(finding, context)}
  </article> `;
}

function where(finding: Finding, { server, named }: FindingContext): Html {
  const { kind, name, pointer } = finding.location;
  return html`${named ? html`server <strong>${truncate(server.name, NAME_LIMIT)}</strong> · ` : ''}${kind}${name === undefined ? '' : html` <code>${shownText(truncate(name, NAME_LIMIT))}</code>`}${
      pointer === undefined ? '' : html` at <code>${shownText(truncate(pointer, NAME_LIMIT))}</code>`
    }${server.source ? html` · <span class="mono">${server.source.file}:${server.source.line}</span>` : ''}
    · <code>${finding.ruleId}</code>`;
}

/** The server's answer: the classified line, then its words whole (data.said, up to 2,000 characters). */
function answerBlock(finding: Finding): Html {
  const { answer } = finding;
  if (answer === undefined) return html``;
  const full = typeof finding.data?.said === 'string' ? finding.data.said : answer.said;
  if (answer.code === undefined && full === undefined && answer.evidence === undefined) return html``;
  // "server said (error -32603, validated, wrong code or layer)": the words follow in a block of their own.
  const head = (answerLine({ ...answer, said: '' }, (text) => text) ?? 'server said').replace(/: $/, '');
  return html`<div class="answer">
    <span class="label">${head}</span>${full === undefined ? '' : html`<pre>${shownText(truncate(full, SAID_LIMIT))}</pre>`}${
      answer.evidence === undefined ? '' : html`<div class="muted">why: ${answer.evidence}</div>`
    }
  </div> `;
}

function specBlock(finding: Finding): Html {
  const { spec } = finding;
  if (spec === undefined) return html``;
  const url = safeUrl(spec.url);
  const section = url === undefined ? html`<code>${spec.section}</code>` : html`<a href="${url}" rel="noopener noreferrer">${spec.section}</a>`;
  const facts = [
    spec.keyword === undefined ? undefined : spec.keyword === 'none' ? 'no keyword' : `keyword ${spec.keyword}`,
    spec.binds === undefined ? undefined : `binds the ${spec.binds}`,
    spec.checklist === undefined ? undefined : `checklist ${spec.checklist}`,
  ].filter((fact) => fact !== undefined);
  // A policy is mcpact's own expectation: said in words first, with the sentence below it as context only.
  if (spec.basis === 'policy') {
    return html`<blockquote class="spec policy">
      ${spec.policy === undefined ? '' : html`<p>${spec.policy}</p>`}
      <div class="cite">${citation(spec)}</div>
      ${spec.quote === undefined ? '' : html`<p class="context">context: “${spec.quote}”</p>`}
      <div class="cite">context · ${section}${facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}</div>
    </blockquote> `;
  }
  return html`<blockquote class="spec">
    ${spec.quote === undefined ? '' : html`<p>“${spec.quote}”</p>`}
    <div class="cite">${citation(spec)} · ${section}${facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}</div>
  </blockquote> `;
}

/** Every place of one cause (engine/merge.ts, merge-answers.ts), each with its own message when it differs and its rule when it is another. */
function occurrencesBlock(finding: Finding): Html {
  if (finding.count === undefined || finding.locations === undefined) return html``;
  const shown = finding.locations.slice(0, OCCURRENCES_SHOWN);
  const more = finding.locations.length - shown.length;
  return html`<details class="occurrences">
    <summary>× ${finding.count} occurrences of this cause</summary>
    <ul class="plain">
      ${shown.map(
        (location) =>
          html`<li>
            ${location.kind}${location.name === undefined ? '' : html` <code>${shownText(truncate(location.name, NAME_LIMIT))}</code>`}${
              location.pointer === undefined ? '' : html` at <code>${shownText(truncate(location.pointer, NAME_LIMIT))}</code>`
            }${location.message === undefined ? '' : html` — ${shownText(truncate(location.message, MESSAGE_LIMIT))}`}${
              location.ruleId === undefined ? '' : html` (<code>${shownText(truncate(location.ruleId, NAME_LIMIT))}</code>)`
            }
          </li>`,
      )}${more > 0 ? html`<li class="muted">… ${more} more (the JSON report has them all)</li>` : ''}
    </ul>
  </details> `;
}

/**
 * A drift change: its level, and a word diff of the old and new text (recomputed from data.before/data.after, so
 * the marks are unambiguous), hidden characters shown as labels; data.diff as plain text when only that is there.
 */
function driftBlock(finding: Finding): Html {
  const data = finding.data;
  if (data === undefined) return html``;
  const level = typeof data.level === 'string' ? html`<span class="level ${data.level.replace(/[^a-z]/g, '')}">${truncate(data.level, 20)}</span> ` : html``;
  if (typeof data.before === 'string' && typeof data.after === 'string') {
    const before = data.before.slice(0, DIFF_INPUT_LIMIT);
    const after = data.after.slice(0, DIFF_INPUT_LIMIT);
    const cut = before.length < data.before.length || after.length < data.after.length;
    const parts = wordParts(before, after).map((part) =>
      part.added ? html`<ins>${shownText(part.value)}</ins>` : part.removed ? html`<del>${shownText(part.value)}</del>` : shownText(part.value),
    );
    return html`<div class="diff">
      ${level}<span class="label">word diff</span>
      <pre class="word-diff">${parts}</pre>
      ${cut ? html`<div class="muted">(texts cut to ${DIFF_INPUT_LIMIT} characters)</div>` : ''}
    </div> `;
  }
  if (typeof data.diff === 'string')
    return html`<div class="diff">
      ${level}<span class="label">diff</span>
      <pre>${shownText(truncate(data.diff, 8_000))}</pre>
    </div> `;
  return typeof data.level === 'string' ? html`<div class="diff">${level}</div> ` : html``;
}

function inheritedBlock(finding: Finding): Html {
  const mark = finding.inherited;
  if (mark === undefined) return html``;
  const reference = safeUrl(mark.reference);
  return html`<div class="inherited-mark muted">
    inherited from <strong>${inheritedLabel(mark)}</strong> · signature <code>${mark.signature}</code>${
      reference === undefined ? '' : html` · <a href="${reference}" rel="noopener noreferrer">upstream</a>`
    }
  </div> `;
}

function links(finding: Finding, { helpUri }: FindingContext): Html {
  const docs = safeUrl(helpUri.get(finding.ruleId));
  return docs === undefined ? html`` : html`<div class="links"><a href="${docs}" rel="noopener noreferrer">rule docs: ${finding.ruleId}</a></div>`;
}
