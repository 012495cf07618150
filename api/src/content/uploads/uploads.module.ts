import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ImageVariants } from './image-variants.js';
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
      }),
    }),
  ],
  controllers: [UploadsController],
  providers: [UploadsService, ImageVariants, UploaderErrorsFilter, CkeditorErrorsFilter],
  exports: [ImageVariants],
})
export class UploadsModule {}
