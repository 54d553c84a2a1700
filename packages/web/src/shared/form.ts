// The one way a form of the web app is built: @mantine/form holds its values and messages, and the
// contract's zod schema (the one the server parses the request with) is its rule through @mantine/form's
// Standard Schema resolver, so that the page shows the message the server would answer. A submitted form
// hands over the schema's output (trimmed text, numbers, dropped empties), as the server would read it.
import { schemaResolver, useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
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
 * left with text in it (an empty field says "required" only on submit, not while the person tabs through),
 * and leaves at the next keystroke; a form may pass its own `enhanceGetInputProps` for another rule.
 */
export function useContractForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodMiniType<Output, Input>,
  initialValues: Input,
  options: FormOptions<Input, Output> = {},
): ContractForm<Input, Output> {
  return useForm<Input, Output, FormErrors>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    // Called by onSubmit once the values passed the same schema.
    transformValues: (values) => schema.parse(values),
    enhanceGetInputProps: ({ field, form }) => ({
      onBlur: () => {
        if (hasText(form.getValues()[field as keyof Input])) form.validateField(field);
      },
    }),
    ...options,
  });
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
