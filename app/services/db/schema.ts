/**
 * The one schema for both engines (PGlite and PostgreSQL). Column names are snake_case in SQL
 * (drizzle `casing: 'snake_case'`), camelCase in TypeScript. The Better Auth tables (user, session,
 * account, verification) follow its Drizzle adapter's model; the spec's `profiles` are `user`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------- accounts (Better Auth) ----------

export const user = pgTable('user', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  phone: text(),
  role: text().notNull().default('customer'),
  banned: boolean().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  twoFactorEnabled: boolean().notNull().default(false),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text(),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** A user's TOTP secret and backup codes (Better Auth's two-factor plugin; both encrypted). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean().notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
);

// ---------- catalogue ----------

export const sports = pgTable(
  'sports',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sports_slug_idx').on(t.slug), index('sports_name_idx').on(t.name)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug), index('categories_name_idx').on(t.name)],
);

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    sportId: integer()
      .notNull()
      .references(() => sports.id, { onDelete: 'restrict' }),
    /**
     * Lower-cased name, sport, category names and description: what search matches. Kept by
     * database triggers (migration 0003), so every writer keeps it right.
     */
    searchText: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    index('products_sport_id_idx').on(t.sportId),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * One row: a counter that every catalogue write bumps (database triggers, migration 0003). Each
 * server instance compares it with the version its caches were computed at.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer().primaryKey(),
  version: integer().notNull().default(0),
});

export const productsCategories = pgTable(
  'products_categories',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('products_categories_category_id_idx').on(t.categoryId, t.productId),
  ],
);

/** A stored variant of an image: a file key in media storage and its pixel width. */
export interface ImageVariant {
  key: string;
  width: number;
  format: 'webp' | 'jpeg';
}

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0, 1 or 2: at most three images per product (spec §9). */
    position: integer().notNull(),
    key: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    variants: jsonb()
      .$type<ImageVariant[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [uniqueIndex('product_images_product_position_idx').on(t.productId, t.position)],
);

// ---------- cart and enquiries ----------

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId)],
);

export const enquiryStatuses = ['new', 'in_progress', 'quoted', 'closed'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const enquiries = pgTable(
  'enquiries',
  {
    id: serial().primaryKey(),
    reference: text().notNull(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    contactName: text().notNull(),
    contactEmail: text(),
    contactPhone: text(),
    organisation: text(),
    poReference: text(),
    message: text().notNull(),
    promoCode: text(),
    status: text().$type<EnquiryStatus>().notNull().default('new'),
    staffNote: text(),
    idempotencyKey: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('enquiries_reference_idx').on(t.reference),
    uniqueIndex('enquiries_idempotency_key_idx').on(t.idempotencyKey),
    index('enquiries_user_id_idx').on(t.userId, t.createdAt.desc()),
    index('enquiries_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const enquiryItems = pgTable(
  'enquiry_items',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    /** Snapshot, so renaming or deleting a product never changes a past enquiry. */
    productName: text().notNull(),
    quantity: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [index('enquiry_items_enquiry_id_idx').on(t.enquiryId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    message: text().notNull(),
    handled: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('contact_messages_handled_idx').on(t.handled, t.createdAt.desc())],
);

/** Mail waiting to be sent (or retried after a failure), so a mail outage never loses a message. */
export const pendingMail = pgTable(
  'pending_mail',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** Not tried again before this time (backoff after a failure). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Claimed by a sender until this time, so two instances never send one message twice. */
    lockedUntil: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('pending_mail_unsent_idx').on(t.sentAt, t.nextAttemptAt)],
);

/** Fixed-window counters for rate limits, shared by every instance on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
