// Refusing an account request: the reason mailed to the applicant, required (the contract's
// refuseAccountBodySchema, the request's body).
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { refuseAccountBodySchema, registrationMessages, type RefuseAccountBody } from '@testbed/contract';
import { Dialog } from '../../../shared/components/dialog';
import { useContractForm } from '../../../shared/form';

export interface RefuseDialogProps {
  opened: boolean;
  token: string;
  onClose: () => void;
  onRefuse: (body: RefuseAccountBody) => void;
  pending: boolean;
}

export function RefuseDialog({ opened, token, onClose, onRefuse, pending }: RefuseDialogProps) {
  const form = useContractForm(refuseAccountBodySchema, { token, reason: '' });
  return (
    <Dialog opened={opened} onClose={onClose} title={registrationMessages.REFUSE_TITLE}>
      <form onSubmit={form.onSubmit(onRefuse)} noValidate>
        <Stack>
          <Textarea
            label={registrationMessages.REFUSAL_REASON}
            description={registrationMessages.REFUSAL_REASON_HELP}
            required
            rows={4}
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {registrationMessages.CANCEL}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {registrationMessages.CONFIRM_REFUSAL}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
