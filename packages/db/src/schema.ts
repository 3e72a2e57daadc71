/**
 * Table types, declared once. Conventions that keep one schema working on SQLite and PostgreSQL:
 * times are epoch milliseconds in bigint columns, booleans are integers 0/1, JSON is text.
 */

import type { AccountTables } from './tables/accounts.ts';
import type { AnalyticsRuleTables } from './tables/analytics-rules.ts';
import type { AuthTables } from './tables/auth.ts';
import type { BillingTables } from './tables/billing.ts';
import type { BrandTables } from './tables/brands.ts';
import type { CameraTables } from './tables/cameras.ts';
import type { EventTables } from './tables/events.ts';
import type { EvidenceTables } from './tables/evidence.ts';
import type { FleetTables } from './tables/fleet.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { OrderTables } from './tables/orders.ts';
import type { PartnerTables } from './tables/partners.ts';
import type { PpeTables } from './tables/ppe.ts';
import type { RecordingTables } from './tables/recording.ts';
import type { ReportingTables } from './tables/reporting.ts';
import type { ScheduleTables } from './tables/schedules.ts';
import type { SharingTables } from './tables/sharing.ts';
import type { SsoTables } from './tables/sso.ts';
import type { VehicleTables } from './tables/vehicles.ts';

export type * from './tables/accounts.ts';
export type * from './tables/analytics-rules.ts';
export type * from './tables/auth.ts';
export type * from './tables/billing.ts';
export type * from './tables/brands.ts';
export type * from './tables/cameras.ts';
export type * from './tables/events.ts';
export type * from './tables/evidence.ts';
export type * from './tables/fleet.ts';
export type * from './tables/notifications.ts';
export type * from './tables/orders.ts';
export type * from './tables/partners.ts';
export type * from './tables/ppe.ts';
export type * from './tables/recording.ts';
export type * from './tables/reporting.ts';
export type * from './tables/schedules.ts';
export type * from './tables/sharing.ts';
export type * from './tables/sso.ts';
export type * from './tables/vehicles.ts';

/** Every table. Each feature area declares its tables in tables/<area>.ts and is added here. */
export interface Database
  extends AuthTables,
    AccountTables,
    AnalyticsRuleTables,
    BillingTables,
    BrandTables,
    CameraTables,
    EventTables,
    EvidenceTables,
    FleetTables,
    NotificationTables,
    OrderTables,
    PartnerTables,
    PpeTables,
    RecordingTables,
    ReportingTables,
    ScheduleTables,
    SharingTables,
    SsoTables,
    VehicleTables {}
