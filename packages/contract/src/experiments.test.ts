// The experiment description: what it takes and refuses, and docs/experiment.schema.json kept equal to the schema.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { descriptionOf, experimentDescriptionJsonSchema, experimentDescriptionSchema } from './experiments.js';

const valid = { name: 'Mesh', durationMinutes: 30, start: 'earliest', groups: [{ type: 'board', count: 2, image: 'debian-12' }] };

describe('the experiment description', () => {
  it('takes a group by count, by properties or by named devices, with an operator image or an own image', () => {
    expect(experimentDescriptionSchema.parse(valid)).toMatchObject({ notes: '', users: [], allOrNothing: false });
    const named = experimentDescriptionSchema.parse({ ...valid, groups: [{ type: 'board', devices: ['02:00:00:0A:00:01'], imageId: 7 }] });
    expect(named.groups[0]!.devices).toEqual(['02:00:00:0a:00:01']);
    expect(experimentDescriptionSchema.safeParse({ ...valid, start: '2030-01-01T10:00:00+02:00' }).success).toBe(true);
  });

  it('refuses an image named twice or not at all, devices named with a count, and a device listed twice', () => {
    const paths = (groups: unknown) => experimentDescriptionSchema.safeParse({ ...valid, groups }).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths([{ type: 'board', count: 1 }])).toEqual(['groups.0.image']);
    expect(paths([{ type: 'board', count: 1, image: 'a', imageId: 2 }])).toEqual(['groups.0.image']);
    expect(paths([{ type: 'board', count: 1, devices: ['02:00:00:0a:00:01'], image: 'a' }])).toEqual(['groups.0.devices']);
    expect(paths([{ type: 'board', devices: ['02:00:00:0a:00:01', '02:00:00:0A:00:01'], image: 'a' }])).toEqual(['groups.0.devices']);
  });

  it('reads the description out of an exported experiment', () => {
    expect(descriptionOf({ format: 'testbed-experiment/1', description: valid, devices: [] })).toBe(valid);
    expect(descriptionOf(valid)).toBe(valid);
  });

  it('is published as docs/experiment.schema.json, equal to the schema', async () => {
    const file = JSON.parse(await readFile(new URL('../../../docs/experiment.schema.json', import.meta.url), 'utf8'));
    expect(file).toEqual(experimentDescriptionJsonSchema());
  });
});
