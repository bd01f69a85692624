/**
 * The app's one form hook (TanStack Form's `createFormHook`): `useAppForm` makes a form whose
 * fields render the shared field components through `form.AppField` (`field.TextField`,
 * `field.SelectField`, `field.ChoiceField`, `field.CheckGroupField` and `field.CheckboxListField`
 * for several values, `field.OrganizationField`, …) and whose submit button is
 * `form.SubmitButton`, inside `AppForm`.
 * Validation is the shared valibot schema, through `formSchema` or `fieldCheck`.
 */
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import type { ComponentProps } from 'react';
import { CheckboxListField } from './checkbox-list-field';
import { CheckGroupField, CheckboxField, ChoiceField } from './choice-fields';
import { NewPasswordField } from './new-password-field';
import { OrganizationField } from './organization-field';
import { SelectField } from './select-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

const contexts = createFormHookContexts();
const { fieldContext, useFormContext } = contexts;
export const { formContext, useFieldContext } = contexts;

/** A field component's props without its field, which the bound version takes from the form. */
type Unbound<P> = Omit<P, 'field'>;

function BoundTextField(props: Unbound<ComponentProps<typeof TextField>>) {
  return <TextField field={useFieldContext()} {...props} />;
}
function BoundSelectField(props: Unbound<ComponentProps<typeof SelectField>>) {
  return <SelectField field={useFieldContext()} {...props} />;
}
function BoundCheckboxField(props: Unbound<ComponentProps<typeof CheckboxField>>) {
  return <CheckboxField field={useFieldContext()} {...props} />;
}
function BoundChoiceField(props: Unbound<ComponentProps<typeof ChoiceField>>) {
  return <ChoiceField field={useFieldContext()} {...props} />;
}
function BoundNewPasswordField(props: Unbound<ComponentProps<typeof NewPasswordField>>) {
  return <NewPasswordField field={useFieldContext()} {...props} />;
}
function BoundCheckGroupField(props: Unbound<ComponentProps<typeof CheckGroupField>>) {
  return <CheckGroupField field={useFieldContext()} {...props} />;
}
function BoundCheckboxListField(props: Unbound<ComponentProps<typeof CheckboxListField>>) {
  return <CheckboxListField field={useFieldContext()} {...props} />;
}
function BoundOrganizationField() {
  return <OrganizationField field={useFieldContext()} />;
}
function BoundSubmitButton(props: Omit<ComponentProps<typeof SubmitButton>, 'form'>) {
  return <SubmitButton form={useFormContext()} {...props} />;
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    SelectField: BoundSelectField,
    CheckboxField: BoundCheckboxField,
    ChoiceField: BoundChoiceField,
    NewPasswordField: BoundNewPasswordField,
    CheckGroupField: BoundCheckGroupField,
    CheckboxListField: BoundCheckboxListField,
    OrganizationField: BoundOrganizationField,
  },
  formComponents: { SubmitButton: BoundSubmitButton },
});
