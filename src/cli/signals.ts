/**
 * SIGINT (Ctrl-C), SIGTERM and SIGHUP (a cancelled CI job, a closed terminal). A command that can stop cleanly
 * (`run`, `diff`) asks for the interrupt signal: the first signal aborts it, so every server's process group is
 * stopped, the reports that can be written are written (marked incomplete) and mcpact exits 2. Any other command,
 * and a second signal, exit 2 at once; the exit hook of connect/stdio.ts still kills every server group.
 */
import { writeErr } from './ci-safe.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const interrupt = new AbortController();
let wanted = false;
let installed = false;

export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (!wanted || interrupt.signal.aborted) {
        writeErr(`mcpact: ${signal}: stopped\n`);
        process.exit(2);
      }
      writeErr(`mcpact: ${signal}: stopping the servers and writing the reports (send it again to stop at once)\n`);
      interrupt.abort(signal);
    });
  }
}

/** The signal a command that stops cleanly watches; asking for it is what makes the first signal wait for it. */
export function interruptSignal(): AbortSignal {
  wanted = true;
  return interrupt.signal;
}
