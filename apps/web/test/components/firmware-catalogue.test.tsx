import { FIRMWARE_SIGNATURE_FORMAT, firmware } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FirmwareCatalogueRoute } from '../../src/features/firmware/routes/firmware-catalogue.tsx';
import { expectAccessible } from './support/accessible.ts';
import { fakeApi } from './support/fake-api.ts';
import { fileItem, MODEL, SERIES } from './support/firmware-fixtures.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';

/**
 * The operator's catalogue: series, models and files listed; publishing a file uploads its image
 * with a progress bar (XMLHttpRequest with the API client's Token header), reads its signature
 * file in the browser, says a refused signature under its field and refreshes the list once it is
 * published; a series whose name exists is refused under its field; any other account sees the
 * catalogue's refusal (9001).
 */

const IMAGE_SHA = 'b'.repeat(64);
const IMAGE = new File([new Uint8Array(2048)], 'hx6k-arm-2.2.0.bin', { type: 'application/octet-stream' });
const UPLOAD_ID = '8f9e0d1c-2b3a-4c5d-8e6f-7a8b9c0d1e2f';

function signatureText(spaces = 0): string {
  return JSON.stringify(
    {
      format: FIRMWARE_SIGNATURE_FORMAT,
      sha256: IMAGE_SHA,
      size_bytes: 2048,
      key_id: 'fedcba9876543210',
      signature: `${'A'.repeat(86)}==`,
    },
    null,
    spaces,
  );
}

/** An upload the test finishes by hand, after saying how far it got. */
class FakeUpload {
  static last: FakeUpload | undefined;
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(data: unknown) {
    this.status = 200;
    this.responseText = JSON.stringify({ code: 1, msg: '0000', data });
    this.onload?.();
  }
}

function catalogueApi(files = [fileItem()]) {
  let list = files;
  const api = fakeApi()
    .answer(firmware.seriesList, { list: [SERIES] })
    .answer(firmware.modelList, { list: [MODEL] })
    .answer(firmware.fileList, () => ({ total: list.length, list }));
  return {
    api,
    publishAs: (item: ReturnType<typeof fileItem>) => {
      list = [item, ...list];
    },
  };
}

describe('the firmware catalogue', () => {
  it('publishes a signed image: upload progress, signature read, a refusal under the signature, then the new file listed', async () => {
    const { api, publishAs } = catalogueApi();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { user } = renderScreen(<FirmwareCatalogueRoute />);
    expect(await screen.findByTestId('firmware-file-9')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('firmware-publish-open') as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByTestId('firmware-publish-open'));
    const dialog = await screen.findByTestId('firmware-publish-dialog');

    // the image is uploaded as soon as it is chosen, with the API client's headers
    await user.upload(within(dialog).getByLabelText('Firmware image'), IMAGE);
    const upload = await waitFor(() => {
      if (!FakeUpload.last) throw new Error('not sent');
      return FakeUpload.last;
    });
    expect(upload.url).toMatch(/api\/firmware\/file\/upload$/);
    expect(upload.headers.Token).toBe('test-token');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    upload.progress(1024, 2048);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload of the firmware image' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    upload.answer({ upload_id: UPLOAD_ID, file_name: IMAGE.name, size_bytes: 2048, sha256: IMAGE_SHA });
    const staged = await within(dialog).findByTestId('firmware-publish-staged');
    expect(staged.textContent).toContain(IMAGE_SHA);
    expect(staged.textContent).toContain('2 KB');
    // the name starts as the image's
    expect((within(dialog).getByLabelText('Firmware name') as HTMLInputElement).value).toBe('hx6k-arm-2.2.0');

    // the signature file is read in the browser and names its key
    await user.upload(
      within(dialog).getByLabelText('Signature file'),
      new File([signatureText()], 'hx6k.sig'),
    );
    expect((await within(dialog).findByTestId('firmware-publish-key')).textContent).toContain(
      'fedcba9876543210',
    );

    await chooseOption(user, within(dialog).getByLabelText('Device model'), 'HX6K (HX hybrid)');
    // the part, from the model's parts (its options' values are their names: the drawn option is clicked)
    const part = within(dialog).getByLabelText('Target part') as HTMLInputElement;
    await waitFor(() => expect(part.disabled).toBe(false));
    await user.click(part);
    const arm = await waitFor(() => {
      const option = document.querySelector<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="ARM"]',
      );
      if (!option) throw new Error('no ARM option');
      return option;
    });
    await user.click(arm);
    await waitFor(() => expect(part.closest('.ant-form-item')?.textContent).toContain('ARM'));
    await user.type(within(dialog).getByLabelText('Version'), 'V2.2.0');
    await user.type(within(dialog).getByLabelText('Release notes in English'), 'Faster grid reconnection');
    await expectAccessible(document.body, 'the publish dialog');

    // the portal does not trust the key: said under the signature file
    api.answer(firmware.fileAdd, {
      refuse: '200005',
      issues: [{ path: 'signature', message: 'validation.firmwareKeyUnknown' }],
    });
    await user.click(screen.getByTestId('firmware-publish-submit'));
    const signatureItem = within(dialog)
      .getByLabelText('Signature file')
      .closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(signatureItem.textContent).toContain('a key this portal does not trust'));
    const [refused] = api.sent(firmware.fileAdd);
    expect(refused?.body).toEqual({
      upload_id: UPLOAD_ID,
      model_id: 2,
      part: 'ARM',
      name: 'hx6k-arm-2.2.0',
      version: 'V2.2.0',
      notes: { en: 'Faster grid reconnection' },
      signature: signatureText(),
    });

    // another signature file: published, the dialog closes and the list shows it
    api.answer(firmware.fileAdd, () => {
      publishAs(fileItem({ file_id: 10, name: 'hx6k-arm-2.2.0', version: 'V2.2.0', sha256: IMAGE_SHA }));
      return { file_id: 10 };
    });
    await user.upload(
      within(dialog).getByLabelText('Signature file'),
      new File([signatureText(2)], 'hx6k.sig'),
    );
    await waitFor(() => expect(signatureItem.textContent).not.toContain('does not trust'));
    await user.click(screen.getByTestId('firmware-publish-submit'));
    await waitFor(() => expect(api.sent(firmware.fileAdd)).toHaveLength(2));
    expect(api.sent(firmware.fileAdd)[1]?.body.signature).toBe(signatureText(2));
    const published = await screen.findByTestId('firmware-file-10');
    expect(published.textContent).toContain('V2.2.0');
    expect(published.textContent).toContain(IMAGE_SHA.slice(0, 12));
    await waitFor(() => expect(screen.queryByTestId('firmware-publish-dialog')).toBeNull());
  });

  it('refuses a signature file of another image before sending it', async () => {
    const { api } = catalogueApi();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { user } = renderScreen(<FirmwareCatalogueRoute />);
    await waitFor(() =>
      expect((screen.getByTestId('firmware-publish-open') as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByTestId('firmware-publish-open'));
    const dialog = await screen.findByTestId('firmware-publish-dialog');
    await user.upload(within(dialog).getByLabelText('Firmware image'), IMAGE);
    await waitFor(() => expect(FakeUpload.last?.body).toBeTruthy());
    FakeUpload.last?.answer({
      upload_id: UPLOAD_ID,
      file_name: IMAGE.name,
      size_bytes: 4096,
      sha256: IMAGE_SHA,
    });
    await within(dialog).findByTestId('firmware-publish-staged');
    await user.upload(
      within(dialog).getByLabelText('Signature file'),
      new File([signatureText()], 'other.sig'),
    );
    await user.click(screen.getByTestId('firmware-publish-submit'));
    const signatureItem = within(dialog)
      .getByLabelText('Signature file')
      .closest('.ant-form-item') as HTMLElement;
    await waitFor(() =>
      expect(signatureItem.textContent).toContain('The image is not the one that was signed'),
    );
    expect(api.sent(firmware.fileAdd)).toHaveLength(0);
  });

  it('says under the name that a series exists (7000) and deletes one after a question', async () => {
    const { api } = catalogueApi();
    api.answer(firmware.seriesAdd, { refuse: '7000' }).answer(firmware.seriesDel, { refuse: '7001' });
    const { user } = renderScreen(<FirmwareCatalogueRoute />);
    const series = await screen.findByTestId('firmware-series');
    await user.type(within(series).getByLabelText('New series'), 'HX hybrid{Enter}');
    await waitFor(() => expect(series.textContent).toContain('This series already exists.'));
    expect(api.sent(firmware.seriesAdd)[0]?.body).toEqual({ name: 'HX hybrid' });

    await user.click(await within(series).findByRole('button', { name: 'Delete HX hybrid' }));
    await user.click(await screen.findByTestId('firmware-series-confirm-ok'));
    expect((await screen.findByTestId('firmware-series-confirm-failure')).textContent).toContain(
      'already bound to a model',
    );
  });

  it('shows the catalogue’s refusal to any account but the operator', async () => {
    fakeApi()
      .answer(firmware.seriesList, { refuse: '9001' })
      .answer(firmware.modelList, { refuse: '9001' })
      .answer(firmware.fileList, { refuse: '9001' });
    renderScreen(<FirmwareCatalogueRoute />);
    await waitFor(() => expect(screen.getAllByTestId('firmware-refused')).toHaveLength(3));
    expect(screen.getAllByTestId('firmware-refused')[0]?.textContent).toContain(
      'You do not have permission to do this.',
    );
  });
});
