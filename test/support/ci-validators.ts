/**
 * Real consumers for what the CI reporters emit: libxml2 (xmllint, as WebAssembly) with a JUnit XSD and
 * fast-xml-parser for JUnit; Ajv with the official SARIF 2.1.0 JSON Schema (draft-04) and Microsoft's SARIF
 * Multitool for SARIF; a CommonMark/GFM parser (micromark) and an HTML parser (parse5) for Markdown.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from './cli.js';

const JUNIT_XSD = readFileSync(path.join(ROOT, 'test/fixtures/junit.xsd'), 'utf8');
/** The Jenkins xunit-plugin's JUnit schema, as Jenkins validates reports with it (test/fixtures/README.md). */
export const JENKINS_JUNIT_XSD_PATH = path.join(ROOT, 'test/fixtures/jenkins-junit-10.xsd');
const JENKINS_JUNIT_XSD = readFileSync(JENKINS_JUNIT_XSD_PATH, 'utf8');
/** The OASIS schema (errata 01), kept in the repository so tests never need the network. */
const SARIF_SCHEMA = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/sarif-schema-2.1.0.json'), 'utf8'));
const MULTITOOL_POLICY = path.join(ROOT, 'test/fixtures/sarif-multitool-policy.xml');

/** XSD validation by libxml2 (which also rejects any document that is not well-formed XML 1.0), then a parse. */
export async function checkJunit(xml: string): Promise<{ errors: string[]; document: JunitDocument }> {
  const result = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [JUNIT_XSD], maxMemoryPages: 4096 });
  const jenkins = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [JENKINS_JUNIT_XSD], maxMemoryPages: 4096 });
  const wellFormed = XMLValidator.validate(xml);
  const errors = [
    ...result.errors.map((error) => error.rawMessage),
    ...jenkins.errors.map((error) => `jenkins-junit-10.xsd: ${error.rawMessage}`),
    ...(wellFormed === true ? [] : [`fast-xml-parser: ${wellFormed.err.msg} at line ${wellFormed.err.line}`]),
  ];
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    textNodeName: 'text',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    processEntities: true,
    // Decodes numeric character references too (&#10; in attributes); named HTML entities never occur in our output.
    htmlEntities: true,
    isArray: (name) => ['testsuite', 'testcase', 'property', 'failure', 'error'].includes(name),
  });
  const document: JunitDocument = parser.parse(xml);
  return { errors, document };
}

export interface JunitDocument {
  testsuites: Omit<Counts, 'skipped'> & { name: string; testsuite?: JunitSuite[] };
}
interface Counts {
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  time: string;
}
export interface JunitSuite extends Counts {
  name: string;
  properties?: { property: { name: string; value: string }[] };
  testcase?: JunitCase[];
}
export interface JunitCase {
  name: string;
  classname: string;
  time: string;
  failure?: Problem[];
  error?: Problem[];
  /** `<skipped message="..."/>`, or an empty string for a bare `<skipped/>`. */
  skipped?: { message?: string; text?: string } | string;
  'system-out'?: string;
}
interface Problem {
  message?: string;
  type?: string;
  text?: string;
}

const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateSarifSchema = ajv.compile(SARIF_SCHEMA);

/** Errors of the official SARIF 2.1.0 JSON Schema, empty when the log is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  return validateSarifSchema(log) ? [] : (validateSarifSchema.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

interface ScanLocation {
  physicalLocation?: { artifactLocation?: { uri?: unknown }; region?: { startLine?: unknown } };
}

/**
 * What GitHub code scanning needs beyond the schema, empty when it has it: every result and related location has a
 * physical location whose artifact is a path relative to the repository (no scheme, not absolute), and lines start
 * at 1. A result with logical locations alone is refused ("locationFromSarifResult: expected a physical location"),
 * and so is a URL as the artifact ("unrecognized SARIF location URI scheme").
 */
export function codeScanningProblems(sarif: unknown): string[] {
  // What the schema check (sarifSchemaErrors) has already held it to; only these fields are read.
  const log = sarif as { runs: { results?: { locations?: ScanLocation[]; relatedLocations?: ScanLocation[] }[] }[] };
  const problems: string[] = [];
  const check = (location: ScanLocation | undefined, where: string) => {
    const uri = location?.physicalLocation?.artifactLocation?.uri;
    if (typeof uri !== 'string' || uri === '') return problems.push(`${where}: no physicalLocation.artifactLocation.uri`);
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/')) problems.push(`${where}: ${uri} is not a path relative to the repository`);
    const line = location?.physicalLocation?.region?.startLine;
    if (line !== undefined && !(typeof line === 'number' && line >= 1)) problems.push(`${where}: startLine ${String(line)}`);
    return undefined;
  };
  log.runs.forEach((run, runIndex) =>
    (run.results ?? []).forEach((result, index) => {
      const where = `runs[${runIndex}].results[${index}]`;
      if ((result.locations ?? []).length === 0) problems.push(`${where}: no location`);
      (result.locations ?? []).forEach((location, position) => check(location, `${where}.locations[${position}]`));
      (result.relatedLocations ?? []).forEach((location, position) => check(location, `${where}.relatedLocations[${position}]`));
    }),
  );
  return problems;
}

const require = createRequire(import.meta.url);

/** The Multitool's binary for this platform, when its npm package ships one. */
export function multitoolPath(): string | undefined {
  try {
    return require('@microsoft/sarif-multitool') as string;
  } catch {
    return undefined;
  }
}

/**
 * `sarif-multitool validate`: the schema plus the SARIF SDK's own rules, errors and warnings, for one file.
 *
 * Two quirks shape this. Its exit code is 0 even when it finds errors, so it writes its verdict as SARIF and we
 * read the results. And a log it cannot load (an unknown enum value, say) yields no results at all, the same as a
 * clean one; so a canary copy of the file without `informationUri` goes along, and must draw the warning
 * SARIF2005, proving the file was read and analyzed.
 */
export function multitoolProblems(file: string): string[] {
  return multitoolProblemsOf([file])[0]!;
}

/**
 * The same for several files in one run of the Multitool (each with its canary): a run costs about a second to
 * start, so a test with several logs validates them together. Problems per file, in the order given.
 */
export function multitoolProblemsOf(files: readonly string[]): string[][] {
  const tool = multitoolPath();
  if (tool === undefined) throw new Error('@microsoft/sarif-multitool is not installed for this platform');
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-sarif-'));
  const pairs = files.map((file, index) => {
    const target = path.join(dir, `target-${index}.sarif`);
    const canary = path.join(dir, `canary-${index}.sarif`);
    const log = JSON.parse(readFileSync(file, 'utf8')) as { runs: { tool: { driver: Record<string, unknown> } }[] };
    writeFileSync(target, JSON.stringify(log, null, 2));
    for (const run of log.runs) delete run.tool.driver.informationUri;
    writeFileSync(canary, JSON.stringify(log, null, 2));
    return { file, target, canary };
  });
  const out = path.join(dir, 'verdict.sarif');
  const args = [
    'validate',
    ...pairs.flatMap((pair) => [pair.target, pair.canary]),
    '--config',
    MULTITOOL_POLICY,
    '--output',
    out,
    '--log',
    'ForceOverwrite',
    '--quiet',
  ];
  const run = spawnSync(tool, args, { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`sarif-multitool failed (${run.status}): ${run.stderr}${run.stdout}`);
  const verdict = JSON.parse(readFileSync(out, 'utf8')) as {
    runs: {
      results?: {
        ruleId?: string;
        level?: string;
        message: { text?: string; arguments?: string[] };
        locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[];
      }[];
    }[];
  };
  const results = verdict.runs[0]?.results ?? [];
  const about = (file: string) =>
    results.filter((result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri?.endsWith(`/${path.basename(file)}`));
  return pairs.map(({ file, target, canary }) => {
    if (!about(canary).some((result) => result.ruleId === 'SARIF2005'))
      throw new Error(`sarif-multitool did not analyze ${file} (the canary drew no SARIF2005)`);
    return about(target)
      .filter((result) => result.level === 'error' || result.level === 'warning')
      .map((result) => `${result.level} ${result.ruleId}: ${result.message.text ?? result.message.arguments?.join(' | ') ?? ''}`);
  });
}

export function writeTemp(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-')), name);
  writeFileSync(file, text);
  return file;
}

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

export interface RenderedMarkdown {
  html: string;
  /** Every element, in document order. */
  elements: Element[];
  /** All text as a reader sees it, one string per text node. */
  texts: string[];
  /** Text outside code and pre blocks: where GitHub looks for mentions, issue references and bare URLs. */
  proseTexts: string[];
}

/**
 * Markdown as GitHub renders it: CommonMark with the GFM extensions (tables, autolink literals, strikethrough,
 * footnotes), raw HTML passed through (GitHub then filters it), and the result parsed as HTML.
 */
export function renderGfm(markdown: string): RenderedMarkdown {
  const html = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  const elements: Element[] = [];
  const texts: string[] = [];
  const proseTexts: string[] = [];
  const walk = (node: Node | DefaultTreeAdapterMap['documentFragment'], inCode: boolean) => {
    if ('tagName' in node) elements.push(node);
    if (node.nodeName === '#text' && 'value' in node) {
      texts.push(node.value);
      if (!inCode) proseTexts.push(node.value);
    }
    const code = inCode || node.nodeName === 'code' || node.nodeName === 'pre';
    if ('childNodes' in node) for (const child of node.childNodes) walk(child, code);
    if ('content' in node) walk(node.content, code);
  };
  walk(parseFragment(html), false);
  return { html, elements, texts, proseTexts };
}

export function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** The text of an element and everything in it. */
export function textContent(node: Node | Element): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return 'childNodes' in node ? node.childNodes.map(textContent).join('') : '';
}

export function childElements(element: Element): Element[] {
  return element.childNodes.filter((node): node is Element => 'tagName' in node);
}
