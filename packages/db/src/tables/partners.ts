/** A distributor or installer company and its sign-in account (migration 0720, decision 0720). */
export interface PartnersTable {
  id: string;
  kind: 'i' | 'd';
  uid: string;
  /** An installer's distributor; null for distributors and for installers no distributor made. */
  parent_id: string | null;
  company: string;
  company_key: string;
  suspended_at: number | null;
  created_at: number;
}

/** A customer account and the installer that runs it. */
export interface PartnerCustomersTable {
  uid: string;
  installer_id: string;
  company: string;
  created_at: number;
}

export interface PartnerTables {
  partners: PartnersTable;
  partner_customers: PartnerCustomersTable;
}
