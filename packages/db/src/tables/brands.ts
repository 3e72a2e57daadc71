/**
 * White-label brands (migration 0820, decision 0820): a brand per set of hosts, its flags and its white-label
 * configuration (spec 001 §3), its documents; installers' overrides of logo and colours for their customers.
 */
export interface BrandsTable {
  id: string;
  name: string;
  /** The one brand every unknown host gets (0/1; at most one row has 1). */
  main_brand: number;
  can_register: number;
  can_sell_hardware: number;
  full_white_label: number;
  hide_portal_link: number;
  named_partner: number;
  takeaway_vendor: number;
  analytics: number;
  analytics_in_demo: number;
  /** JSON array of single sign-on provider names offered on this brand's hosts. */
  sso_providers: string;
  return_link: string | null;
  product_updates_url: string | null;
  terms_url: string | null;
  privacy_url: string | null;
  /** JSON: the white-label configuration fields of spec 001 §3 (colours, title, gradients, whiteOverAccent…). */
  theme: string;
  /** Markdown of the brand's terms and privacy documents; null: the plain template. */
  terms_md: string | null;
  privacy_md: string | null;
  /** JSON: the footer's visit link and rotating messages (migration 0990, decision 0827); '{}' for none. */
  footer: string;
  updated_at: number;
}

/** Which brand a host name (lowercase, no port) belongs to: several hosts per brand. */
export interface BrandHostsTable {
  host: string;
  brand_id: string;
}

/** An uploaded image: `owner` is `b:<brand id>` or `i:<installer id>`, `name` one of logo.png, favicon, … */
export interface BrandAssetsTable {
  owner: string;
  name: string;
  content_type: string;
  /** The image, base64 (text on both dialects; images are capped small). */
  data: string;
  /** SHA-256 of the image, hex: its ETag. */
  sha256: string;
  updated_at: number;
}

/** An installer's colour overrides (JSON, a subset of the theme), applied over the brand for its customers. */
export interface InstallerThemesTable {
  installer_id: string;
  theme: string;
  updated_at: number;
}

/** The brand a person registered on (migration 0891, decision 0825): later e-mails to them carry it. */
export interface UserBrandsTable {
  user_uid: string;
  brand_id: string;
  created_at: number;
}

export interface BrandTables {
  brands: BrandsTable;
  brand_hosts: BrandHostsTable;
  brand_assets: BrandAssetsTable;
  installer_themes: InstallerThemesTable;
  user_brands: UserBrandsTable;
}
