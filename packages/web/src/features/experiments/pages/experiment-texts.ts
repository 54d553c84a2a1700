// The words for an experiment's state and a device's, shared by the experiment pages.
import { experimentMessages as experimentMessagesEn, type ExperimentDeviceState, type ExperimentState } from '@testbed/contract';

const texts = experimentMessagesEn;

export const experimentStateText = (state: ExperimentState): string => texts[`STATE_${state.toUpperCase() as Uppercase<ExperimentState>}`];

export const deviceStateText = (state: ExperimentDeviceState): string => texts[`DEVICE_${state.toUpperCase() as Uppercase<ExperimentDeviceState>}`];
