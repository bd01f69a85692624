import { useForm } from '@tanstack/react-form';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ChoiceField } from './choice-fields';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/** A small form with a text, a choice and a select field, all named alike in every instance. */
function NameForm() {
  const form = useForm({ defaultValues: { name: '', kind: '', ownerId: undefined as number | undefined } });
  return h(
    'form',
    null,
    h(form.Field, { name: 'name', children: (field) => h(TextField, { field, label: 'Naam' }) }),
    h(form.Field, { name: 'kind', children: (field) => h(ChoiceField, { field, label: 'Soort', options: [{ value: 'a', label: 'A' }] }) }),
    h(form.Field, { name: 'ownerId', children: (field) => h(SelectField, { field, label: 'Eigenaar', placeholder: 'Niemand', options: [] }) }),
  );
}

describe('form fields on a page with two forms of one kind', () => {
  test('every label names its own input: ids are unique per form instance', () => {
    const html = renderToString(h('div', null, h(NameForm), h(NameForm)));
    const ids = [...html.matchAll(/<(?:input|select)[^>]* id="([^"]+)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/<label[^>]* for="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(targets).toEqual(ids);
  });
});
