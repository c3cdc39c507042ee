import { pgTable, serial, varchar, integer, text, index, uniqueIndex, smallint, jsonb, boolean, date, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { HealthAnswer, PhotoKind } from '../../../contract/serviceRecord';
import { instant, timestamps } from './columns';
import { shops } from './shop';
import { customers } from './customer';
import { appointments } from './appointment';
import { programs } from './program';

/** The consent text of a program type, one row per published version (contract/consentVersion.ts). */
export const consentVersions = pgTable(
  'consent_versions',
  {
    id: serial('id').primaryKey(),
    programType: smallint('program_type').notNull(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    body: text('body').notNull(),
    /** SHA-256 (hex) of the body: what a signed record keeps to prove which words were signed. */
    textHash: varchar('text_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 30 }).notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('consent_versions_type_version_key').on(t.programType, t.version),
    check('consent_versions_program_type', sql`${t.programType} in (1, 2, 3)`),
  ],
);

/**
 * The record of one visit (docs/service-records.md). Names are kept as they were when it was opened,
 * like the appointment's. Its signature and photos are files in the private store, by stored name.
 */
export const serviceRecords = pgTable(
  'service_records',
  {
    id: serial('id').primaryKey(),
    /** The serving shop: it writes the record. */
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** The customer's home shop when the record was opened: it reads the record too. */
    customerShopId: integer('customer_shop_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    customerName: varchar('customer_name', { length: 30 }).notNull(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    programName: varchar('program_name', { length: 50 }).notNull(),
    programType: smallint('program_type').notNull(),
    staffName: varchar('staff_name', { length: 30 }).notNull().default(''),
    servedAt: instant('served_at').notNull(),
    originalRecordId: integer('original_record_id'),
    health: jsonb('health').$type<HealthAnswer[]>().notNull().default([]),
    healthNote: varchar('health_note', { length: 500 }).notNull().default(''),
    healthAnsweredAt: instant('health_answered_at'),
    notes: text('notes').notNull().default(''),
    overrideReason: varchar('override_reason', { length: 200 }).notNull().default(''),
    overriddenBy: integer('overridden_by'),
    overriddenByName: varchar('overridden_by_name', { length: 30 }).notNull().default(''),
    overriddenAt: instant('overridden_at'),
    consentVersionId: integer('consent_version_id').references(() => consentVersions.id, { onDelete: 'restrict' }),
    consentVersion: integer('consent_version'),
    consentTitle: varchar('consent_title', { length: 60 }).notNull().default(''),
    consentTextHash: varchar('consent_text_hash', { length: 64 }).notNull().default(''),
    consentSignedAt: instant('consent_signed_at'),
    signatureName: varchar('signature_name', { length: 100 }),
    photoConsent: boolean('photo_consent').notNull().default(false),
    photoConsentWithdrawnAt: instant('photo_consent_withdrawn_at'),
    photoConsentWithdrawnBy: integer('photo_consent_withdrawn_by'),
    photoConsentWithdrawnByName: varchar('photo_consent_withdrawn_by_name', { length: 30 }).notNull().default(''),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 30 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('service_records_appointment_key').on(t.appointmentId),
    index('service_records_customer_idx').on(t.customerId, t.servedAt),
    check('service_records_program_type', sql`${t.programType} in (1, 2, 3)`),
    check('service_records_consent_signed', sql`(${t.consentSignedAt} is null) = (${t.consentVersionId} is null)`),
  ],
);

/** A pigment or material used on the visit; the recall list reads these (contract/pigmentUse.ts). */
export const pigmentUses = pgTable(
  'pigment_uses',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => serviceRecords.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull(),
    customerId: integer('customer_id').notNull(),
    customerName: varchar('customer_name', { length: 30 }).notNull(),
    programName: varchar('program_name', { length: 50 }).notNull(),
    staffName: varchar('staff_name', { length: 30 }).notNull().default(''),
    servedAt: instant('served_at').notNull(),
    brand: varchar('brand', { length: 30 }).notNull(),
    colour: varchar('colour', { length: 30 }).notNull(),
    batch: varchar('batch', { length: 40 }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    amount: varchar('amount', { length: 20 }).notNull().default(''),
    needle: varchar('needle', { length: 30 }).notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('pigment_uses_record_idx').on(t.recordId),
    index('pigment_uses_batch_idx').on(t.batch),
    index('pigment_uses_shop_created_idx').on(t.shopId, t.createdAt),
  ],
);

/** A photo of the visit; its bytes are in the private store under storedName, never public. */
export const serviceRecordPhotos = pgTable(
  'service_record_photos',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => serviceRecords.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<PhotoKind>().notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 30 }).notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('service_record_photos_record_idx').on(t.recordId),
    check('service_record_photos_kind', sql`${t.kind} in ('before', 'after', 'touch-up')`),
  ],
);
