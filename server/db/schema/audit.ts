import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { agencies, users } from './agencies';
import { staffMembers } from './staff';

/** Who changed what and when: company settings, agents and roles, and everything staff do (append-only). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The agency the change concerns; null for the catalogue, settings and staff. */
    agencyId: uuid('agency_id').references(() => agencies.id),
    /** The agent who made it; null for changes made by staff or the system (sign-up). */
    actorUserId: uuid('actor_user_id').references(() => users.id),
    /** The staff member who made it, for console changes. */
    actorStaffId: uuid('actor_staff_id').references(() => staffMembers.id),
    /** e.g. `agency`, `user`, `booking`, `tour`, `offer`, `settings`, `staff`. */
    entity: text('entity').notNull(),
    /** The entity's id; null for the settings, whose changed keys are in `changes`. */
    entityId: uuid('entity_id'),
    /** e.g. `agency.update`, `user.create`, `agency.approve`, `tour.update`, `settings.update`. */
    action: text('action').notNull(),
    /** Changed fields: `{ field: { from, to } }`; file fields carry file names, never contents. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_agency_created_idx').on(t.agencyId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
  ],
);
