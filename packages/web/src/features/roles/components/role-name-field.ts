// The role's one field, the same on the new-role page and the role's page.
import { roleFormSchema, roleMessages, type RoleForm } from '@testbed/contract';
import type { NameField } from '../../../shared/components/name-panel';

export const ROLE_NAME_FIELD: NameField<RoleForm> = { schema: roleFormSchema, field: 'roleName', label: roleMessages.ROLE_NAME };
