// The flash form's state (the contract's flashFormSchema) and what it offers: the types, devices and images
// to choose from, each disabled with its reason, and whether the choice can be flashed now.
import { useQuery } from '@tanstack/react-query';
import { flashFormSchema, messages, type FlashFormValues, type FlashNodesList } from '@testbed/contract';
import { useState } from 'react';
import { useContractForm } from '../../../shared/form';
import { flashableImagesOptions } from '../api/flashing-api';
import { flashChoices, preselection } from '../flash-state';

const LABELS = { down: messages.DEVICE_DOWN, notFlashable: messages.DEVICE_NOT_FLASHABLE, quarantined: messages.DEVICE_QUARANTINED };

export function useFlashForm(nodes: FlashNodesList, busy: ReadonlySet<string>, preselect: readonly string[]) {
  // Read once, when the form opens: the person's own choices win afterwards.
  const [initial] = useState<FlashFormValues>(() => {
    const chosen = preselection(nodes, preselect);
    const several = (chosen?.devices.length ?? 0) > 1;
    return {
      deviceType: chosen?.deviceType ?? null,
      several,
      device: chosen?.devices.length === 1 ? chosen.devices[0]! : null,
      devices: several ? chosen!.devices : [],
      image: null,
    };
  });
  const form = useContractForm(flashFormSchema, initial);
  const { deviceType, several, device, devices } = form.getValues();
  const choices = flashChoices(nodes, busy, deviceType, several ? (devices[0] ?? null) : device, LABELS);
  // The operator's images, then the user's own, their groups' and the public ones (image:<id>), grouped; the
  // operator's alone while that list is not in.
  const flashable = useQuery({ ...flashableImagesOptions(deviceType ?? ''), enabled: deviceType !== null && choices.images.length > 0 });
  const imageChoices = flashable.data
    ? (['operator', 'own', 'group', 'public'] as const)
        .map((kind) => ({ group: messages[`IMAGE_GROUP_${kind}`], items: flashable.data.filter((one) => one.kind === kind).map((one) => ({ value: one.ref, label: one.label })) }))
        .filter((group) => group.items.length > 0)
    : choices.images;
  const free = (mac: string | null) => choices.devices.some((option) => option.value === mac && !option.disabled);
  const complete = form.isValid() && (several ? devices.every(free) : free(device));

  return {
    form,
    choices,
    imageChoices,
    complete,
    noneFlashable: choices.types.every((type) => type.disabled),
    // A new type or way of choosing empties the device choice, and the image with it.
    chooseType: (value: string | null) => form.setValues({ deviceType: value, device: null, devices: [], image: null }),
    chooseSeveral: (value: boolean) => form.setValues({ several: value, device: null, devices: [], image: null }),
    chooseDevice: (value: string | null) => form.setValues({ device: value, image: null }),
    chooseDevices: (value: string[]) => form.setValues({ devices: value, ...(value.length === 0 ? { image: null } : {}) }),
    reset: () => form.setValues({ deviceType: null, device: null, devices: [], image: null }),
  };
}
