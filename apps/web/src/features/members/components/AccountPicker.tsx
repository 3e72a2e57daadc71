import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import type { ManagedAccount } from '../managed-accounts.ts';
import '../../../shared/i18n/accounts.texts.ts';

/** Which account's users are shown, when the user manages more than their own. */
export function AccountPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly ManagedAccount[];
  value: string;
  onChange: (ownerUid: string) => void;
}) {
  const { t } = useTranslation();
  if (accounts.length < 2) return null;
  return (
    <SelectField
      label={t('members.account')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="max-w-md"
    >
      {accounts.map((a) => (
        <option key={a.ownerUid} value={a.ownerUid}>
          {a.level === 'owner' ? t('members.ownAccount', { name: a.label }) : a.label}
        </option>
      ))}
    </SelectField>
  );
}
