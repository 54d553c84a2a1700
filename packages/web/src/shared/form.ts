// The one way a form of the web app is built: @mantine/form holds its values and messages, and the
// contract's zod schema (the one the server parses the request with) is its rule through @mantine/form's
// Standard Schema resolver, so that the page shows the message the server would answer. A submitted form
// hands over the schema's output (trimmed text, numbers, dropped empties), as the server would read it.
import { schemaResolver, useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from './api-client';

export type ContractForm<Input extends Record<string, unknown>, Output> = UseFormReturnType<
  Input,
  Output,
  (values: Input) => FormErrors
>;

type FormOptions<Input, Output> = Omit<UseFormInput<Input, Output>, 'initialValues' | 'validate' | 'transformValues' | 'mode'>;

/**
 * A form over `schema` starting from `initialValues`. By default a field's message shows once the field is
 * left with text in it (an empty field says "required" only on submit, not while the person tabs through);
 * once shown, a message follows the typing, so that it leaves as soon as the value is right (a refusal of
 * the server too). A form may pass its own `enhanceGetInputProps` for another rule of leaving a field.
 */
export function useContractForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodMiniType<Output, Input>,
  initialValues: Input,
  options: FormOptions<Input, Output> = {},
): ContractForm<Input, Output> {
  const validate = schemaResolver(schema, { sync: true });
  // The form of the last render, for the change handler that @mantine/form calls without it.
  const latest = useRef<ContractForm<Input, Output> | null>(null);
  const form = useForm<Input, Output, FormErrors>({
    mode: 'controlled',
    initialValues,
    validate,
    // Called by onSubmit once the values passed the same schema.
    transformValues: (values) => schema.parse(values),
    enhanceGetInputProps: ({ field, form: current }) => ({
      onBlur: () => {
        if (hasText(current.getValues()[field as keyof Input])) current.validateField(field);
      },
    }),
    ...options,
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      const shown = latest.current?.errors ?? {};
      if (Object.keys(shown).length > 0) latest.current?.setErrors(followTyping(shown, validate(values), validate(previous), values, previous));
      options.onValuesChange?.(values, previous);
    },
  });
  latest.current = form;
  return form;
}

/**
 * The messages shown after a change: a changed field shows what the schema says of it now (nothing when it is
 * right); another field keeps a message the schema still gives (a verification that no longer matches) and
 * drops one the change fixed, while a message that did not come from the schema (the server's) stays.
 */
function followTyping(shown: FormErrors, now: FormErrors, before: FormErrors, values: object, previous: object): FormErrors {
  const kept: FormErrors = {};
  for (const [field, message] of Object.entries(shown)) {
    const changed = (values as Record<string, unknown>)[field] !== (previous as Record<string, unknown>)[field];
    if (now[field]) kept[field] = now[field];
    else if (!changed && !before[field]) kept[field] = message;
  }
  return kept;
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' ? value !== '' : value !== null && value !== undefined;
}

/** The server's first refusal of one field (e.g. a common password), if the call failed for it. */
export function fieldRefusal(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
}

/** Shows under each field of `form` what the server refused of it; true when it refused at least one. */
export function showRefusals(form: { setErrors: (errors: FormErrors) => void; errors: FormErrors }, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const refused = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  if (refused.length === 0) return false;
  form.setErrors({ ...form.errors, ...Object.fromEntries(refused.map(([field, messages]) => [field, messages[0]])) });
  return true;
}

/** The message of a failed call that belongs to no field, for the alert under the form. */
export function generalFailure(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) return null;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A request built from a form whose values are not the request's (ids picked as text, times typed in the
 * reader's zone), judged by the request's schema: its output, or the schema's first message per field path.
 */
export function judgeRequest<Output>(schema: z.ZodMiniType<Output>, request: unknown): { body: Output } | { errors: FormErrors } {
  const parsed = schema.safeParse(request);
  return parsed.success ? { body: parsed.data } : { errors: schemaResolver(schema, { sync: true })(request as Record<string, unknown>) };
}
