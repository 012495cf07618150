import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ImageVariants } from './image-variants.js';
import { MediaLibraryAdminController } from './media-library.admin.controller.js';
import { MediaLibrary } from './media-library.service.js';
import { CkeditorErrorsFilter, UploaderErrorsFilter } from './upload-errors.filter.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [
    // In memory (files are small and checked before anything is written), one file per request.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 10, parts: 12 },
        // Browsers send the file name in UTF-8 (a Chinese name would otherwise be read as Latin-1): the media
        // library lists pictures by it.
        defParamCharset: 'utf8',
      }),
    }),
  ],
  controllers: [UploadsController, MediaLibraryAdminController],
  providers: [UploadsService, ImageVariants, MediaLibrary, UploaderErrorsFilter, CkeditorErrorsFilter],
  exports: [ImageVariants],
})
export class UploadsModule {}
