import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { brandsEn } from './brands.en.ts';
import { brandsFr } from './brands.fr.ts';

// The feature's texts, in a namespace of their own added when its screens load: every page would otherwise carry
// them (the first page's JavaScript is budgeted, decision 0760). Both languages: they are small.
if (!i18next.hasResourceBundle('en', 'brands')) {
  i18next.addResourceBundle('en', 'brands', brandsEn.brands);
  i18next.addResourceBundle('fr', 'brands', brandsFr.brands);
}

/** The brands feature's translator: keys of brands.en.ts without the `brands.` prefix. */
export const useBrandsT = () => useTranslation('brands').t;
