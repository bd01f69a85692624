import { describe, expect, test } from 'vitest';
import { type ServerSentEvent, createSseParser } from './sse';

const parse = (chunks: string[]) => {
  const events: ServerSentEvent[] = [];
  const feed = createSseParser((e) => events.push(e));
  for (const chunk of chunks) feed(chunk);
  return events;
};

describe('the event-stream parser', () => {
  test('reads named events and skips comments such as the heartbeat', () => {
    expect(parse([': connected\n\nevent: alarm\ndata: {"type":"created","alarmId":3,"folderId":1}\n\n: heartbeat\n\nevent: counts\ndata: {}\n\n'])).toEqual([
      { event: 'alarm', data: '{"type":"created","alarmId":3,"folderId":1}' },
      { event: 'counts', data: '{}' },
    ]);
  });

  test('joins an event split over chunks at any point, CRLF line ends included', () => {
    const text = 'event: alarm\r\ndata: {"alarmId":7}\r\n\r\nevent: counts\ndata: {}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'alarm', data: '{"alarmId":7}' },
        { event: 'counts', data: '{}' },
      ]);
    }
  });

  test('joins several data lines with a newline and names an unnamed event "message"', () => {
    expect(parse(['data: a\ndata:b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  test('dispatches nothing until the blank line arrives', () => {
    expect(parse(['event: alarm\ndata: {}\n'])).toEqual([]);
  });
});
