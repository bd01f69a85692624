import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type ValidationLogicFn, type ValidationLogicValidatorsFn, defaultValidationLogic } from '@tanstack/react-form';
import type { MouseEvent } from 'react';
import { formSchema } from './form-schema';

/**
 * When a field's check (its `onDynamic` validator) runs: when the field is left, on every change
 * once it has been left or the form submitted, and on every submit. All three write one error
 * slot, so a field loses its message while it is being corrected. (With separate `onBlur` and
 * `onSubmit` validators an old message stayed until the field was left; leaving it for the submit
 * button removed the message between mousedown and click, the button moved from under the pointer
 * and the click was lost.) Form-level `onDynamic` validators run on blur, on submit and, after a
 * submit, on change.
 */
const blurThenChange: ValidationLogicFn = (props) => {
  const { form, event } = props;
  const left = event.fieldName ? Boolean(form.getFieldMeta(event.fieldName)?.isBlurred) : false;
  const runs = event.type === 'submit' || event.type === 'blur' || (event.type === 'change' && (left || form.state.submissionAttempts > 0));
  let validators: (ValidationLogicValidatorsFn | undefined)[] = [];
  defaultValidationLogic({ ...props, runValidation: (chosen) => void (validators = chosen.validators) });
  if (runs && props.validators) {
    validators = [...validators, { fn: event.async ? props.validators.onDynamicAsync : props.validators.onDynamic, cause: 'dynamic' }];
  }
  // TanStack Form uses what the logic returns, although its type says void.
  return props.runValidation({ validators, form });
};

/**
 * `useForm` options of a form whose fields check themselves (`fieldCheck`). Every submit checks
 * every field: TanStack Form's first submit otherwise stops before checking when `canSubmit` is
 * false, which it is once one left field failed, and fields not yet visited would show nothing.
 */
export const checkedFields = { validationLogic: blurThenChange, canSubmitWhenInvalid: true } as const;

/** A field's validators: its part of the shared schema, run as `checkedFields` says. */
export const fieldCheck = <TValue>(schema: StandardSchemaV1) => ({ onDynamic: formSchema<TValue>(schema) });

/**
 * `onMouseDown` of such a form's submit button: the focused field is not left before the click,
 * so a message its blur check would add cannot push the button from under the pointer and lose
 * the click. The submit checks that field anyway.
 */
export const keepFieldFocus = (event: MouseEvent) => event.preventDefault();
