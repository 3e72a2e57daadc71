import { i18n } from '../../../shared/i18n/translator.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { brandsEn } from './brands.en.ts';
import { brandsFr } from './brands.fr.ts';

// The feature's texts, in a namespace of their own added when its screens load: every page would otherwise carry
// them (the first page's JavaScript is budgeted, decision 0760). Both languages: they are small.
if (!i18n.hasResourceBundle('en', 'brands')) {
  i18n.addResourceBundle('en', 'brands', brandsEn.brands);
  i18n.addResourceBundle('fr', 'brands', brandsFr.brands);
}

/** The brands feature's translator: keys of brands.en.ts without the `brands.` prefix. */
export const useBrandsT = () => useTranslation('brands').t;
