/** Takeaway orders (migration 0840, decisions 0840–0842). */

/** An account's takeaway settings: its till camera and the webhook's signing secret. */
export interface TakeawayAccountsTable {
  owner_uid: string;
  /** The camera over the till; an order takes the one set when it comes. */
  till_camera_uidd: string | null;
  /** HMAC-SHA256 key of the webhook; kept as it is (a signature is checked with the key itself). */
  webhook_secret: string | null;
  secret_created_at: number | null;
  updated_at: number;
}

/** An order imported from the point of sale; one per (account, vendor's order id). */
export interface TakeawayOrdersTable {
  id: string;
  owner_uid: string;
  vendor_order_id: string;
  /** SHA-256 of the order as first received (canonical JSON): a repeat with other contents is refused. */
  body_hash: string;
  placed_at_ms: number;
  total_minor: number;
  currency: string;
  /** JSON array of the order's items. */
  items_json: string;
  channel: string | null;
  /** The till camera's recording: camera and range, null when no till camera was set. */
  camera_uidd: string | null;
  clip_start_ms: number | null;
  clip_end_ms: number | null;
  imported_at: number;
  /** 'open' | 'won' | 'lost' | null (no dispute). */
  dispute_status: string | null;
  dispute_reason: string | null;
  dispute_opened_ms: number | null;
}

/** A dispute's moves, each with its note. */
export interface TakeawayDisputeNotesTable {
  id: string;
  order_id: string;
  at_ms: number;
  /** null: opened by the point of sale. */
  by_uid: string | null;
  from_status: string | null;
  to_status: string;
  note: string;
}

export interface OrderTables {
  takeaway_accounts: TakeawayAccountsTable;
  takeaway_orders: TakeawayOrdersTable;
  takeaway_dispute_notes: TakeawayDisputeNotesTable;
}
