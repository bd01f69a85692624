/**
 * A parser for `text/event-stream` as the HTML standard defines it, fed with decoded text in
 * chunks of any size: `event:` names the event, `data:` lines are joined with newlines, `id:` sets
 * the last event id (kept for the events after it), a blank line dispatches, lines starting with
 * ':' are comments (the server's heartbeat).
 */
export interface ServerSentEvent {
  event: string;
  data: string;
  lastEventId: string;
}

export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line === '') {
        if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), lastEventId });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    }
  };
}
