import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_auth.ts';
import * as m0002 from './0002_cameras.ts';
import * as m0003 from './0003_recording.ts';
import * as m0004 from './0004_reporting.ts';
import * as m0005 from './0005_accounts.ts';
import * as m0006 from './0006_events.ts';
import * as m0007 from './0007_sharing.ts';
import * as m0008 from './0008_motion.ts';
import * as m0009 from './0009_auth_security.ts';
import * as m0017 from './0017_support_consent.ts';
import * as m0307 from './0307_camera_onvif.ts';
import * as m0506 from './0506_evidence.ts';
import * as m0507 from './0507_segment_runs.ts';
import * as m0510 from './0510_segment_keyframes.ts';
import * as m0556 from './0556_event_ongoing.ts';
import * as m0600 from './0600_fleet.ts';
import * as m0601 from './0601_segment_hosts.ts';
import * as m0700 from './0700_camera_recording_config.ts';
import * as m0702 from './0702_camera_schedules.ts';
import * as m0720 from './0720_partners.ts';
import * as m0740 from './0740_billing.ts';
import * as m0800 from './0800_vehicles.ts';
import * as m0820 from './0820_brands.ts';
import * as m0830 from './0830_sso_identities.ts';
import * as m0840 from './0840_orders.ts';
import * as m0860 from './0860_camera_analytics_rules.ts';
import * as m0861 from './0861_camera_notification_settings.ts';
import * as m0870 from './0870_billing_more.ts';
import * as m0891 from './0891_user_brand.ts';
import * as m0900 from './0900_customer_prices.ts';
import * as m0910 from './0910_notification_deliveries.ts';
import * as m0911 from './0911_push_subscriptions.ts';
import * as m0920 from './0920_stripe.ts';
import * as m0921 from './0921_paypal_orders.ts';
import * as m0930 from './0930_analytics_line_counts.ts';
import * as m0931 from './0931_plate_watch_lists.ts';
import * as m0990 from './0990_brand_footer.ts';
import * as m1000 from './1000_camera_status_notices.ts';
import * as m1020 from './1020_camera_leases_expiry.ts';
import * as m1030 from './1030_segments_stored.ts';
import * as m1050 from './1050_ppe.ts';

/** Listed explicitly (not read from the folder) so the order is reviewed and bundling cannot lose one. */
export const migrations: Record<string, Migration> = {
  '0001_auth': m0001,
  '0002_cameras': m0002,
  '0003_recording': m0003,
  '0004_reporting': m0004,
  '0005_accounts': m0005,
  '0006_events': m0006,
  '0007_sharing': m0007,
  '0008_motion': m0008,
  '0009_auth_security': m0009,
  '0017_support_consent': m0017,
  '0307_camera_onvif': m0307,
  '0506_evidence': m0506,
  '0507_segment_runs': m0507,
  '0510_segment_keyframes': m0510,
  '0556_event_ongoing': m0556,
  '0600_fleet': m0600,
  '0601_segment_hosts': m0601,
  '0700_camera_recording_config': m0700,
  '0702_camera_schedules': m0702,
  '0720_partners': m0720,
  '0740_billing': m0740,
  '0800_vehicles': m0800,
  '0820_brands': m0820,
  '0840_orders': m0840,
  '0830_sso_identities': m0830,
  '0870_billing_more': m0870,
  '0860_camera_analytics_rules': m0860,
  '0861_camera_notification_settings': m0861,
  '0891_user_brand': m0891,
  '0900_customer_prices': m0900,
  '0910_notification_deliveries': m0910,
  '0911_push_subscriptions': m0911,
  '0920_stripe': m0920,
  '0921_paypal_orders': m0921,
  '0930_analytics_line_counts': m0930,
  '0931_plate_watch_lists': m0931,
  '0990_brand_footer': m0990,
  '1000_camera_status_notices': m1000,
  '1020_camera_leases_expiry': m1020,
  '1030_segments_stored': m1030,
  '1050_ppe': m1050,
};
