/**
 * Country → continent and currency, for the embedded geolocation default and the discount regions (decision 0740).
 * Continents are the two-letter codes of the IP geo info (spec 001 §3: continent_code): AF, AN, AS, EU, NA, OC, SA.
 * One line per continent: `CC:CUR` pairs. Names come from the platform (Intl.DisplayNames), not from this table.
 */
const TABLE: Record<string, string> = {
  AF: 'DZ:DZD AO:AOA BJ:XOF BW:BWP BF:XOF BI:BIF CM:XAF CV:CVE CF:XAF TD:XAF KM:KMF CD:CDF CG:XAF CI:XOF DJ:DJF EG:EGP GQ:XAF ER:ERN SZ:SZL ET:ETB GA:XAF GM:GMD GH:GHS GN:GNF GW:XOF KE:KES LS:LSL LR:LRD LY:LYD MG:MGA MW:MWK ML:XOF MR:MRU MU:MUR MA:MAD MZ:MZN NA:NAD NE:XOF NG:NGN RW:RWF ST:STN SN:XOF SC:SCR SL:SLE SO:SOS ZA:ZAR SS:SSP SD:SDG TZ:TZS TG:XOF TN:TND UG:UGX ZM:ZMW ZW:ZWL',
  AS: 'AF:AFN AM:AMD AZ:AZN BH:BHD BD:BDT BT:BTN BN:BND KH:KHR CN:CNY GE:GEL HK:HKD IN:INR ID:IDR IR:IRR IQ:IQD IL:ILS JP:JPY JO:JOD KZ:KZT KW:KWD KG:KGS LA:LAK LB:LBP MO:MOP MY:MYR MV:MVR MN:MNT MM:MMK NP:NPR KP:KPW OM:OMR PK:PKR PS:ILS PH:PHP QA:QAR SA:SAR SG:SGD KR:KRW LK:LKR SY:SYP TW:TWD TJ:TJS TH:THB TL:USD TR:TRY TM:TMT AE:AED UZ:UZS VN:VND YE:YER',
  EU: 'AL:ALL AD:EUR AT:EUR BY:BYN BE:EUR BA:BAM BG:BGN HR:EUR CY:EUR CZ:CZK DK:DKK EE:EUR FI:EUR FR:EUR DE:EUR GR:EUR HU:HUF IS:ISK IE:EUR IT:EUR XK:EUR LV:EUR LI:CHF LT:EUR LU:EUR MT:EUR MD:MDL MC:EUR ME:EUR NL:EUR MK:MKD NO:NOK PL:PLN PT:EUR RO:RON RU:RUB SM:EUR RS:RSD SK:EUR SI:EUR ES:EUR SE:SEK CH:CHF UA:UAH GB:GBP VA:EUR GI:GIP IM:GBP JE:GBP GG:GBP FO:DKK',
  NA: 'AG:XCD BS:BSD BB:BBD BZ:BZD CA:CAD CR:CRC CU:CUP DM:XCD DO:DOP SV:USD GD:XCD GT:GTQ HT:HTG HN:HNL JM:JMD MX:MXN NI:NIO PA:PAB KN:XCD LC:XCD VC:XCD TT:TTD US:USD PR:USD GL:DKK BM:BMD KY:KYD AW:AWG CW:ANG',
  OC: 'AU:AUD FJ:FJD KI:AUD MH:USD FM:USD NR:AUD NZ:NZD PW:USD PG:PGK WS:WST SB:SBD TO:TOP TV:AUD VU:VUV NC:XPF PF:XPF GU:USD',
  SA: 'AR:ARS BO:BOB BR:BRL CL:CLP CO:COP EC:USD GY:GYD PY:PYG PE:PEN SR:SRD UY:UYU VE:VES',
  AN: 'AQ:USD',
};

export interface CountryFacts {
  continent: string;
  currency: string;
}

const COUNTRIES: ReadonlyMap<string, CountryFacts> = new Map(
  Object.entries(TABLE).flatMap(([continent, line]) =>
    line.split(' ').map((pair) => {
      const [cc, currency] = pair.split(':') as [string, string];
      return [cc, { continent, currency }] as const;
    }),
  ),
);

/** The continent and currency of an ISO 3166-1 alpha-2 code, or undefined for a code the table does not hold. */
export const countryFacts = (countryCode: string): CountryFacts | undefined =>
  COUNTRIES.get(countryCode.toUpperCase());

/** Every country code the table holds. */
export const knownCountries = (): string[] => [...COUNTRIES.keys()];
