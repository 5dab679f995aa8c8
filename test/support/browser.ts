/**
 * Headless Chromium for the HTML report's browser tests and its docs screenshots: Debian's `chromium` package
 * (.ci/run installs it), driven by playwright-core, which never downloads a browser of its own. One fresh profile
 * per launch; every flag that would let the browser reach the network on its own is off. Each page opened here
 * records what the page did that it must not: console errors, uncaught errors, requests other than the file
 * itself (routed, and aborted), and Content-Security-Policy violations.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1200, height: 900 }): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'mcpact-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface OpenedPage {
  page: Page;
  /** Console errors and warnings, uncaught page errors. */
  errors: string[];
  /** Every request other than the page's own file. */
  requests: string[];
  /** CSP directives the page violated (something tried to run or load). */
  violations(): Promise<string[]>;
  close(): Promise<void>;
}

/** Opens a local file with everything it must not do recorded, and every request but the file's own aborted. */
export async function openFile(browser: Browser, file: string): Promise<OpenedPage> {
  const page = await browser.context.newPage();
  const own = pathToFileURL(file).href;
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url === own) return route.continue();
    requests.push(url);
    return route.abort();
  });
  // Playwright's init scripts are not page scripts: the page's CSP does not apply to this listener.
  // (Strings, because the project compiles without the DOM library.)
  await page.addInitScript({
    content: `(() => {
      const seen = [];
      Object.defineProperty(window, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective + ' ' + event.blockedURI));
    })();`,
  });
  await page.goto(own);
  return {
    page,
    errors,
    requests,
    violations: () => page.evaluate<string[]>('window.__cspViolations.slice()'),
    close: () => page.close(),
  };
}
