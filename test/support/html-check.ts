/**
 * What the HTML report may contain, checked on its parsed tree (parse5, the HTML5 parsing algorithm browsers use):
 * only the elements and attributes the reporter writes, one script and one style (its own, whose hashes the CSP
 * names), no event-handler attribute, and links only to https addresses mcpact builds. Any markup a server
 * smuggled through would show up as an element or attribute outside these lists.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { CSP } from '../../src/report/reporters/html.js';
import { hashSource, SCRIPT, STYLE } from '../../src/report/reporters/html-assets.js';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const ELEMENTS = new Set([
  'html',
  'head',
  'body',
  'meta',
  'title',
  'style',
  'script',
  'main',
  'header',
  'footer',
  'nav',
  'section',
  'article',
  'div',
  'span',
  'p',
  'h1',
  'h2',
  'h3',
  'b',
  'strong',
  'em',
  'code',
  'pre',
  'blockquote',
  'details',
  'summary',
  'ul',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'label',
  'input',
  'mark',
  'ins',
  'del',
  'svg',
  'g',
  'rect',
  'line',
  'text',
  'title',
]);
const ATTRIBUTES = new Set([
  'class',
  'id',
  'lang',
  'charset',
  'http-equiv',
  'content',
  'name',
  'href',
  'rel',
  'type',
  'checked',
  'placeholder',
  'aria-label',
  'autocomplete',
  'open',
  'hidden',
  'colspan',
  'role',
  'viewbox',
  'viewBox',
  'width',
  'height',
  'xmlns',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'rx',
  'text-anchor',
  'data-severity',
  'data-rule',
  'data-group',
  'data-family',
  'data-server',
]);
/** The only hosts the report links to: rule docs, spec pages, upstream SDK references. */
const LINK_HOSTS = new Set(['github.com', 'modelcontextprotocol.io']);

export interface HtmlInspection {
  problems: string[];
  elements: Element[];
  text: string;
}

export function inspectHtml(html: string): HtmlInspection {
  const document = parse(html);
  const elements: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) elements.push(node);
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) walk(child);
    if (node.nodeName === 'template' && 'content' in node) walk(node.content);
  };
  walk(document);
  const problems: string[] = [];
  for (const element of elements) {
    if (!ELEMENTS.has(element.tagName)) problems.push(`element <${element.tagName}>`);
    for (const { name, value } of element.attrs) {
      if (!ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${element.tagName}>`);
      if (/^on/i.test(name)) problems.push(`event handler ${name}`);
      if (name === 'href') {
        const url = new URL(value);
        if (url.protocol !== 'https:' || !LINK_HOSTS.has(url.host)) problems.push(`link to ${value}`);
      }
    }
  }
  const scripts = elements.filter((element) => element.tagName === 'script');
  const styles = elements.filter((element) => element.tagName === 'style');
  if (scripts.length !== 1 || textOf(scripts[0]!) !== SCRIPT) problems.push(`${scripts.length} scripts, or not the reporter's own`);
  if (styles.length !== 1 || textOf(styles[0]!) !== STYLE) problems.push(`${styles.length} styles, or not the reporter's own`);
  const csp = elements.find((element) => element.tagName === 'meta' && attr(element, 'http-equiv') === 'Content-Security-Policy');
  if (csp === undefined || attr(csp, 'content') !== CSP) problems.push('no Content-Security-Policy meta, or another one');
  if (!CSP.includes(hashSource(SCRIPT)) || !CSP.includes(hashSource(STYLE)) || /unsafe/.test(CSP)) problems.push('the CSP does not pin the script and style');
  const body = elements.find((element) => element.tagName === 'body');
  return { problems, elements, text: body === undefined ? '' : textOf(body) };
}

export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

export function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

export function byClass(inspection: HtmlInspection, name: string): Element[] {
  return inspection.elements.filter((element) => (attr(element, 'class') ?? '').split(' ').includes(name));
}

/** The elements of class `name` inside `root` (itself included), in document order. */
export function byClassUnder(root: Element, name: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node && (attr(node, 'class') ?? '').split(' ').includes(name)) found.push(node);
    for (const child of 'childNodes' in node ? node.childNodes : []) walk(child);
  };
  walk(root);
  return found;
}
