// Brings the database's device types, devices and images in line with the testbed file at start.
// Devices and images that left the file are kept (reservations refer to them) but marked out of inventory.
import type { Db } from '../db/database.js';
import type { TestbedFile } from './testbed-file.js';

export async function syncInventory(db: Db, testbed: TestbedFile): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('devices').set({ in_inventory: false }).execute();
    await tx.updateTable('images').set({ in_inventory: false }).execute();
    for (const type of testbed.deviceTypes) {
      const { id: typeId } = await tx
        .insertInto('device_types')
        .values({ name: type.name, image_formats: type.formats, default_image: type.defaultImage ?? null })
        .onConflict((oc) => oc.column('name').doUpdateSet({ name: type.name, image_formats: type.formats, default_image: type.defaultImage ?? null }))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const image of type.images) {
        await tx
          .insertInto('images')
          .values({ device_type_id: typeId, name: image })
          .onConflict((oc) => oc.columns(['device_type_id', 'name']).doUpdateSet({ in_inventory: true }))
          .execute();
      }
      for (const device of type.devices) {
        const properties = JSON.stringify({ ...type.properties, ...device.properties });
        await tx
          .insertInto('devices')
          .values({ device_type_id: typeId, mac_address: device.mac, ip_address: device.ip, properties })
          .onConflict((oc) =>
            oc.column('mac_address').doUpdateSet({ device_type_id: typeId, ip_address: device.ip, in_inventory: true, properties }),
          )
          .execute();
      }
    }
  });
}
