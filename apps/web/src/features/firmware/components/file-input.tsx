import type { ReactNode, Ref } from 'react';

/** What a form item gives a file field: its value and onChange, the id its label names, aria. */
export interface FormFileProps<V> {
  value?: V | undefined;
  onChange?: (value: V | undefined) => void;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  disabled?: boolean;
}

export interface FileInputProps extends Omit<FormFileProps<never>, 'value' | 'onChange'> {
  /** The file types offered. */
  accept: string;
  /** The file chosen, or none when the choice was cleared. */
  onFile: (file: File | undefined) => void;
  testId: string;
  /** What is said about the chosen file, under the input. */
  children?: ReactNode;
}

/** A file field of the publish dialog: the browser's own input, named by the form item's label. */
export function FileInput({ accept, onFile, testId, children, ...input }: FileInputProps) {
  return (
    <div className="firmware-file-field">
      <input
        type="file"
        {...input}
        accept={accept}
        onChange={(event) => onFile(event.target.files?.[0])}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
