/**
 * Every business constant of the specification, in one place, named as the spec names it.
 * Spec 000 §9 and spec 001 §9. Units are in the name (Ms, Sec, Px, Chars) because the spec mixes them.
 */

// Spec 000 §9
export const TOKEN_REFRESH_INTERVAL_MS = 10 * 60_000;
export const TOKEN_REFRESH_INTERVAL_MOBILE_APP_MS = 8 * 60_000;
/** Refresh on tab visibility when more than this has passed since the last refresh. */
export const TOKEN_REFRESH_ON_VISIBILITY_AFTER_MS = 8 * 60_000;
export const CROSS_TAB_REFRESH_LOCK_MS = 2_000;
export const CROSS_TAB_REFRESH_LOCK_RETRIES = 5;
export const CROSS_TAB_REFRESH_LOCK_MAX_WAIT_MS = 500;
export const REFRESH_MOBILE_APP_RETRY_DELAY_MS = 2_000;
export const USAGE_LOG_RETRIES = 5;
export const USAGE_LOG_FIRST_BACKOFF_MS = 60_000;
export const MOBILE_RELOAD_GUARD_MS = 30_000;
export const GROUP_REQUEST_BATCH_LIMIT_CHARS = 1200;
export const SIDEBAR_MOBILE_BREAKPOINT_PX = 800;
export const SIDEBAR_WIDTH_PX = 88;
export const ACCOUNT_WIDGETS_MOBILE_BELOW_PX = 700;
export const KEYBOARD_DETECTION_PX = 150;
export const MODAL_Z_INDEX = 1050;
export const MODAL_MAX_WIDTH_PX = 700;
export const MODAL_MAX_WIDTH_PERCENT = 90;
export const SWIPE_THRESHOLD_PX = 50;
export const SLIDE_ANIMATION_MS = 300;
export const FOCUSED_INPUT_SCROLL_DELAY_MS = 200;
export const DEFAULT_ACCENT_COLOUR = '#E32747';
export const DEFAULT_PAGE_MAX_WIDTH_PX = 1200;
export const APP_VERSION = '2.44.15';
export const DEFAULT_GEO = {
  country_code: 'US',
  country_name: 'United States',
  currency: { code: 'USD', symbol: '$' },
} as const;
export const MIN_COLOUR_CONTRAST_RATIO = 4.5;
export const ERROR_REPORT_MIN_INTERVAL_MS = 10_000;
export const ERROR_REPORT_SAME_MESSAGE_SUPPRESS_MS = 30_000;

// Spec 001 §9
export const POLLING_DEFAULT_INTERVAL_MS = 3_000;
export const POLLING_DEFAULT_MAX_POLLS = 6;
export const UNINSTALL_POLL_INTERVAL_MS = 5_000;
export const UNINSTALL_POLLS_PER_CYCLE = 6;
export const UNINSTALL_MAX_CYCLES = 6;
export const NETWORK_RETRY_COUNTDOWN_SEC = 30;
export const FOOTER_ROTATION_MS = 4_000;
export const FOOTER_MESSAGES = 8;
export const FOOTER_FADE_MS = 800;
export const URL_LENGTH_LIMIT_CHARS = 1800;
export const BATCHING_LIMIT_CHARS = 1200;
export const SSE_BACKOFF_START_MS = 1_000;
export const SSE_BACKOFF_CAP_MS = 60_000;
export const EVENTS_PAGE_SIZE = 50;
export const EVENTS_DELETE_BATCH = 95;
export const PICKER_SEARCH_THRESHOLD = 6;
export const BADGE_WIDE_ABOVE = 99;
export const DEFAULT_TIME_RANGE = { start: '00:00', end: '23:59' } as const;
export const DEFAULT_DURATION_MIN = 60;
export const MIN_DURATION_MIN = 1;
export const HEADER_MOBILE_BREAKPOINT_PX = 850;
export const BANNER_BREAKPOINT_PX = 800;
export const MOBILE_HEADER_HEIGHT_PX = 60;
export const DATE_PICKER_POPUP_WIDTH_PX = 347;
export const PICKER_WITH_IMAGES_WIDTH_PX = 350;
export const IMAGE_KEYBOARD_STEP_PX = 40;
export const DEWARP_KEYBOARD_STEP = 5;
export const SNAPSHOT_FLASH_MS = 200;
export const PLAYER_CONTROLS_HIDE_MS = 3_000;
export const PLAYER_PROGRESS_INTERVAL_MS = 250;
export const DEWARP_REDRAW_MS = 100;
export const CACHE_MAX_ENTRIES = 10_000;
export const MOTION_SCORE_MAX_TOKEN = '0a';
export const DEMO_ROUTE_PREFIX = '/demo';
export const MOTION_SENSITIVITY_MIN = 1;
export const MOTION_SENSITIVITY_MAX = 10;
export const FISHEYE_FOV_MIN_DEG = 50;
export const FISHEYE_FOV_MAX_DEG = 110;
export const FISHEYE_FOV_START_DEG = 95;
export const FISHEYE_LATITUDE_LIMIT_DEG = 80;
export const FISHEYE_CAMERA_RADIUS = 500;
export const IMAGE_HOVER_ZOOM = 3;
export const IMAGE_HOVER_ZOOM_DELAY_MS = 600;
export const IMAGE_HOVER_PREVIEW_WIDTH_FACTOR = 2.5;
export const PASSWORD_TOO_SHORT_BELOW = 8;
export const PASSWORD_STRONG_FROM = 12;
export const DEFAULT_STORAGE_DAYS = 30;
export const RENEWAL_MONTHLY = 1;
export const RENEWAL_YEARLY = 12;

// Spec 001 §3, §4, §7: cameras
/** Default of a camera's access level field (other values not shown). */
export const CAMERA_ACCESS_DEFAULT = 'a';
/** Default of a camera's videoCodec field. */
export const CAMERA_VIDEO_CODEC_DEFAULT = 'h264';
/** The error reported when the uninstall polling runs out of cycles (spec 001 §4, §8). */
export const MAX_POLLS_REACHED = 'max polls reached';
/** Motion sensitivity of a new camera, mid-range of 1..10 (the spec names no default). */
export const MOTION_SENSITIVITY_DEFAULT = 5;

// Spec 001 §4, §7, §9: recordings, player and download (values the spec names without giving are ours,
// docs/decisions/0500-recordings-api.md)
/** Lifetime of a media URL grant (POST /grants, decision 0014): long enough to start a player or load an image. */
export const MEDIA_GRANT_TTL_SEC = 60;
/**
 * Lifetime of a `live-playlist` grant: a native HLS player reloads one playlist address while it plays, so the
 * grant cannot be renewed into the URL; every reload checks the session and the viewer's access again.
 */
export const LIVE_PLAYLIST_GRANT_TTL_SEC = 12 * 3600;
/** Longest range of one /video/mp4 or /stream/... clip ("maximum download length"). */
export const MAXIMUM_DOWNLOAD_LENGTH_SEC = 4 * 3600;
/** Most cameras one multi-clip download may hold ("bulk download limit"). */
export const BULK_DOWNLOAD_LIMIT = 16;
/** On touch, the player's controls show this long after a tap. */
export const PLAYER_TOUCH_CONTROLS_MS = 3_000;
/** Playback speeds of the recordings timeline (1x to 8x). */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8] as const;

/** Ours (decision 0702): how often recording schedules are checked; a switch lands within this of its time. */
export const SCHEDULE_RECORDING_TICK_MS = 1000;
// Spec 001 §5: vehicle analytics
/** "Plate search needs at least two characters" (letters or digits besides the wildcard). */
export const PLATE_SEARCH_MIN_CHARS = 2;
/** "wildcards only at the ends" of a plate search. */
export const PLATE_WILDCARD = '*';
// Spec 001 §3, §9: pricing (rules in pricing.ts, the default price list in apps/server features/billing)
/** Renewal frequency in months (RENEWAL_MONTHLY, RENEWAL_YEARLY above), by interval. */
export const RENEWAL_FREQUENCY = { monthly: RENEWAL_MONTHLY, yearly: RENEWAL_YEARLY } as const;
export const DEFAULT_INTERVAL = 'monthly' as const;
/** The default storage (DEFAULT_STORAGE_DAYS above) is the one tagged Popular. */
export const POPULAR_STORAGE_DAYS = DEFAULT_STORAGE_DAYS;
export const DAYS_PER_STORAGE_YEAR = 365;
export const RESOLUTIONS = ['2MP', '4MP', '8MP'] as const;
export const PLAN_MODES = ['rom', 'continuous'] as const;
/** Per camera per month, by currency. */
export const PER_CAMERA_PRICE = { USD: 2.99, AUD: 4.49, CAD: 4.09, EUR: 2.79, GBP: 2.39, NZD: 4.99 } as const;
/** USD per camera per month in a discount region. */
export const PER_CAMERA_PRICE_USD_DISCOUNTED = 2.49;
/** "A ten percent discount" (value named by the spec; we give it to yearly billing: decision 0740). */
export const YEARLY_DISCOUNT_PERCENT = 10;
