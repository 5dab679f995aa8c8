/**
 * Server-Sent Events, as far as raw transport probes need them: split a text stream into events and join their
 * `data` lines (WHATWG HTML, "event stream interpretation"). The SDK parses SSE for the shared session; this
 * parser exists so probes can see exactly what a server sent, including events the SDK would reject.
 */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export class SseParser {
  private partial = '';
  private data: string[] = [];
  private id: string | undefined;
  private event: string | undefined;

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseEvent[] {
    // No line break: the line goes on (an endless `data:` line must not be split again with every chunk).
    if (!/[\r\n]/.test(text)) {
      this.partial += text;
      return [];
    }
    const lines = (this.partial + text).split(/\r\n|\r|\n/);
    // The last piece has no line break yet (a lone trailing \r may still become \r\n: keep it for next time).
    this.partial = lines.pop() ?? '';
    const events: SseEvent[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0 || this.id !== undefined) events.push(this.dispatch());
        continue;
      }
      if (line.startsWith(':')) continue; // comment (keep-alive)
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') this.data.push(value);
      else if (field === 'id') this.id = value;
      else if (field === 'event') this.event = value;
    }
    return events;
  }

  private dispatch(): SseEvent {
    const event: SseEvent = { data: this.data.join('\n') };
    if (this.id !== undefined) event.id = this.id;
    if (this.event !== undefined) event.event = this.event;
    this.data = [];
    this.id = undefined;
    this.event = undefined;
    return event;
  }
}
