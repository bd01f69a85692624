import { expect, test } from 'vitest';
import { createSecretBox } from './secrets';

test('sealed secrets open with the same key only, and do not contain the plain text', () => {
  const box = createSecretBox('k'.repeat(43));
  const sealed = box.seal({ apiKey: 'geheim-123' });
  expect(sealed).not.toContain('geheim');
  expect(box.open(sealed)).toEqual({ apiKey: 'geheim-123' });
  expect(() => createSecretBox('x'.repeat(43)).open(sealed)).toThrow();
  expect(box.seal({ a: 1 })).not.toBe(box.seal({ a: 1 }));
});
