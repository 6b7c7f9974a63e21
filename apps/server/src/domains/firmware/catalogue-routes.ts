import { type DeviceType, firmware } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { CatalogueService } from './catalogue-service.ts';

/** The catalogue's calls and the image upload: each hands its body to the service, which checks the operator. */
export function catalogueRoutes(calls: CallRegistry, service: CatalogueService): void {
  calls.handle(firmware.seriesList, ({ caller }) => service.listSeries(caller));
  calls.handle(firmware.seriesAdd, ({ body, caller }) => service.addSeries(caller, body.name));
  calls.handle(firmware.seriesDel, ({ body, caller }) => service.deleteSeries(caller, body.series_id));

  calls.handle(firmware.modelList, ({ body, caller }) => service.listModels(caller, body.series_id));
  calls.handle(firmware.modelAdd, ({ body, caller }) =>
    service.addModel(caller, {
      seriesId: body.series_id,
      name: body.name,
      // the contract checks it is one of `deviceTypes`
      deviceType: body.device_type as DeviceType,
      parts: body.parts,
    }),
  );
  calls.handle(firmware.modelDel, ({ body, caller }) => service.deleteModel(caller, body.model_id));

  calls.handle(firmware.fileList, ({ body, caller }) =>
    service.listFiles(caller, body.model_id, body.page, body.page_size),
  );
  calls.streamUpload(firmware.fileUpload, ({ file, fileName, caller }) =>
    service.stageUpload(caller, fileName, file),
  );
  calls.handle(firmware.fileAdd, ({ body, caller }) =>
    service.addFile(caller, {
      uploadId: body.upload_id,
      modelId: body.model_id,
      part: body.part,
      name: body.name,
      version: body.version,
      minVersion: body.min_version,
      notes: body.notes,
      signature: body.signature,
    }),
  );
  calls.handle(firmware.fileDel, ({ body, caller }) => service.deleteFile(caller, body.file_id));
}
