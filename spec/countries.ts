/** Countries of interface.md ("Country"): ISO 3166-1 alpha-2, in the document's order. */
export const COUNTRIES = [
  'AF', 'AX', 'AL', 'AS', 'AD', 'AO', 'AI', 'AQ', 'AG', 'AR', 'AM', 'AW', 'AU', 'AT', 'AZ', 'AE',
  'BH', 'BS', 'BD', 'BB', 'BY', 'BE', 'BZ', 'BJ', 'BM', 'BT', 'BO', 'BQ', 'BA', 'BW', 'BV', 'BR',
  'BN', 'BG', 'BF', 'BI', 'BL', 'CM', 'CA', 'CV', 'CF', 'CL', 'CN', 'CX', 'CC', 'CO', 'CG', 'CD',
  'CK', 'CR', 'CI', 'CU', 'CW', 'CY', 'CZ', 'CH', 'DZ', 'DK', 'DJ', 'DM', 'DO', 'DE', 'EC', 'EG',
  'ER', 'EE', 'ET', 'ES', 'EH', 'FK', 'FO', 'FJ', 'FI', 'FR', 'FM', 'GQ', 'GF', 'GA', 'GM', 'GE',
  'GH', 'GI', 'GR', 'GL', 'GD', 'GP', 'GU', 'GT', 'GG', 'GN', 'GW', 'GY', 'GS', 'GB', 'HR', 'HT',
  'HM', 'HN', 'HK', 'HU', 'IO', 'IS', 'IN', 'ID', 'IR', 'IQ', 'IE', 'IM', 'IL', 'IT', 'JM', 'JP',
  'JE', 'JO', 'KH', 'KY', 'KM', 'KZ', 'KE', 'KI', 'KP', 'KR', 'KW', 'KG', 'KN', 'LA', 'LV', 'LB',
  'LS', 'LR', 'LY', 'LI', 'LT', 'LU', 'LK', 'LC', 'MO', 'MK', 'MG', 'MW', 'MY', 'MV', 'ML', 'MT',
  'MH', 'MQ', 'MR', 'MU', 'MX', 'MD', 'MC', 'MN', 'ME', 'MS', 'MA', 'MZ', 'MM', 'MP', 'MF', 'NA',
  'NR', 'NP', 'NL', 'NC', 'NZ', 'NI', 'NE', 'NG', 'NU', 'NF', 'NO', 'OM', 'PF', 'PK', 'PW', 'PS',
  'PA', 'PG', 'PY', 'PE', 'PH', 'PN', 'PL', 'PT', 'PR', 'PM', 'QA', 'RE', 'RO', 'RU', 'RW', 'RS',
  'SV', 'ST', 'SH', 'SM', 'SA', 'SN', 'SC', 'SL', 'SG', 'SX', 'SK', 'SI', 'SB', 'SO', 'SS', 'SD',
  'SR', 'SJ', 'SZ', 'SE', 'SY', 'TD', 'TF', 'TW', 'TJ', 'TZ', 'TH', 'TL', 'TG', 'TK', 'TO', 'TT',
  'TN', 'TR', 'TM', 'TC', 'TV', 'UG', 'UA', 'US', 'UM', 'UY', 'UZ', 'VA', 'VU', 'VE', 'VN', 'VG',
  'VI', 'VC', 'WF', 'WS', 'YT', 'YE', 'ZA', 'ZM', 'ZW',
] as const;

export type Country = (typeof COUNTRIES)[number];
