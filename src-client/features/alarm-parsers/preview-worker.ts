/** Runs the template preview off the page's thread (see `use-line-preview.ts`). */
import { type PreviewConfig, type SampleEmail, previewLine } from './template-preview';

self.onmessage = (event: MessageEvent<{ id: number; config: PreviewConfig; email: SampleEmail }>) => {
  const { id, config, email } = event.data;
  self.postMessage({ id, preview: previewLine(config, email) });
};
