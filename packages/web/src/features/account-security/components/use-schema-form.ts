// A small form state for the contract's schemas: values, the first message per field, and the rule the
// other forms of the app follow: once a field shows an error, it follows the typing so that it leaves
// when the value is fixed.
import { useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from '../../../shared/api-client';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** What binds an input to one field of the form. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
}

function validate<T extends Record<string, string>>(schema: z.ZodMiniType<T>, values: T) {
  const result = schema.safeParse(values);
  const errors: FieldErrors<T> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof T & string;
      errors[field] ??= issue.message;
    }
  }
  return { data: result.success ? result.data : null, errors };
}

/** The server's first refusal of one field (e.g. a common password), if the call failed for it. */
export function fieldRefusal(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
}

export function useSchemaForm<T extends Record<string, string>>(schema: z.ZodMiniType<T>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const set = (field: keyof T & string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const shown = Object.keys(errors).filter((key) => errors[key as keyof T & string]);
    if (shown.length) {
      const now = validate(schema, next).errors;
      setErrors(Object.fromEntries(shown.map((key) => [key, now[key as keyof T & string]])) as FieldErrors<T>);
    }
  };

  /** The form's submit handler: validates everything, shows every message, and sends the values if valid. */
  const handleSubmit = (send: (data: T) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validate(schema, values);
    setErrors(found);
    if (data) send(data);
  };

  /** Shows the message of one field once the person leaves it. */
  const touch = (field: keyof T & string) => {
    if (!values[field]) return;
    setErrors((current) => ({ ...current, [field]: validate(schema, values).errors[field] }));
  };

  /** The props of the input of one field; `afterChange` runs after each keystroke (e.g. to drop a refusal). */
  const field = (name: keyof T & string, afterChange?: () => void): FieldProps => ({
    name,
    // Every key of the form holds a string; the index type cannot say so under noUncheckedIndexedAccess.
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event) => {
      set(name, event.currentTarget.value);
      afterChange?.();
    },
    onBlur: () => touch(name),
  });

  /** Shows under its field what the server refused of it. */
  const showRefusal = (error: unknown, name: keyof T & string) => {
    const message = fieldRefusal(error, name);
    if (message) setErrors((current) => ({ ...current, [name]: message }));
  };

  const isValid = validate(schema, values).data !== null;

  return { values, errors, set, handleSubmit, touch, field, showRefusal, isValid };
}
