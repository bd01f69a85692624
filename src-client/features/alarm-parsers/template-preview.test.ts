import { describe, expect, test } from 'vitest';
import { previewLine } from './template-preview';

const email = { subject: 'Alarm: hoge druk op WKK-2', from: 'Gebouwbeheer <gbs@example.nl>', text: 'Locatie: Utrecht\nStatus: storing\n' };
const config = (change: object = {}) => ({
  match: { from: '', subject: 'Alarm: (?<wat>.+?) op (?<waar>\\S+)', body: '' },
  data: [{ name: 'status', field: 'body' as const, pattern: '^Status: (.+)$' }],
  line: '{{waar}}: {{wat}} ({{status}})',
  ...change,
});

describe('the line preview', () => {
  test('fills the template from named groups of the match and from data fields, multi-line and case-insensitive', () => {
    expect(previewLine(config(), email)).toEqual({ line: 'WKK-2: hoge druk (storing)', misses: [] });
    expect(previewLine(config({ match: { from: 'GBS@', subject: '', body: '' }, line: '{{from}} / {{subject}}' }), email).line).toBe(
      'Gebouwbeheer <gbs@example.nl> / Alarm: hoge druk op WKK-2',
    );
  });

  test('names the match fields that do not match, and leaves absent values empty', () => {
    const preview = previewLine(config({ match: { from: 'noreply@', subject: '', body: 'Locatie: (?<plaats>\\w+)' } }), email);
    expect(preview).toEqual({ line: ': (storing)', misses: ['from'] });
  });

  test('an invalid pattern or a data pattern without a match gives no value instead of an error', () => {
    expect(previewLine(config({ data: [{ name: 'x', field: 'body', pattern: '(' }], line: '[{{x}}]' }), email).line).toBe('[]');
  });
});
