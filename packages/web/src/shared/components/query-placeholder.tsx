// What a page shows where its data is not there yet: an alert when the read failed, else a loader.
import { commonMessages } from '@testbed/contract';
import { Alert, Center, Loader } from '@mantine/core';

/** `failure`: the text of the alert when the read failed; absent or null while the data is coming. */
export function QueryPlaceholder({ failure }: { failure?: string | null }) {
  if (failure !== undefined && failure !== null) {
    return (
      <Alert color="red" variant="light" title={commonMessages.LOADING_FAILED} role="alert">
        {failure}
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label={commonMessages.LOADING} />
    </Center>
  );
}
