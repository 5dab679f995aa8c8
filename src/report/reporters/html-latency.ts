/**
 * The latency section of the HTML report: per server, a small inline SVG bar chart of each timed tool's p50 and
 * p95 (with its budgets as dashed lines), and the table with the exact numbers. Tool names are server text: they
 * are escaped like all other text (SVG `<text>` content and `<title>`), and cut short on the chart.
 */
import type { LatencyReport, LatencyToolReport } from '../../model/report.js';
import { truncate } from '../../util/text.js';
import { html, type Html } from '../escape-html.js';

const WIDTH = 720;
const LABEL = 180;
const VALUE = 150;
const ROW = 26;
const BAR = 14;
const NAME_LIMIT = 24;

/** A chart label: the first characters, the whole name is the row's title. */
const short = (name: string) =>
  Array.from(name).length <= NAME_LIMIT
    ? name
    : `${Array.from(name)
        .slice(0, NAME_LIMIT - 1)
        .join('')}…`;

const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value} ms`);

export function latencySection(name: string, latency: LatencyReport, nameLimit: number): Html {
  return html`<h3>${truncate(name, nameLimit)}</h3>
    ${latencyChart(latency.tools)}
    <table class="latency">
      <thead>
        <tr>
          <th>tool</th>
          <th class="num">samples</th>
          <th class="num">errors</th>
          <th class="num">timeouts</th>
          <th class="num">p50</th>
          <th class="num">p95</th>
          <th>budget</th>
        </tr>
      </thead>
      <tbody>
        ${latency.tools.map(
          (tool) =>
            html`<tr>
              <td><code>${truncate(tool.name, nameLimit)}</code></td>
              <td class="num">${tool.samples}</td>
              <td class="num">${tool.errors}</td>
              <td class="num">${tool.timeouts}</td>
              <td class="num">${ms(tool.p50Ms)}${over(tool.p50Ms, tool.budget?.p50Ms)}</td>
              <td class="num">${ms(tool.p95Ms)}${over(tool.p95Ms, tool.budget?.p95Ms)}</td>
              <td>${budgetText(tool)}</td>
            </tr> `,
        )}
        <tr>
          <td><em>overall</em></td>
          <td class="num">${latency.overall.samples}</td>
          <td></td>
          <td></td>
          <td class="num">${ms(latency.overall.p50Ms)}</td>
          <td class="num">${ms(latency.overall.p95Ms)}</td>
          <td></td>
        </tr>
        ${latency.skipped.map(
          (entry) =>
            html`<tr>
              <td><code>${truncate(entry.name, nameLimit)}</code></td>
              <td colspan="6" class="muted">not timed: ${truncate(entry.reason, 300)}</td>
            </tr> `,
        )}
      </tbody>
    </table>`;
}

function over(measured: number | null, limit: number | undefined): Html {
  return measured !== null && limit !== undefined && measured > limit ? html` <span class="sev error">over budget</span>` : html``;
}

function budgetText(tool: LatencyToolReport): string {
  const parts = [tool.budget?.p50Ms !== undefined && `p50 ≤ ${tool.budget.p50Ms} ms`, tool.budget?.p95Ms !== undefined && `p95 ≤ ${tool.budget.p95Ms} ms`];
  return parts.filter(Boolean).join(', ') || '—';
}

/** Horizontal bars on one scale: p95 light, p50 dark over it, budgets as dashed marks. */
export function latencyChart(tools: readonly LatencyToolReport[]): Html {
  if (tools.length === 0) return html``;
  const top = Math.max(1, ...tools.flatMap((tool) => [tool.p95Ms ?? 0, tool.p50Ms ?? 0, tool.budget?.p50Ms ?? 0, tool.budget?.p95Ms ?? 0]));
  const span = WIDTH - LABEL - VALUE;
  const x = (value: number) => LABEL + Math.round((value / top) * span * 10) / 10;
  const height = tools.length * ROW + 24;
  const rows = tools.map((tool, index) => {
    const y = index * ROW + 4;
    const mid = y + BAR / 2 + 4;
    const bars =
      tool.p95Ms === null || tool.p50Ms === null
        ? html`<text class="value" x="${LABEL}" y="${mid}">no samples</text>`
        : html`<rect class="p95" x="${LABEL}" y="${y}" width="${x(tool.p95Ms) - LABEL}" height="${BAR}" rx="2" /><rect
              class="p50"
              x="${LABEL}"
              y="${y}"
              width="${x(tool.p50Ms) - LABEL}"
              height="${BAR}"
              rx="2"
            /><text class="value" x="${WIDTH - VALUE + 8}" y="${mid}">p50 ${ms(tool.p50Ms)} · p95 ${ms(tool.p95Ms)}</text>`;
    const budgets = [tool.budget?.p50Ms, tool.budget?.p95Ms]
      .filter((limit): limit is number => limit !== undefined)
      .map((limit) => html`<line class="budget" x1="${x(limit)}" x2="${x(limit)}" y1="${y - 3}" y2="${y + BAR + 3}"><title>budget ${limit} ms</title></line>`);
    return html`<g><title>${tool.name}</title><text x="0" y="${mid}">${short(tool.name)}</text>${bars}${budgets}</g>`;
  });
  const axis = html`<line class="axis" x1="${LABEL}" x2="${LABEL}" y1="0" y2="${height - 20}" /><text class="value" x="${LABEL}" y="${height - 4}">0</text
    ><text class="value" x="${x(top)}" y="${height - 4}" text-anchor="end">${ms(top)}</text>`;
  return html`<svg
      class="chart"
      role="img"
      aria-label="p50 and p95 latency per tool"
      viewBox="0 0 ${WIDTH} ${height}"
      width="${WIDTH}"
      height="${height}"
      xmlns="http://www.w3.org/2000/svg"
    >
      ${axis}${rows}
    </svg>
    <p class="legend"><span class="swatch"></span> p50 <span class="swatch light"></span> p95 <span class="muted">(dashed: budget)</span></p>`;
}
