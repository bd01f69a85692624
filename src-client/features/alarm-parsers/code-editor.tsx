/**
 * The CUSTOM parser's code in CodeMirror 6 with JavaScript highlighting. This module is only
 * imported lazily (`React.lazy`), so the editor lands in its own chunk, loaded on the parser page.
 *
 * Keyboard: CodeMirror's default keymap and history (Enter indents, Mod-z / Mod-Shift-z undo and
 * redo); Tab is left to the browser (it moves to the next field, so the editor never traps the
 * focus: CodeMirror's `indentWithTab` is deliberately not used).
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Transaction } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useEffectEvent, useRef } from 'react';

/** CodeMirror's default colours, with each at least 4.5:1 on white (its regexp orange is not). */
const highlightStyle = HighlightStyle.define([
  { tag: tags.keyword, color: '#7e22ce' },
  { tag: [tags.atom, tags.bool, tags.null, tags.number], color: '#1d4ed8' },
  { tag: [tags.string, tags.special(tags.string)], color: '#a11' },
  { tag: [tags.regexp, tags.escape], color: '#9a3412' },
  { tag: tags.definition(tags.variableName), color: '#0f766e' },
  { tag: tags.function(tags.variableName), color: '#0f766e' },
  { tag: tags.propertyName, color: '#0369a1' },
  { tag: tags.comment, color: '#57606a', fontStyle: 'italic' },
  { tag: tags.invalid, color: '#b91c1c' },
]);

const theme = EditorView.theme({
  '&': { fontSize: '13px', backgroundColor: 'var(--color-background)' },
  // The editor grows with its code and wraps long lines, so it never scrolls by itself: the page
  // does (a scrolling region inside would need a focus stop of its own to be reachable).
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: '18rem' },
  '.cm-content': { padding: '8px 0' },
  '.cm-gutters': { backgroundColor: 'var(--color-muted)', color: 'var(--color-muted-foreground)', borderRight: '1px solid var(--color-border)' },
  '&.cm-focused': { outline: 'none' },
});

export default function CodeEditor({
  value,
  onChange,
  onBlur,
  readOnly,
  labelledBy,
  describedBy,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  readOnly: boolean;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useEffectEvent((doc: string) => onChange(doc));
  const left = useEffectEvent(() => onBlur());

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(highlightStyle),
          javascript(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorState.tabSize.of(2),
          EditorState.readOnly.of(readOnly),
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-labelledby': labelledBy,
            ...(readOnly ? { 'aria-readonly': 'true' } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({ blur: () => void left() }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; its text follows `value` below, the rest is fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A reset of the form puts new text in from outside.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value }, annotations: Transaction.addToHistory.of(false) });
  }, [value]);

  useEffect(() => {
    const content = view.current?.contentDOM;
    content?.setAttribute('aria-invalid', String(invalid));
    if (describedBy) content?.setAttribute('aria-describedby', describedBy);
    else content?.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);

  return (
    <div
      ref={host}
      data-testid="code-editor"
      className="min-w-0 overflow-hidden rounded-md border border-input shadow-sm focus-within:ring-2 focus-within:ring-ring aria-invalid:border-destructive"
      aria-invalid={invalid || undefined}
    />
  );
}
