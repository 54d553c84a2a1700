// A small form state for the contract's schemas: values, the first message per field, and the rule the
// other forms of the app follow: once a field shows an error, it follows the typing so that it leaves
// when the value is fixed.
import { useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** What binds an input to one field of the form. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
}

function validate<T extends Record<string, string>>(schema: z.ZodType<T>, values: T) {
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

export function useSchemaForm<T extends Record<string, string>>(schema: z.ZodType<T>, initial: T) {
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

  /** Validates everything and shows every message; the parsed values, or null. */
  const submit = (): T | null => {
    const { data, errors: found } = validate(schema, values);
    setErrors(found);
    return data;
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

  const isValid = validate(schema, values).data !== null;

  return { values, errors, set, submit, touch, field, setErrors, isValid };
}
