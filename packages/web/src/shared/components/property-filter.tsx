// The filter by device properties (site, radios, memory ...) of the devices page and the booking screen:
// values are "key:value", as GET /api/deviceCatalogue takes them; every chosen one must hold.
import { messages } from '@testbed/contract';
import { MultiSelect } from '@mantine/core';
import type { DeviceCatalogue } from '@testbed/contract';

export function PropertyFilter({ facets, value, onChange }: { facets: DeviceCatalogue['facets']; value: string[]; onChange: (value: string[]) => void }) {
  const data = facets.map((facet) => ({
    group: facet.key,
    items: facet.values.map((item) => ({ value: `${facet.key}:${item}`, label: `${facet.key}: ${item}` })),
  }));
  return (
    <MultiSelect
      label={messages.FILTER_BY_PROPERTY}
      placeholder={value.length === 0 ? messages.FILTER_BY_PROPERTY_HINT : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      maw={640}
    />
  );
}
