/**
 * The HTML report's own style and script, inlined in the page and allowed by hash in its Content-Security-Policy
 * (html.ts), so the file works from file:// with no network and no other code can run. Neither contains anything
 * of the report: the script only reads the page and sets `hidden` and counts, never markup.
 */
import { createHash } from 'node:crypto';

export const STYLE = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa;
  --error: #cf222e; --warning: #9a6700; --info: #0969da; --ok: #1a7f37; --ins: #dafbe1; --del: #ffebe9; --mark: #fff8c5; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --soft: #151b23;
    --error: #ff7b72; --warning: #d29922; --info: #58a6ff; --ok: #3fb950; --ins: #12361f; --del: #3d1418; --mark: #4a3b00; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 24px 48px; }
h1 { font-size: 22px; margin: 0 0 4px; display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 20px 0 6px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
code { background: var(--soft); padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 4px 0;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 320px; overflow: auto; }
.answer pre { max-height: 140px; }
a { color: var(--info); }
.muted { color: var(--muted); }
.summary { color: var(--muted); margin: 0 0 8px; }
.verdict { white-space: nowrap; font-size: 13px; padding: 2px 10px; border-radius: 999px; color: #fff; font-weight: 600; }
.verdict.passed { background: var(--ok); } .verdict.failed { background: var(--error); } .verdict.incomplete { background: var(--warning); }
.counts { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; margin: 8px 0 0; }
.count { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; min-width: 92px; }
.count b { display: block; font-size: 20px; }
.count .of { display: block; color: var(--muted); font-size: 12px; }
.counts .op { color: var(--muted); font-size: 18px; }
.count.error b { color: var(--error); } .count.warning b { color: var(--warning); } .count.info b { color: var(--info); }
table { border-collapse: collapse; width: 100%; margin: 6px 0; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
td code { white-space: nowrap; }
.pill { display: inline-block; min-width: 20px; text-align: center; font-size: 12px; font-weight: 600; padding: 0 6px; border-radius: 999px; background: var(--line); }
section.severity > h3 { font-size: 16px; }
td.num, th.num { text-align: right; white-space: nowrap; }
.toolbar { position: sticky; top: 0; z-index: 1; background: var(--bg); border-bottom: 1px solid var(--line);
  display: flex; gap: 14px; align-items: center; flex-wrap: wrap; padding: 10px 0; margin-top: 16px; }
.toolbar label { display: inline-flex; gap: 5px; align-items: center; cursor: pointer; }
.toolbar input[type=search] { flex: 1; min-width: 200px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px;
  background: var(--bg); color: var(--fg); font: inherit; }
#shown { color: var(--muted); white-space: nowrap; }
.sev { display: inline-block; font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .03em;
  padding: 0 6px; border-radius: 4px; border: 1px solid currentColor; }
.sev.error { color: var(--error); } .sev.warning { color: var(--warning); } .sev.info { color: var(--info); }
details.rule, details.group { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
details.rule > summary, details.group > summary { cursor: pointer; padding: 8px 12px; background: var(--soft); border-radius: 8px; }
details[open].rule > summary, details[open].group > summary { border-bottom: 1px solid var(--line); border-radius: 8px 8px 0 0; }
summary .desc { color: var(--muted); }
.rule-body { padding: 4px 12px 8px; }
.finding { border-left: 3px solid var(--line); padding: 6px 0 6px 12px; margin: 8px 0; }
.finding.error { border-left-color: var(--error); } .finding.warning { border-left-color: var(--warning); } .finding.info { border-left-color: var(--info); }
.finding .message { font-weight: 500; overflow-wrap: anywhere; }
.finding .where { color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
.finding .label { color: var(--muted); font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
.answer, .spec, .inherited-mark, .occurrences, .diff { margin-top: 6px; }
blockquote.spec { margin: 6px 0 0; padding: 4px 10px; border-left: 3px solid var(--line); background: var(--soft); border-radius: 0 6px 6px 0; }
blockquote.spec p { margin: 2px 0; }
.spec .cite { color: var(--muted); font-size: 12.5px; }
.spec .context { color: var(--muted); }
.links { font-size: 12.5px; margin-top: 4px; }
mark.hidden-char { background: var(--mark); color: inherit; border: 1px dashed var(--warning); border-radius: 3px; padding: 0 2px;
  font-family: ui-monospace, monospace; font-size: 11.5px; }
ins { background: var(--ins); text-decoration: none; } del { background: var(--del); }
ins mark.hidden-char { background: var(--ins); border-color: var(--ok); } del mark.hidden-char { background: var(--del); border-color: var(--error); text-decoration: line-through; }
.level { font-weight: 700; text-transform: uppercase; font-size: 11px; }
.level.breaking { color: var(--error); } .level.risky { color: var(--warning); } .level.compatible { color: var(--ok); }
svg.chart { display: block; max-width: 100%; height: auto; margin: 6px 0; }
svg.chart text { fill: var(--fg); font: 12px system-ui, sans-serif; }
svg.chart .p95 { fill: var(--info); opacity: .35; } svg.chart .p50 { fill: var(--info); }
svg.chart .budget { stroke: var(--error); stroke-width: 2; stroke-dasharray: 4 3; }
svg.chart .axis { stroke: var(--line); }
svg.chart text.value { fill: var(--muted); }
.legend { font-size: 12.5px; color: var(--muted); }
.legend .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; background: var(--info); vertical-align: middle; }
.legend .swatch.light { opacity: .35; }
ul.plain { margin: 4px 0; padding-left: 20px; }
footer.page { margin-top: 40px; color: var(--muted); font-size: 12.5px; }
`;

/**
 * The filters: severity checkboxes and a text filter over the findings' own text. It hides findings and empty
 * groups and writes counts (numbers only), so server text is never turned into markup here.
 */
export const SCRIPT = `
(function () {
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input[data-severity]'));
  var query = document.getElementById('filter');
  var shown = document.getElementById('shown');
  var findings = Array.prototype.slice.call(document.querySelectorAll('.finding'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('[data-group]')).reverse();
  var texts = findings.map(function (finding) { return finding.textContent.toLowerCase(); });
  function apply() {
    var on = {};
    boxes.forEach(function (box) { on[box.getAttribute('data-severity')] = box.checked; });
    var words = query.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var count = 0;
    findings.forEach(function (finding, index) {
      var visible = on[finding.getAttribute('data-severity')] === true && words.every(function (word) { return texts[index].indexOf(word) !== -1; });
      finding.hidden = !visible;
      if (visible) count++;
    });
    groups.forEach(function (group) {
      var visible = group.querySelectorAll('.finding:not([hidden])').length;
      group.hidden = visible === 0;
      var counter = group.querySelector('.visible-count');
      if (counter !== null) counter.textContent = String(visible);
      // A text filter opens the collapsed groups it found something in.
      if (words.length > 0 && visible > 0 && group.tagName === 'DETAILS') group.open = true;
    });
    shown.textContent = count + ' of ' + findings.length + ' findings shown';
    document.body.setAttribute('data-shown', String(count));
  }
  boxes.forEach(function (box) { box.addEventListener('change', apply); });
  query.addEventListener('input', apply);
  apply();
})();
`;

/** The CSP source that allows exactly this text inline. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
