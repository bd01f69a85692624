/**
 * The template preview, worked out in a Web Worker: an answer within the parser time limit is
 * shown; a slower one (a pattern that backtracks without end) ends that worker and says so, as the
 * pipeline would record a FAILED attempt. The page's own thread never runs a user pattern.
 */
import { useEffect, useRef, useState } from 'react';
import { PARSER_TIME_LIMIT_MS } from '@/domain/alarm-parser';
import type { Preview, PreviewConfig, SampleEmail } from './template-preview';

export type PreviewState = { kind: 'ready'; preview: Preview } | { kind: 'slow' } | { kind: 'pending' } | null;

const startWorker = () => new Worker(new URL('./preview-worker.ts', import.meta.url), { type: 'module' });

export function useLinePreview(config: PreviewConfig, sample: SampleEmail | undefined): PreviewState {
  const worker = useRef<Worker | null>(null);
  const asked = useRef(0);
  const [state, setState] = useState<PreviewState>(null);
  const key = sample ? JSON.stringify([config.match, config.data, config.line, sample]) : '';

  useEffect(() => () => worker.current?.terminate(), []);

  useEffect(() => {
    if (!sample) return;
    const id = ++asked.current;
    let limit: ReturnType<typeof setTimeout> | undefined;
    // Typing in quick succession asks once, after a short pause.
    const debounce = setTimeout(() => {
      const current = (worker.current ??= startWorker());
      setState((s) => (s?.kind === 'ready' ? s : { kind: 'pending' }));
      // A worker stuck on an earlier question answers this one late too: then it is ended.
      limit = setTimeout(() => {
        current.terminate();
        if (worker.current === current) worker.current = null;
        if (asked.current === id) setState({ kind: 'slow' });
      }, PARSER_TIME_LIMIT_MS);
      current.onmessage = (event: MessageEvent<{ id: number; preview: Preview }>) => {
        if (event.data.id !== id) return;
        clearTimeout(limit);
        setState({ kind: 'ready', preview: event.data.preview });
      };
      current.postMessage({ id, config: { match: config.match, data: config.data, line: config.line }, email: sample });
    }, 80);
    return () => {
      clearTimeout(debounce);
      clearTimeout(limit);
    };
    // `key` stands for the inputs that matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return sample ? state : null;
}
