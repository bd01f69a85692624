import { describe, expect, test } from 'vitest';
import { type ServerSentEvent, createSseParser } from './sse-parser';

const parse = (chunks: string[]) => {
  const events: ServerSentEvent[] = [];
  const feed = createSseParser((e) => events.push(e));
  for (const chunk of chunks) feed(chunk);
  return events;
};

describe('the event-stream parser', () => {
  test('reads named events and skips comments such as the heartbeat', () => {
    expect(parse([': connected\n\nevent: alarm\ndata: {"type":"created","alarmId":3,"folderId":1}\n\n: heartbeat\n\nevent: counts\ndata: {}\n\n'])).toEqual([
      { event: 'alarm', data: '{"type":"created","alarmId":3,"folderId":1}', lastEventId: '' },
      { event: 'counts', data: '{}', lastEventId: '' },
    ]);
  });

  test('an id stays the last event id for the events after it', () => {
    expect(parse(['id: 7\ndata: a\n\ndata: b\n\nid: 9\ndata: c\n\n']).map((e) => e.lastEventId)).toEqual(['7', '7', '9']);
  });

  test('joins an event split over chunks at any point, CRLF line ends included', () => {
    const text = 'event: alarm\r\ndata: {"alarmId":7}\r\n\r\nevent: counts\ndata: {}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'alarm', data: '{"alarmId":7}', lastEventId: '' },
        { event: 'counts', data: '{}', lastEventId: '' },
      ]);
    }
  });

  test('joins several data lines with a newline and names an unnamed event "message"', () => {
    expect(parse(['data: a\ndata:b\n\n'])).toEqual([{ event: 'message', data: 'a\nb', lastEventId: '' }]);
  });

  test('dispatches nothing until the blank line arrives', () => {
    expect(parse(['event: alarm\ndata: {}\n'])).toEqual([]);
  });
});
