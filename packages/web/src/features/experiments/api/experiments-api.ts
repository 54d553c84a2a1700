// Calls of the experiment pages, each an endpoint of the contract's table.
import { useMutation } from '@tanstack/react-query';
import { type ExperimentDescriptionInput, type ExperimentListQuery, type ExperimentTemplateFormInput } from '@testbed/contract';
import { experimentsEndpoints as experiments } from '@testbed/contract/endpoints/experiments';
import { flashingEndpoints as flashing } from '@testbed/contract/endpoints/flashing';
import { imagesEndpoints as images } from '@testbed/contract/endpoints/images';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf, useChange } from '../../../shared/endpoint-query';

export const myExperimentsOptions = (when: ExperimentListQuery['when']) => endpointQuery(experiments.mine, { query: { when } });
export const allExperimentsOptions = (when: ExperimentListQuery['when']) => endpointQuery(experiments.all, { query: { when } });

/** One experiment; its page follows it through its stream (use-experiment-stream.ts). */
export const experimentOptions = (id: number) => endpointQuery(experiments.get, { params: { id } });

/** The device types with their images, for the form. */
export const flashableDevicesOptions = endpointQuery(flashing.nodes);

/** The images the user may put on a type: the operator's, their own, their groups', the public ones. */
export const flashableImagesOptions = (deviceType: string) => endpointQuery(images.flashable, { query: { deviceType } });

export const usePreviewExperiment = () => useMutation({ mutationFn: (body: ExperimentDescriptionInput) => call(experiments.preview, { body }) });

export const useSubmitExperiment = () => useChange((body: ExperimentDescriptionInput) => call(experiments.submit, { body }), () => [experiments.mine, experiments.all]);

export const useStopExperiment = () => useChange((id: number) => call(experiments.stop, { params: { id } }), (id) => [experiments.mine, experiments.all, keyOf(experiments.get, { params: { id } })]);

export const useRunAgain = () => useChange((id: number) => call(experiments.runAgain, { params: { id } }), () => [experiments.mine, experiments.all]);

export const exportExperiment = (id: number) => call(experiments.export, { params: { id } });

export const templatesOptions = endpointQuery(experiments.templates);

export const useSaveTemplate = () => useChange((body: ExperimentTemplateFormInput) => call(experiments.saveTemplate, { body }), () => [experiments.templates]);
