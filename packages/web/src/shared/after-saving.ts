// What a form does with its request's answer: once saved, the notice and the next page, if any; a refusal
// shown under the fields it names. A module of its own, so that the sign-in page's form does not load the
// notices with it.
import type { FormErrors } from '@mantine/form';
import { showRefusals } from './form';
import { notifySuccess } from './notify';

/** The mutation's callbacks: `notice` then `next` on success, the server's refusals under `form`'s fields. */
export function afterSaving<Reply>(form: { setErrors: (errors: FormErrors) => void; errors: FormErrors }, notice: string, next?: (reply: Reply) => void) {
  return {
    onSuccess: (reply: Reply) => {
      notifySuccess(notice);
      next?.(reply);
    },
    onError: (failure: Error) => showRefusals(form, failure),
  };
}
