import { parseFirmwareSignature } from '@helio/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignatureFieldProps {
  /** The signature file's text (the form's value, sent as `signature`). */
  value?: string | undefined;
  onChange?: (text: string | undefined) => void;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  disabled?: boolean;
}

/**
 * The signature file made offline (`npm run firmware:sign`, `<image>.sig`): read as text in the
 * browser and sent with the file; the key it names is shown once it reads as one.
 */
export function SignatureField({ value, onChange, id, ref, disabled, ...aria }: SignatureFieldProps) {
  const { t } = useTranslation();
  const parsed = value ? parseFirmwareSignature(value) : undefined;
  return (
    <div className="firmware-file-field">
      <input
        type="file"
        id={id}
        ref={ref}
        accept=".sig,application/json"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) onChange?.(undefined);
          else void file.text().then((text) => onChange?.(text));
        }}
        data-testid="firmware-publish-signature"
        {...aria}
      />
      {parsed && (
        <p className="firmware-help" data-testid="firmware-publish-key">
          {t('firmware.file.signedWith', { key: parsed.key_id })}
        </p>
      )}
    </div>
  );
}
