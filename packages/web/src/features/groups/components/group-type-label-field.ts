// The group type's one field, the same on the new-type page and the type's page.
import { groupMessages, groupTypeFormSchema, type GroupTypeForm } from '@testbed/contract';
import type { NameField } from '../../../shared/components/name-panel';

export const GROUP_TYPE_LABEL_FIELD: NameField<GroupTypeForm> = { schema: groupTypeFormSchema, field: 'label', label: groupMessages.LABEL };
