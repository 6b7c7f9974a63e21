import { parseFirmwareSignature } from '@helio/contracts';
import { useTranslation } from 'react-i18next';
import { FileInput, type FormFileProps } from './file-input.tsx';

/** The form's value: the signature file's text, sent as `signature`. */
export type SignatureFieldProps = FormFileProps<string>;

/**
 * The signature file made offline (`npm run firmware:sign`, `<image>.sig`): read as text in the
 * browser and sent with the file; the key it names is shown once it reads as one.
 */
export function SignatureField({ value, onChange, ...input }: SignatureFieldProps) {
  const { t } = useTranslation();
  const parsed = value ? parseFirmwareSignature(value) : undefined;
  return (
    <FileInput
      {...input}
      accept=".sig,application/json"
      onFile={(file) => {
        if (!file) onChange?.(undefined);
        else void file.text().then((text) => onChange?.(text));
      }}
      testId="firmware-publish-signature"
    >
      {parsed && (
        <p className="firmware-help" data-testid="firmware-publish-key">
          {t('firmware.file.signedWith', { key: parsed.key_id })}
        </p>
      )}
    </FileInput>
  );
}
