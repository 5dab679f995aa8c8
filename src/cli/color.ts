/**
 * Colour on a TTY, and under GitHub Actions (its log renders ANSI colours though stdout is a pipe), unless NO_COLOR
 * is set; FORCE_COLOR (other than "0") turns it on anywhere.
 */
export function colorEnabled(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY || env.GITHUB_ACTIONS === 'true';
}
