// The flash form: device type, device and image (all three required), the Flash and Reset buttons. Types
// with no flashable device and devices that are down, being flashed or not flashable are disabled; a running
// flash locks its own devices only, so that others can be flashed meanwhile. "Flash several devices at once"
// turns the device choice into a list: one image on each of them, each its own job. Opened for given devices
// (from a reservation), the form starts with them chosen.
import { Alert, Button, Checkbox, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { messages, type FlashFormValues, type FlashNodesList } from '@testbed/contract';
import { FlashFailures } from './flash-failures';
import { useFlashForm } from './use-flash-form';

export interface FlashFormProps {
  nodes: FlashNodesList;
  /** MAC addresses of the devices with a running flash. */
  busy: ReadonlySet<string>;
  /** A flash of the user runs: its devices are locked (they are in `busy`), the others stay free. */
  running: boolean;
  /** MAC addresses to start with (a reservation's devices); those the list does not know are left out. */
  preselect?: readonly string[];
  submitting: boolean;
  error: string | null;
  onFlash: (request: { deviceType: string; device: string; image: string; ip: string }) => void;
  onFlashBatch: (request: { image: string; devices: string[] }) => void;
  /** The devices a batch could not start, with their reasons. */
  refused?: ReadonlyArray<{ device: string; error: string | null }>;
}

export function FlashForm({ nodes, busy, running, submitting, error, onFlash, onFlashBatch, refused = [], preselect = [] }: FlashFormProps) {
  const { form, choices, imageChoices, complete, noneFlashable, chooseType, chooseSeveral, chooseDevice, chooseDevices, reset } = useFlashForm(nodes, busy, preselect);
  const { deviceType, several, device, devices } = form.getValues();
  const locked = submitting;

  const submit = ({ deviceType: type, several: batch, device: one, devices: many, image }: FlashFormValues) => {
    if (!complete || locked || !type || !image) return;
    if (batch) onFlashBatch({ image, devices: many });
    else if (one) onFlash({ deviceType: type, device: one, image, ip: nodes[type]?.[one]?.ip ?? '' });
  };

  return (
    <form aria-label={messages.FLASH_FORM} onSubmit={form.onSubmit(submit)}>
      <Stack gap="md" maw={560}>
        {noneFlashable && (
          <Alert color="blue" variant="light">
            {messages.NO_FLASHABLE_DEVICE}
          </Alert>
        )}
        {/* Each choice empties a different part of the rest (useFlashForm). */}
        <Select label={messages.DEVICE_TYPE} withAsterisk data={choices.types} value={deviceType} onChange={chooseType} disabled={locked} allowDeselect={false} />
        <Checkbox label={messages.FLASH_SEVERAL} checked={several} disabled={locked} onChange={(event) => chooseSeveral(event.currentTarget.checked)} />
        {several ? (
          <MultiSelect label={messages.DEVICES_TO_FLASH} withAsterisk data={choices.devices} value={devices} onChange={chooseDevices} disabled={locked || !deviceType} searchable />
        ) : (
          <Select label={messages.DEVICE} withAsterisk data={choices.devices} value={device} onChange={chooseDevice} disabled={locked || !deviceType} allowDeselect={false} />
        )}
        <Select
          label={messages.IMAGE}
          withAsterisk
          data={imageChoices}
          {...form.getInputProps('image')}
          disabled={locked || (several ? devices.length === 0 : !device)}
          allowDeselect={false}
        />
        {running && (
          <Text size="sm" c="dimmed">
            {messages.FLASH_RUNNING_HINT}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={!complete || locked} loading={submitting}>
            {messages.FLASH_BUTTON}
          </Button>
          <Button variant="default" onClick={reset} disabled={locked}>
            {messages.RESET_ALL_VALUES}
          </Button>
        </Group>
        <FlashFailures error={error} refused={refused} />
      </Stack>
    </form>
  );
}
