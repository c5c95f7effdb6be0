/**
 * The one schema for both engines (PGlite and PostgreSQL). Column names are snake_case in SQL
 * (drizzle `casing: 'snake_case'`), camelCase in TypeScript. The Better Auth tables (user, session,
 * account, verification) follow its Drizzle adapter's model; a profile is a `user` row.
 */
import { relations, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; only the database writes it (triggers, migration 0007). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
  /**
   * When the customer agreed to be e-mailed about products and offers (the unticked box on
   * Register and Profile); null: no agreement, or withdrawn.
   */
  marketingConsentAt: timestamp({ withTimezone: true }),
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

/**
 * For Better Auth's joins (auth.server.ts `advanced.database.joins`): a session is read with its
 * user in one query instead of two, on every signed-in request.
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

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
  (t) => [
    uniqueIndex('sports_slug_idx').on(t.slug),
    index('sports_name_idx').on(t.name),
    // Names are unique ignoring case ('A sport with this name already exists.').
    uniqueIndex('sports_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_name_idx').on(t.name),
    uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * Whether the shop shows a product: `published` (listed, its page open to all), `draft` (not yet
 * shown) or `hidden` (taken off the shop: not listed, its page a 404 for guests; staff still open
 * it, and past enquiries keep naming it).
 */
export const productStatuses = ['published', 'draft', 'hidden'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * One line of a product's specifications ("Height: 3.05 m"): a name, a value and an optional unit,
 * kept in the order staff wrote them.
 */
export interface ProductSpecification {
  name: string;
  value: string;
  unit?: string;
}

/** How long a product stays in the trash, restorable, before it is deleted for good. */
export const TRASH_DAYS = 30;

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Written but never part of a URL: the shop addresses products by id. */
    slug: text().notNull(),
    description: text(),
    /**
     * The maker's or the company's code for the product ('GP-2000'): unique ignoring case when
     * set, searchable like the name, and what a spreadsheet import matches rows by.
     */
    modelCode: text(),
    /** Size, weight, material, standard…: shown as a table, searched, in the JSON-LD. */
    specifications: jsonb()
      .$type<ProductSpecification[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sportId: integer()
      .notNull()
      .references(() => sports.id, { onDelete: 'restrict' }),
    status: text().$type<ProductStatus>().notNull().default('published'),
    /**
     * When staff deleted it: the product is in the trash, shown nowhere but the back office's
     * trash, and restorable until it is deleted for good TRASH_DAYS later (purgeTrash, a scheduled job).
     */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Lower-cased name, sport, category names and description: what search matches. Kept by
     * database triggers (migration 0003), so every writer keeps it right.
     */
    searchText: text().notNull().default(''),
    /**
     * Bumped by every admin save: an edit form carries the revision it was opened at, and a save
     * against an older one is refused (two admins never overwrite each other silently).
     */
    revision: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    uniqueIndex('products_model_code_idx').on(sql`lower(${t.modelCode})`),
    index('products_sport_id_idx').on(t.sportId),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // The name A–Z order of listProducts, so that list walks an index instead of sorting.
    index('products_name_order_idx').on(sql`lower(${t.name})`, t.id),
    // The shop's products (published, not in the trash) in the two orders above: its lists and
    // counts read these (listProducts), the back office's lists the full ones.
    index('products_listed_created_at_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'published' AND deleted_at IS NULL`),
    index('products_listed_name_order_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`status = 'published' AND deleted_at IS NULL`),
    // The trash, and what the clean-up job finds due.
    index('products_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('products_status_check', sql`${t.status} IN ('published', 'draft', 'hidden')`),
  ],
);

/**
 * What full-text search reads, one narrow row per product (migration 0012): name words (and
 * adjacent name words joined, so 'goalpost' finds 'Goal Post') weighted A, sport and category names
 * B, description D, beside the product's sport and date for filtering and ordering. Apart from the
 * wide `products` rows, a search that ranks 30,000 matches reads a third fewer pages. Kept by
 * database triggers (migrations 0003, 0007, 0012), so every writer keeps it right; see
 * docs/decisions/005-catalogue-search.md.
 */
export const productSearch = pgTable(
  'product_search',
  {
    id: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sportId: integer().notNull(),
    /**
     * The product's status, or 'trashed' while it is in the trash (migration 0015's triggers):
     * a search keeps to what its reader may see without reading the wide products rows.
     */
    status: text().$type<ProductStatus | 'trashed'>().notNull().default('published'),
    searchVector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    index('product_search_vector_idx').using('gin', t.searchVector),
    // The name, sport and category part of the vector (weights A and B): a search ranks the
    // products whose name, sport or categories hold every word first, and finds them here without
    // reading the (much larger) set that matches in descriptions.
    index('product_search_title_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a,b}')`),
    // A broad search's others, newest first (firstRankedIds), walk this.
    index('product_search_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // The shop's products, for a count of a category's without reading their rows.
    index('product_search_published_idx')
      .on(t.id)
      .where(sql`status = 'published'`),
  ],
);

/**
 * Every word (letters only, 3 or more) that has appeared in a product's search vector: the
 * vocabulary that a misspelt search word is corrected against by trigram similarity (kept by a
 * trigger, migration 0007). Words are never removed; a stale one only yields a correction that
 * finds nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text().primaryKey() }, (t) => [
  index('search_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
]);

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
    /** 0, 1 or 2: at most three images per product. */
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

/**
 * Guest cart cookies already merged into an account's cart, by the token the cookie carries: a
 * cart page loaded twice at once (or a lost answer that should have deleted the cookie) must not
 * add the same lines twice. Rows older than the cookie's lifetime are dropped at the next merge.
 */
export const cartMerges = pgTable(
  'cart_merges',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    mergedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.token] })],
);

export const enquiryStatuses = ['new', 'in_progress', 'quoted', 'closed'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/**
 * How an enquiry came in: through the shop's cart (`web`), entered by staff from a phone call,
 * an e-mail or a visit, or turned from a contact-form message.
 */
export const enquirySources = ['web', 'phone', 'email', 'walk_in', 'contact_form'] as const;
export type EnquirySource = (typeof enquirySources)[number];

/**
 * The text the inbox's search reads of an enquiry: reference, contact, organisation, PO / GeBIZ
 * reference and the buyer's message, one line each. The query must use this same expression for
 * the trigram index to serve it.
 */
export function enquirySearchText(t: {
  reference: AnyPgColumn;
  contactName: AnyPgColumn;
  contactEmail: AnyPgColumn;
  organisation: AnyPgColumn;
  poReference: AnyPgColumn;
  message: AnyPgColumn;
}) {
  return sql`coalesce(${t.reference}, '') || chr(10) || coalesce(${t.contactName}, '') || chr(10) || coalesce(${t.contactEmail}, '') || chr(10) || coalesce(${t.organisation}, '') || chr(10) || coalesce(${t.poReference}, '') || chr(10) || coalesce(${t.message}, '')`;
}

/**
 * Who a customer is: everyone who wrote from one e-mail address (letter case aside), or, when an
 * enquiry has no address, from one phone number (spaces and dashes aside). The key's MD5 names
 * the customer in the back office's addresses (no e-mail address in a URL, so none in a log or a
 * browser's history). The index on enquiries and the customer queries use this one expression,
 * so the index always matches them.
 */
export function customerKeyOf(email: SQLWrapper, phone: SQLWrapper): SQL<string> {
  return sql<string>`md5(coalesce(lower(${email}), 'tel:' || regexp_replace(${phone}, '[^0-9+]', '', 'g')))`;
}

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
    /** Where the goods go or the work is done (optional; printed under "Attention to"). */
    address: text(),
    poReference: text(),
    message: text().notNull(),
    promoCode: text(),
    status: text().$type<EnquiryStatus>().notNull().default('new'),
    staffNote: text(),
    idempotencyKey: text(),
    /**
     * SHA-256 of the unguessable token in the guest's confirmation link (the token itself is only
     * in the acknowledgement e-mail), so a guest can reopen the confirmation page and nobody else.
     */
    accessTokenHash: text(),
    /**
     * When the person's details were erased (their request, or the retention period): the
     * enquiry and its items stay for the company's figures, without anyone's name or words.
     */
    anonymisedAt: timestamp({ withTimezone: true }),
    source: text().$type<EnquirySource>().notNull().default('web'),
    /** The contact-form message this enquiry was made from (at most one enquiry per message). */
    contactMessageId: integer().references((): AnyPgColumn => contactMessages.id, {
      onDelete: 'set null',
    }),
    /** The member of staff looking after it. */
    assigneeId: text().references(() => user.id, { onDelete: 'set null' }),
    /** The latest entry of its timeline (its creation until then): the inbox sorts by it. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The last word was the buyer's (the enquiry itself, an answer to a quotation) and staff have
     * not answered yet (a reply, a quotation, an order or invoice) nor closed it.
     */
    waitingForUs: boolean().notNull().default(true),
    /**
     * Its first reply or quotation, kept by a trigger on enquiry_events (migration 0022) so the
     * reports time first answers without reading the timeline.
     */
    firstAnsweredAt: timestamp({ withTimezone: true }),
    /** The privacy notice's version (PRIVACY_NOTICE_VERSION) the form linked to when sent. */
    privacyNoticeVersion: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('enquiries_reference_idx').on(t.reference),
    uniqueIndex('enquiries_contact_message_id_idx').on(t.contactMessageId),
    // The inbox's order: waiting for us first, then by last activity; with "Mine" or
    // "Unassigned" the same order within one assignee.
    index('enquiries_activity_idx').on(t.waitingForUs.desc(), t.lastActivityAt.desc(), t.id.desc()),
    index('enquiries_assignee_activity_idx').on(
      t.assigneeId,
      t.waitingForUs.desc(),
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
    // The inbox's search: its fields and what the buyer wrote, as one text (enquirySearchText), so
    // an ILIKE '%…%' over all of them is one trigram index scan.
    index('enquiries_search_trgm_idx').using('gin', sql`(${enquirySearchText(t)}) gin_trgm_ops`),
    uniqueIndex('enquiries_idempotency_key_idx').on(t.idempotencyKey),
    // The confirmation page looks a guest's enquiry up by its token's hash.
    uniqueIndex('enquiries_access_token_hash_idx').on(t.accessTokenHash),
    index('enquiries_user_id_idx').on(t.userId, t.createdAt.desc()),
    index('enquiries_status_idx').on(t.status, t.createdAt.desc()),
    index('enquiries_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // A customer is everyone who wrote from one e-mail address (or, without one, one phone
    // number): the back office's customer page finds their enquiries by this key.
    index('enquiries_customer_key_idx').on(customerKeyOf(t.contactEmail, t.contactPhone)),
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
  (t) => [
    index('enquiry_items_enquiry_id_idx').on(t.enquiryId),
    index('enquiry_items_product_name_trgm_idx').using('gin', t.productName.op('gin_trgm_ops')),
  ],
);

// ---------- report roll-ups ----------

/**
 * Enquiries and quantities per product and Singapore day, counted by a trigger on enquiry_items
 * as the items are written (migration 0022), so a report over a year reads a few thousand rows
 * instead of every line of every enquiry. An enquiry counts once per product however many lines
 * it has of it. `productId` has no foreign key: a deleted product keeps its counts under its
 * name as enquired; lines without a product (none in the catalogue when asked) count by name.
 * Counts as they happened: a product's later move to another category changes nothing here.
 */
export const enquiryProductDays = pgTable(
  'enquiry_product_days',
  {
    day: date({ mode: 'string' }).notNull(),
    productId: integer(),
    productName: text().notNull(),
    enquiries: integer().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    unique('enquiry_product_days_key').on(t.day, t.productId, t.productName).nullsNotDistinct(),
    // The previous period's count of each of a report's top products.
    index('enquiry_product_days_product_idx').on(t.productId, t.day),
  ],
);

/**
 * Enquiries and quantities per category and Singapore day, by the categories the products were
 * in when asked for; an enquiry counts once per category (the same trigger).
 */
export const enquiryCategoryDays = pgTable(
  'enquiry_category_days',
  {
    day: date({ mode: 'string' }).notNull(),
    categoryId: integer().notNull(),
    enquiries: integer().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId] })],
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
    /** When staff first opened it (unread messages are shown in bold in the inbox). */
    readAt: timestamp({ withTimezone: true }),
    /** When the sender's details and words were erased (their request, or the retention period). */
    anonymisedAt: timestamp({ withTimezone: true }),
    /** The privacy notice's version (PRIVACY_NOTICE_VERSION) the form linked to when sent. */
    privacyNoticeVersion: text(),
    ...timestamps,
  },
  (t) => [
    index('contact_messages_handled_idx').on(t.handled, t.createdAt.desc()),
    index('contact_messages_created_at_idx').on(t.createdAt.desc()),
  ],
);

/** A file sent with a queued e-mail (a quotation PDF): its bytes as base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Mail waiting to be sent (or retried after a failure), so a mail outage never loses a message. */
export const pendingMail = pgTable(
  'pending_mail',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Where replies go (a customer's address on staff mail, the company's on customer mail). */
    replyTo: text(),
    attachments: jsonb()
      .$type<MailAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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

// ---------- back office ----------

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
/**
 * Who did what in the back office: every create, edit and delete of a product, sport or category,
 * and every request about a person's data that staff carried out (an export or an erasure; the
 * person is named by their masked e-mail address, entity id 0). A product's delete moves it to the
 * trash (`trash`), from where it is restored (`restore`) or, 30 days later, deleted for good
 * (`purge`); `delete` is a sport's or category's (or a product's before the trash existed).
 */
export const auditEntities = ['product', 'sport', 'category', 'person', 'canned_reply'] as const;
export type AuditEntity = (typeof auditEntities)[number];
export type AuditAction =
  'create' | 'update' | 'delete' | 'trash' | 'restore' | 'purge' | 'export' | 'erase';
/**
 * One changed field: its value before and after. A product's images are listed by the storage
 * key of each one's smallest variant, which is kept while an entry names it (a thumbnail to show).
 */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    /** Snapshot of the actor's name, so the record survives the account. */
    actorName: text().notNull(),
    entity: text().$type<AuditEntity>().notNull(),
    entityId: integer().notNull(),
    /** The entity's name at the time (a deleted product is still named in the list). */
    entityName: text().notNull(),
    action: text().$type<AuditAction>().notNull(),
    changes: jsonb()
      .$type<AuditChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt.desc()),
    // Whether an entry names an image file (`changes @> …`), before the file is removed.
    index('audit_log_changes_idx').using('gin', t.changes.op('jsonb_path_ops')),
  ],
);

/**
 * An enquiry's timeline: its creation, every status change, staff note (private), reply and
 * quotation, with who and when. The customer sees everything but `note`.
 */
export const enquiryEventKinds = [
  'created',
  'status',
  'note',
  'reply',
  'quotation',
  // The buyer's answers to a quotation (quotation_responses holds what they sent).
  'accepted',
  'declined',
  'changes_requested',
  // The sale after the quotation.
  'order',
  'order_status',
  'invoice',
  'credit_note',
  'reminder',
  // Staff gave it to someone (actor_name: who did; body: to whom, or null for nobody).
  'assigned',
  // Staff entered the enquiry by hand (body: how it came in).
  'entered',
  // The contact-form message it was made from (body: the message; actor_name: its sender).
  'message',
] as const;
export type EnquiryEventKind = (typeof enquiryEventKinds)[number];

export const enquiryEvents = pgTable(
  'enquiry_events',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    kind: text().$type<EnquiryEventKind>().notNull(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    /** Snapshot of the actor's name; null for the customer's own 'created' event. */
    actorName: text(),
    fromStatus: text().$type<EnquiryStatus>(),
    toStatus: text().$type<EnquiryStatus>(),
    /** The note's or reply's text. */
    body: text(),
    quotationId: integer().references(() => quotations.id, { onDelete: 'set null' }),
    orderId: integer().references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    invoiceId: integer().references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
    /** An order's status change: before and after. */
    fromOrderStatus: text().$type<OrderStatus>(),
    toOrderStatus: text().$type<OrderStatus>(),
    ...timestamps,
  },
  (t) => [
    index('enquiry_events_enquiry_id_idx').on(t.enquiryId, t.createdAt, t.id),
    // Searching replies and notes (ILIKE '%…%' uses a trigram index).
    index('enquiry_events_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
  ],
);

/**
 * A quotation's state for both sides. `sent` past its `valid_until` reads as expired (computed,
 * not stored: no job has to run for a quotation to stop being acceptable). A newer revision of
 * the same enquiry supersedes every earlier one that was still open.
 */
export const quotationStatuses = [
  'sent',
  'changes_requested',
  'accepted',
  'declined',
  'superseded',
] as const;
export type QuotationStatus = (typeof quotationStatuses)[number];

/** A discount: a percentage in basis points (1000 = 10%) or an amount in cents. */
export type DiscountKind = 'percent' | 'amount';

/**
 * A quotation sent for an enquiry: numbered Q-<reference>-<n> per enquiry, never renumbered; n is
 * its revision. Money is in integer cents (SGD); GST at the rate in force when it was sent, in
 * basis points (900 = 9%), or none when the company was not GST-registered then (`gst_reg_no`
 * null). The PDF sent is kept as sent, with its SHA-256, so what a buyer accepted can be proved.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    sequence: integer().notNull(),
    number: text().notNull(),
    status: text().$type<QuotationStatus>().notNull().default('sent'),
    validityDays: integer().notNull(),
    /** End of the last valid day, Singapore time. */
    validUntil: timestamp({ withTimezone: true }).notNull(),
    terms: text().notNull().default(''),
    /** Snapshot of "Attention to": person, organisation, address. */
    attentionName: text(),
    attentionOrganisation: text(),
    attentionAddress: text(),
    /** The buyer's own reference (PO or requisition number) and a GeBIZ quotation number. */
    buyerReference: text(),
    gebizReference: text(),
    /** The enquiry's promo code as applied in this revision (printed on it); null: not applied. */
    promoCode: text(),
    /** The company's GST registration number when sent; null: not registered, no GST added. */
    gstRegNo: text(),
    gstRateBasisPoints: integer().notNull(),
    /** Sum of the lines after their own discounts. */
    subtotalCents: integer().notNull(),
    /** The discount on the whole quotation, applied to the subtotal. */
    discountKind: text().$type<DiscountKind>(),
    discountValue: integer(),
    discountCents: integer().notNull().default(0),
    gstCents: integer().notNull(),
    /** subtotal − discount + GST. */
    totalCents: integer().notNull(),
    pdf: bytea().notNull(),
    pdfSha256: text().notNull(),
    /**
     * SHA-256 of the random token in the buyer's link to act on this revision without signing
     * in (only the e-mail holds the token). Valid until the quotation expires.
     */
    actionTokenHash: text(),
    /** When the expiry reminder was queued (at most once). */
    reminderSentAt: timestamp({ withTimezone: true }),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quotations_enquiry_sequence_idx').on(t.enquiryId, t.sequence),
    uniqueIndex('quotations_number_idx').on(t.number),
    uniqueIndex('quotations_action_token_hash_idx').on(t.actionTokenHash),
    index('quotations_open_idx').on(t.status, t.validUntil),
  ],
);

export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: serial().primaryKey(),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** 'item' for a catalogue product, 'extra' for a free line (delivery, installation …). */
    kind: text().$type<'item' | 'extra'>().notNull(),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    description: text().notNull(),
    note: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    discountKind: text().$type<DiscountKind>(),
    discountValue: integer(),
    /** The line's discount in cents (0 without one). */
    discountCents: integer().notNull().default(0),
    /** quantity × unit price − discount. */
    lineTotalCents: integer().notNull(),
    ...timestamps,
  },
  (t) => [index('quotation_lines_quotation_id_idx').on(t.quotationId, t.position)],
);

/**
 * What staff are pricing for an enquiry and have not sent yet: the editor's fields as typed, so a
 * draft can be saved, previewed as a PDF and sent later without costing a quotation number.
 */
export const quotationDrafts = pgTable('quotation_drafts', {
  enquiryId: integer()
    .primaryKey()
    .references(() => enquiries.id, { onDelete: 'cascade' }),
  fields: jsonb().$type<Record<string, string>>().notNull(),
  actorId: text().references(() => user.id, { onDelete: 'set null' }),
  actorName: text().notNull(),
  ...timestamps,
});

export const quotationResponseKinds = ['accepted', 'declined', 'changes_requested'] as const;
export type QuotationResponseKind = (typeof quotationResponseKinds)[number];

/**
 * A buyer's answer to one revision: acceptance (who, their designation, the PO), a decline (a
 * reason) or a request for changes (a message). Kept with the client address and the SHA-256 of
 * the PDF the buyer was shown. A revision is accepted or declined at most once (unique index).
 */
export const quotationResponses = pgTable(
  'quotation_responses',
  {
    id: serial().primaryKey(),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id, { onDelete: 'restrict' }),
    kind: text().$type<QuotationResponseKind>().notNull(),
    /** The signed-in buyer, or null when answered through the e-mailed link. */
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    name: text(),
    designation: text(),
    poNumber: text(),
    /** Decline reason or the changes asked for. */
    message: text(),
    clientAddress: text(),
    pdfSha256: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index('quotation_responses_quotation_id_idx').on(t.quotationId, t.createdAt),
    uniqueIndex('quotation_responses_final_idx')
      .on(t.quotationId)
      .where(sql`kind IN ('accepted', 'declined')`),
  ],
);

export const orderStatuses = [
  'confirmed',
  'scheduled',
  'delivered',
  'invoiced',
  'paid',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * A sale: an accepted quotation that staff confirmed. Numbered SO-<enquiry reference>; one order
 * per quotation. Never deleted once invoiced (invoices refer to it).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    number: text().notNull(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'restrict' }),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id, { onDelete: 'restrict' }),
    status: text().$type<OrderStatus>().notNull().default('confirmed'),
    poNumber: text(),
    /** The day delivery or installation is planned (status scheduled). */
    scheduledFor: text(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_quotation_id_idx').on(t.quotationId),
    index('orders_enquiry_id_idx').on(t.enquiryId),
    index('orders_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** What an invoice's lines were when issued (a snapshot, never recomputed). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  lineTotalCents: number;
}

export type InvoiceKind = 'invoice' | 'credit_note';

/**
 * A tax invoice (INV-<year>-<5 digits>) or a credit note (CN-<year>-<5 digits>) for an order.
 * Numbers are gapless per kind and year (document_counters, taken in the issuing transaction) and
 * never reused. An issued document never changes and is never deleted: the database refuses an
 * UPDATE or DELETE (migration 0013's trigger); a mistake is corrected by a credit note.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    kind: text().$type<InvoiceKind>().notNull(),
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    creditedInvoiceId: integer().references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    customerName: text().notNull(),
    customerOrganisation: text(),
    customerAddress: text(),
    gstRegNo: text(),
    gstRateBasisPoints: integer().notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    gstCents: integer().notNull(),
    totalCents: integer().notNull(),
    /** A credit note's reason. */
    reason: text(),
    pdf: bytea().notNull(),
    pdfSha256: text().notNull(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_kind_year_sequence_idx').on(t.kind, t.year, t.sequence),
    index('invoices_order_id_idx').on(t.orderId),
  ],
);

/** The last number issued per document kind and year: the row lock makes numbering gapless. */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export const attachmentOwners = ['enquiry', 'reply', 'purchase_order'] as const;
export type AttachmentOwner = (typeof attachmentOwners)[number];

/**
 * A private file of an enquiry: the buyer's site photos and drawings (`enquiry`), a file staff
 * sent with a reply (`reply`, with its event) or a purchase order sent with an acceptance
 * (`purchase_order`, with its response). The bytes sit in private storage under `storage_key`;
 * only staff, the signed-in owner and the holder of the guest link can download them.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    owner: text().$type<AttachmentOwner>().notNull(),
    eventId: integer().references(() => enquiryEvents.id, { onDelete: 'set null' }),
    responseId: integer().references(() => quotationResponses.id, { onDelete: 'set null' }),
    /** The name shown and sent (cleaned of paths and control characters). */
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index('attachments_enquiry_id_idx').on(t.enquiryId, t.createdAt),
    uniqueIndex('attachments_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * Work that runs on a schedule (quotation reminders, expiry): one row per job, claimed by one
 * instance at a time with `FOR UPDATE SKIP LOCKED` and a lease, so several instances sharing the
 * database run each due job once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text().primaryKey(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
  lastRunAt: timestamp({ withTimezone: true }),
  lastError: text(),
  ...timestamps,
});

/** A contact message's history in the staff inbox: replies sent, marked handled or reopened. */
export const contactMessageEvents = pgTable(
  'contact_message_events',
  {
    id: serial().primaryKey(),
    messageId: integer()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    kind: text().$type<'reply' | 'handled' | 'reopened'>().notNull(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    body: text(),
    ...timestamps,
  },
  (t) => [index('contact_message_events_message_id_idx').on(t.messageId, t.createdAt)],
);

// ---------- catalogue imports ----------

/**
 * An import's life: its file is being checked (`checking`), checked (`checked`: the dry run's
 * report is ready; with errors it can only be replaced), being applied, applied, stopped by a
 * refusal of the whole file or a failure (`failed`), or cancelled by staff before it was applied.
 */
export const importJobStatuses = [
  'checking',
  'checked',
  'applying',
  'applied',
  'failed',
  'cancelled',
] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

/** One problem of an import: the file's row (the header is row 1), its column and what is wrong. */
export interface ImportIssue {
  row: number;
  column: string;
  message: string;
}

/** What a checked import would do, counted, with the sports and categories it would create. */
export interface ImportSummary {
  create: number;
  update: number;
  unchanged: number;
  errors: number;
  newSports: string[];
  newCategories: string[];
  /** How the file's text was read ('UTF-8', or 'Windows-1252' when detected or chosen). */
  encoding?: string;
}

/**
 * A spreadsheet import, checked and then applied on the server as a job: the page that started it
 * (or any page, after a reload, on any server process) reads its progress and report from here.
 * `heartbeat_at` moves while a process works on it, so a job whose process died is told apart
 * from a slow one.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial().primaryKey(),
    status: text().$type<ImportJobStatus>().notNull().default('checking'),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    fileName: text().notNull(),
    imagesFileName: text(),
    /** Staff ticked it: sports and categories the file names that do not exist are created. */
    createTaxonomy: boolean().notNull().default(false),
    /** What the job is doing: reading rows, processing images, or applying. */
    phase: text().$type<'rows' | 'images' | 'apply'>().notNull().default('rows'),
    /** When the phase began: the time left is estimated from the rate since. */
    phaseStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rowsTotal: integer().notNull().default(0),
    rowsDone: integer().notNull().default(0),
    imagesTotal: integer().notNull().default(0),
    imagesDone: integer().notNull().default(0),
    summary: jsonb().$type<ImportSummary>(),
    /** The first problems found (at most a few hundred; `summary.errors` counts them all). */
    issues: jsonb()
      .$type<ImportIssue[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Why the whole file was refused or the job failed. */
    message: text(),
    /** The images the check stored, by their name in the ZIP (removed if never applied). */
    images: jsonb()
      .$type<
        Record<string, { key: string; width: number; height: number; variants: ImageVariant[] }>
      >()
      .notNull()
      .default(sql`'{}'::jsonb`),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('import_jobs_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** A planned product of an import row: what the product will be once applied. */
export interface ImportPlan {
  modelCode: string | null;
  name: string;
  status: ProductStatus | null;
  description: string | null;
  sport: string;
  categories: string[];
  specifications: ProductSpecification[];
  /** Kept images by their current key, new ones by their name in the ZIP, in order. */
  images: ({ keep: string } | { zip: string })[];
}

/**
 * A checked row of an import that creates or updates a product (rows left alone are only
 * counted): its plan, and for an update the product's revision when checked, so an apply refuses
 * a product changed since.
 */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    jobId: integer()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    row: integer().notNull(),
    action: text().$type<'create' | 'update'>().notNull(),
    productId: integer(),
    revision: integer(),
    name: text().notNull(),
    /** The fields an update changes, as the report names them. */
    changes: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    plan: jsonb().$type<ImportPlan>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.row] })],
);

/** Staff-managed snippets to insert into a reply (opening hours, delivery terms, a follow-up). */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    body: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('canned_replies_title_idx').on(sql`lower(${t.title})`)],
);

// ---------- real-user speed ----------

/**
 * Visitors' Core Web Vitals as daily histograms: how many page views of one route, device class
 * and connection type had a metric's value in the bucket ending at `le` (app/lib/rum/vitals.ts
 * has the buckets) on a Singapore day. Reports are counted into these rows as they arrive, so no single
 * page view is ever stored, and a percentile is read from the buckets.
 */
export const rumDaily = pgTable(
  'rum_daily',
  {
    id: serial().primaryKey(),
    day: date({ mode: 'string' }).notNull(),
    route: text().notNull(),
    metric: text().$type<'LCP' | 'INP' | 'CLS' | 'TTFB'>().notNull(),
    device: text().$type<'mobile' | 'desktop'>().notNull(),
    connection: text().notNull(),
    le: doublePrecision().notNull(),
    count: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rum_daily_bucket_idx').on(t.day, t.route, t.metric, t.device, t.connection, t.le),
  ],
);
