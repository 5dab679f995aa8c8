/**
 * `mcpact login` offers to open the authorization URL in the system browser (--no-browser turns it off). The URL is
 * an https (or loopback http) URL mcpact built itself; it is passed as one argument, never through a shell. Whether
 * a browser opened cannot be known: the URL is printed first either way, and a failure here is silent.
 */
import { spawn } from 'node:child_process';

export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const [command, ...args] =
    platform === 'darwin'
      ? ['open', url]
      : // rundll32 opens a URL with the default handler without cmd.exe, whose parsing would split it at `&`.
        platform === 'win32'
        ? ['rundll32', 'url.dll,FileProtocolHandler', url]
        : ['xdg-open', url];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this system: the printed URL is the way.
  }
}
